import * as z from 'zod/v4';
import { decided } from './decisions.js';
import { LIMITS } from './limits.js';
import { wholeNumbersUpTo } from './number-pattern.js';
import { doc } from './openapi-meta.js';
import {
  ANALYTICS_TIME,
  isAnalyticsTime,
  isRealInstant,
  isV3Timestamp,
  V3_TIMESTAMP,
} from './refinements.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The same check on the groups of a date or date-time pattern. */
const isRealDateTime = (m: RegExpExecArray | null): boolean =>
  !!m &&
  isRealInstant(
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );

/** Every v3 timestamp is UTC with six fractional digits and a trailing Z. */
export const TimestampSchema = doc(
  z.string().refine(isV3Timestamp, {
    message: 'Expected a UTC timestamp of the form YYYY-MM-DDTHH:MM:SS.ffffffZ.',
  }),
  {
    type: 'string',
    format: 'date-time',
    pattern: V3_TIMESTAMP.source,
    example: '2024-03-14T09:26:53.589793Z',
    ...decided('D15'),
  },
);

/** Analytics data point time: UTC, seconds, no zone suffix. */
export const AnalyticsTimeSchema = doc(
  z.string().refine(isAnalyticsTime, {
    message: 'Expected a UTC time of the form YYYY-mm-ddTHH:MM:SS.',
  }),
  { type: 'string', pattern: ANALYTICS_TIME.source, example: '2024-03-14T09:26:53' },
);

export const IdSchema = z.number().int().positive().max(LIMITS.maxId);
/** An id in a string parameter: 1 to LIMITS.maxId, no sign or leading zero (a regex source, unanchored). */
export const ID_DIGITS = wholeNumbersUpTo(LIMITS.maxId);
export const UuidSchema = z.string().uuid();
export const UrlSchema = z.string().url();

/**
 * A string of a request body that the database indexes (names, emails, phone numbers,
 * identifiers, topic texts); longer values answer 400 rather than a database fault.
 */
export const ShortStringSchema = z.string().max(LIMITS.maxStringLength, {
  message: `Ensure this field has no more than ${LIMITS.maxStringLength} characters.`,
});

/** Free text of a request body (note bodies): not indexed, so longer than ShortStringSchema. */
export const TextSchema = z.string().max(LIMITS.maxTextLength, {
  message: `Ensure this field has no more than ${LIMITS.maxTextLength} characters.`,
});

/**
 * An email address is one `@` with no whitespace and something on either side. The document
 * states the same pattern (not `format: email`, whose validators disagree with each other), so a
 * request the document admits is a request the server accepts. Deliverability is not checked.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const EmailSchema = doc(
  ShortStringSchema.regex(EMAIL_PATTERN, 'Enter a valid email address (one @, no spaces).'),
  {
    type: 'string',
    pattern: EMAIL_PATTERN.source,
    maxLength: LIMITS.maxStringLength,
    description: 'An email address: one @, no whitespace (D28).',
    example: 'lena.hoffmann@example.org',
    ...decided('D28'),
  },
);

/** Renders a Date the way every v3 record does; JS dates carry milliseconds, so pad to micro. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/Z$/, '000Z');
}

/** Renders a Date the way analytics data points do. */
export function formatAnalyticsTime(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** Parses `YYYY-mm-dd` into the UTC midnight it names, or undefined when it is not a real date. */
export function parseDate(value: string): Date | undefined {
  const m = DATE.exec(value);
  return isRealDateTime(m) ? new Date(`${value}T00:00:00Z`) : undefined;
}

/**
 * Parses the ISO 8601 forms a filter accepts: a date, or a date-time with optional seconds,
 * fraction and zone; without a zone the time is UTC.
 */
export function parseInstant(value: string): Date | undefined {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      value,
    );
  if (!isRealDateTime(m) || !m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const ms = frac ? frac.slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(
    `${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`,
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export const ANALYTICS_TIME_PATTERN = ANALYTICS_TIME;
export const DATE_PATTERN = DATE;

/** An instant as the API writes it, e.g. `2024-03-14T09:26:53.589793Z`. */
export type Timestamp = z.infer<typeof TimestampSchema>;
/** An analytics point's time (UTC, without zone). */
export type AnalyticsTime = z.infer<typeof AnalyticsTimeSchema>;
