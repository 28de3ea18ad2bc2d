import { LIMITS } from '@org/model';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { MemoryCounterStore } from './counter-store.js';
import { DEFAULT_LIMITS, RateLimiter } from './limiter.js';

/**
 * The rate-limit windows with an injected clock (no sleeps): json-api-v3.md section 7 ("a new call
 * is possible after a few seconds"), section 8 (5000 a day) and what the API adds to them (the UTC
 * day, 50 per 10 s).
 */

const at = (iso: string) => Date.parse(iso);

/** A limiter on a fresh in-memory store: the default limits, but for the ones a test sets. */
const limiterWith = (limits: Partial<typeof DEFAULT_LIMITS>) =>
  new RateLimiter(new MemoryCounterStore(), { ...DEFAULT_LIMITS, ...limits });

const throttledBy = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('rate limiter', () => {
  it('defaults to the described limits: 5000 a day (section 8), 50 per 10 s', () => {
    expect(DEFAULT_LIMITS.daily).toBe(5000);
    expect(DEFAULT_LIMITS.burst).toEqual({ requests: 50, windowSeconds: 10 });
    expect(DEFAULT_LIMITS.daily).toBe(LIMITS.dailyRequests);
  });

  it('burst: a new call is possible once the window has passed, a few seconds later (section 7)', async () => {
    const limiter = limiterWith({ burst: { requests: 2, windowSeconds: 10 } });
    const start = at('2024-05-01T10:00:03Z');
    await limiter.hit('o1', 'contacts', undefined, start);
    await limiter.hit('o1', 'contacts', undefined, start + 1000);
    const error = await throttledBy(limiter.hit('o1', 'contacts', undefined, start + 2000));
    expect(error.status).toBe(429);
    expect(error.code).toBe('throttled');
    expect(error.headers['Retry-After']).toBe('5'); // the window 10:00:00-10:00:10 ends in 5 s
    expect(error.detail).toContain('Expected available in 5 seconds');
    // Another group and another organization still pass within the window.
    await limiter.hit('o1', 'operators', undefined, start + 2000);
    await limiter.hit('o2', 'contacts', undefined, start + 2000);
    // After Retry-After seconds the next call passes.
    const headers = await limiter.hit('o1', 'contacts', undefined, start + 7000);
    expect(headers['X-RateLimit-Remaining']).toBe('1');
  });

  it('daily: the window is the UTC day; Retry-After points at UTC midnight', async () => {
    const limiter = limiterWith({ daily: 2, burst: { requests: 1000, windowSeconds: 10 } });
    const first = await limiter.hit('o1', 'conversations', undefined, at('2024-05-01T00:00:00Z'));
    expect(first).toEqual({
      'X-RateLimit-Limit': '2',
      'X-RateLimit-Remaining': '1',
      'X-RateLimit-Reset': '86400',
    });
    await limiter.hit('o1', 'conversations', undefined, at('2024-05-01T12:00:00Z'));
    const error = await throttledBy(
      limiter.hit('o1', 'conversations', undefined, at('2024-05-01T23:59:59Z')),
    );
    expect(error.headers).toMatchObject({
      'Retry-After': '1',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1',
    });
    expect(error.detail).toMatch(/daily limit of 2 requests for conversations/);
    const nextDay = await limiter.hit('o1', 'conversations', undefined, at('2024-05-02T00:00:00Z'));
    expect(nextDay['X-RateLimit-Remaining']).toBe('1');
  });

  it('reports the counter closest to its limit', async () => {
    const limiter = limiterWith({ daily: 100, burst: { requests: 3, windowSeconds: 60 } });
    const now = at('2024-05-01T08:00:00Z');
    const headers = await limiter.hit('o1', 'navigation', undefined, now);
    expect(headers).toEqual({
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '2',
      'X-RateLimit-Reset': '60',
    });
  });
});
