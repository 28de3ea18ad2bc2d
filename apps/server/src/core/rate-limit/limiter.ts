import { RATE_LIMIT_HEADER_NAMES as H, LIMITS, type RateLimitGroup } from '@org/model';
import { ApiError } from '../api-error.js';
import type { CounterStore } from './counter-store.js';

export interface RateLimits {
  daily: number;
  burst: { requests: number; windowSeconds: number };
  analyticsPerMinute: number;
}

export const DEFAULT_LIMITS: RateLimits = {
  daily: LIMITS.dailyRequests,
  burst: { ...LIMITS.burst },
  analyticsPerMinute: LIMITS.analyticsPerMinute,
};

interface Counter {
  key: string;
  limit: number;
  windowSeconds: number;
  /** Seconds until this window resets. */
  resetIn: number;
  name: string;
}

const DAY = 86_400;

/** The counters a request adds to: daily + burst per organization and group, or per-metric analytics. */
function countersFor(
  limits: RateLimits,
  scope: string,
  group: RateLimitGroup,
  metric: string | undefined,
  now: number,
) {
  const seconds = Math.floor(now / 1000);
  if (group === 'analytics') {
    const minute = Math.floor(seconds / 60);
    return [
      {
        key: `a:${scope}:${metric}:${minute}`,
        limit: limits.analyticsPerMinute,
        windowSeconds: 60,
        resetIn: 60 - (seconds % 60),
        name: `${limits.analyticsPerMinute} requests per minute for ${metric}`,
      },
    ];
  }
  const day = Math.floor(seconds / DAY);
  const burstWindow = Math.floor(seconds / limits.burst.windowSeconds);
  return [
    {
      key: `d:${scope}:${group}:${day}`,
      limit: limits.daily,
      windowSeconds: DAY,
      resetIn: DAY - (seconds % DAY),
      name: `daily limit of ${limits.daily} requests for ${group}`,
    },
    {
      key: `b:${scope}:${group}:${burstWindow}`,
      limit: limits.burst.requests,
      windowSeconds: limits.burst.windowSeconds,
      resetIn: limits.burst.windowSeconds - (seconds % limits.burst.windowSeconds),
      name: `burst limit of ${limits.burst.requests} requests per ${limits.burst.windowSeconds} s for ${group}`,
    },
  ] satisfies Counter[];
}

/** Counts a request; returns the rate-limit headers, or throws 429 with Retry-After. */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    readonly limits: RateLimits = DEFAULT_LIMITS,
    /** The server's clock (the sandbox may set it): its day and windows are the counters' windows. */
    private readonly clock: () => number = Date.now,
  ) {}

  async hit(
    scope: string,
    group: RateLimitGroup,
    metric?: string,
    now = this.clock(),
  ): Promise<Record<string, string>> {
    const counters = countersFor(this.limits, scope, group, metric, now);
    const counts = await this.store.increment(
      counters.map((c) => ({ key: c.key, ttlSeconds: c.windowSeconds + 1 })),
    );
    // Report the counter closest to its limit; an exceeded one decides the 429.
    let worst = 0;
    for (let i = 1; i < counters.length; i++)
      if (counters[i]!.limit - counts[i]! < counters[worst]!.limit - counts[worst]!) worst = i;
    const counter = counters[worst]!;
    const count = counts[worst]!;
    const headers = {
      [H.limit]: String(counter.limit),
      [H.remaining]: String(Math.max(0, counter.limit - count)),
      [H.reset]: String(counter.resetIn),
    };
    if (count > counter.limit)
      throw new ApiError(
        'throttled',
        `Request was throttled (${counter.name}). Expected available in ${counter.resetIn} seconds.`,
        undefined,
        { ...headers, [H.retryAfter]: String(counter.resetIn) },
      );
    return headers;
  }

  /** Forgets every count: each counter starts again (a sandbox reset). */
  reset() {
    return this.store.clear();
  }

  close() {
    return this.store.close();
  }
}
