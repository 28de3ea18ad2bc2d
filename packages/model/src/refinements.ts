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

/** The number written by the digits of `text` from `from` to `to`. */
const digitsAt = (text: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
};

/** A string that matched `YYYY-MM-DDTHH:MM:SS…` names a real instant (no match array to build). */
const isRealAtFixedOffsets = (v: string): boolean =>
  isRealInstant(
    digitsAt(v, 0, 4),
    digitsAt(v, 5, 7),
    digitsAt(v, 8, 10),
    digitsAt(v, 11, 13),
    digitsAt(v, 14, 16),
    digitsAt(v, 17, 19),
  );

/** A v3 timestamp, UTC with six fractional digits and a trailing Z, on a real calendar day. */
export function isV3Timestamp(v: string): boolean {
  return V3_TIMESTAMP.test(v) && isRealAtFixedOffsets(v);
}

/** An analytics data point's time: UTC, seconds, no zone suffix, on a real calendar day. */
export function isAnalyticsTime(v: string): boolean {
  return ANALYTICS_TIME.test(v) && isRealAtFixedOffsets(v);
}

const COUNTRY_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);

/** A two-letter ISO 3166-1 country code. */
export function isCountryCode(c: string): boolean {
  return COUNTRY_SET.has(c);
}
