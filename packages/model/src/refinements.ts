import { ISO_COUNTRY_CODES } from './countries.js';

/**
 * The predicates behind the model's refinements, without zod: the classic schemas refine with
 * them, and the generated `@org/model/mini` schemas import the same functions, since a generated
 * file cannot copy a closure.
 */

export const V3_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
export const ANALYTICS_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when Y-M-D h:m:s name a real calendar instant (rejects 2023-02-30, 25:00). Plain arithmetic
 * rather than a Date: every timestamp of every parsed response goes through here, so it must be cheap. Years below
 * 100 are rejected, as a Date would misread them as 19xx.
 */
export function isRealInstant(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= DAYS_IN_MONTH[mo - 1]! + (leap ? 1 : 0) && h < 24 && mi < 60 && s < 60;
}

/**
 * The digit at `i` of `v` as a number, or -100,000 for any other character: a field of up to four
 * digits with a non-digit in it sums to a negative number, which every field check below rejects.
 */
const digitAt = (v: string, i: number): number => {
  const d = v.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -100_000;
};

/**
 * `YYYY-MM-DDTHH:MM:SS` at the start of `v` (its separators already checked) names a real instant.
 * The character codes are read once, with no regular expression and no match array: every timestamp
 * of every validated response passes here (a page of 100 conversations holds 1,000).
 */
const isRealDateTimeAt = (v: string): boolean => {
  const y = digitAt(v, 0) * 1000 + digitAt(v, 1) * 100 + digitAt(v, 2) * 10 + digitAt(v, 3);
  const mo = digitAt(v, 5) * 10 + digitAt(v, 6);
  const d = digitAt(v, 8) * 10 + digitAt(v, 9);
  const h = digitAt(v, 11) * 10 + digitAt(v, 12);
  const mi = digitAt(v, 14) * 10 + digitAt(v, 15);
  const s = digitAt(v, 17) * 10 + digitAt(v, 18);
  return h >= 0 && mi >= 0 && s >= 0 && isRealInstant(y, mo, d, h, mi, s);
};

/** `-`, `-`, `T`, `:`, `:` at 4, 7, 10, 13 and 16: the separators of `YYYY-MM-DDTHH:MM:SS`. */
const hasDateTimeSeparators = (v: string): boolean =>
  v.charCodeAt(4) === 45 &&
  v.charCodeAt(7) === 45 &&
  v.charCodeAt(10) === 84 &&
  v.charCodeAt(13) === 58 &&
  v.charCodeAt(16) === 58;

/**
 * A v3 timestamp, UTC with six fractional digits and a trailing Z, on a real calendar day: what
 * V3_TIMESTAMP matches, on a real instant, checked character by character.
 */
export function isV3Timestamp(v: string): boolean {
  if (v.length !== 27 || !hasDateTimeSeparators(v) || v.charCodeAt(19) !== 46 || v.charCodeAt(26) !== 90)
    return false;
  for (let i = 20; i < 26; i++) if (digitAt(v, i) < 0) return false;
  return isRealDateTimeAt(v);
}

/** An analytics data point's time: UTC, seconds, no zone suffix, on a real calendar day (ANALYTICS_TIME). */
export function isAnalyticsTime(v: string): boolean {
  return v.length === 19 && hasDateTimeSeparators(v) && isRealDateTimeAt(v);
}

const COUNTRY_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);

/** A two-letter ISO 3166-1 country code. */
export function isCountryCode(c: string): boolean {
  return COUNTRY_SET.has(c);
}
