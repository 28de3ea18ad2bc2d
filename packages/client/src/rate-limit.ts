import { RATE_LIMIT_HEADER_NAMES as H } from '@org/model';

/** The rate-limit headers of a response, as numbers. */
export interface RateLimitInfo {
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the counter's window resets. */
  readonly reset: number;
}

const intHeader = (headers: Headers, name: string): number | undefined => {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
};

/** X-RateLimit-Limit / -Remaining / -Reset, or undefined when any is missing. */
export function rateLimitOf(headers: Headers): RateLimitInfo | undefined {
  const limit = intHeader(headers, H.limit);
  const remaining = intHeader(headers, H.remaining);
  const reset = intHeader(headers, H.reset);
  return limit === undefined || remaining === undefined || reset === undefined
    ? undefined
    : { limit, remaining, reset };
}

/** Retry-After in seconds: delta-seconds or an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function retryAfterSecondsOf(headers: Headers, now: number = Date.now()): number | undefined {
  const raw = headers.get(H.retryAfter);
  if (raw === null) return undefined;
  const trimmed = raw.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
