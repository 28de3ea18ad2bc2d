import type { Clock } from './core/clock.js';
import { type CounterStore, MemoryCounterStore } from './core/rate-limit/counter-store.js';
import { DEFAULT_LIMITS, RateLimiter, type RateLimits } from './core/rate-limit/limiter.js';

/** Scales every limit (`rateLimits` option); 'off' lifts them all. */
function scaleLimits(limits: RateLimits, scale: 'off' | number | undefined): RateLimits {
  if (scale === undefined) return limits;
  const factor = scale === 'off' ? Number.MAX_SAFE_INTEGER / limits.daily : scale;
  const times = (n: number) => Math.max(1, Math.min(Number.MAX_SAFE_INTEGER, Math.round(n * factor)));
  return {
    daily: times(limits.daily),
    burst: { requests: times(limits.burst.requests), windowSeconds: limits.burst.windowSeconds },
    analyticsPerMinute: times(limits.analyticsPerMinute),
  };
}

/** Where the rate-limit counters are kept: Redis when a URL is given, else this instance's memory. */
export async function connectCounters(
  redisUrl: string | undefined,
  redisKeyPrefix: string | undefined,
): Promise<CounterStore> {
  // ioredis loads only when asked for.
  const redis = redisUrl
    ? new (await import('./store/redis-counter-store.js')).RedisCounterStore(redisUrl, redisKeyPrefix)
    : undefined;
  // Shared counters from the first request on; while Redis is down, per instance, so requests are
  // still served.
  await redis?.ready();
  return redis ?? new MemoryCounterStore();
}

/**
 * The API's limits, with those the start overrode (`limits`) and all of them scaled (`rateLimits`),
 * counted in `counters` on the server's clock (which the sandbox may have set).
 */
export function buildRateLimiter(
  counters: CounterStore,
  clock: Clock,
  limits: Partial<RateLimits> | undefined,
  scale: 'off' | number | undefined,
): RateLimiter {
  return new RateLimiter(counters, scaleLimits({ ...DEFAULT_LIMITS, ...limits }, scale), () => clock.now());
}
