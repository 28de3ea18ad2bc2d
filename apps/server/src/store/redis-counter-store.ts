import { Redis, type Result } from 'ioredis';
import { type CounterStore, MemoryCounterStore } from '../core/rate-limit/counter-store.js';

/** How long a Redis connection attempt or command may take before the fallback counts (ms). */
const REDIS_TIMEOUT_MS = 1_000;

/** INCR each key (KEYS), and give a new one its window (ARGV: seconds), atomically: one round trip. */
const INCREMENT_COUNTERS = `
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[i], 'NX')
end
return counts`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    incrementCounters(
      numberOfKeys: number,
      ...keysAndTtls: Array<string | number>
    ): Result<number[], Context>;
  }
}

/**
 * Counters in Redis: INCR + EXPIRE of every counter of a request in one Lua script call, so two
 * instances count each request exactly once.
 * While Redis does not answer, requests are counted by this instance alone (in process), with
 * one warning per outage (process.emitWarning, code UM_REDIS_UNAVAILABLE); ioredis reconnects by
 * itself, and counting goes back to Redis once it is ready again. A reference server keeps serving
 * rather than failing with 503; the limits then hold per instance.
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  private readonly fallback = new MemoryCounterStore();
  private down = false;
  private readonly firstConnect: Promise<void>;

  constructor(
    url: string,
    private readonly prefix = 'um:rl:',
  ) {
    this.redis = new Redis(url, {
      // Fail fast while disconnected (the fallback counts) instead of queueing requests.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: REDIS_TIMEOUT_MS,
      commandTimeout: REDIS_TIMEOUT_MS,
      // Reconnect forever, at most a second apart.
      retryStrategy: (times) => Math.min(times * 50, 1_000),
    });
    this.redis.defineCommand('incrementCounters', { lua: INCREMENT_COUNTERS });
    // Connection errors surface as failed commands; without a listener ioredis prints each one.
    this.redis.on('error', () => undefined);
    this.redis.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      process.emitWarning('Redis is back: rate-limit counters are shared again.', {
        code: 'UM_REDIS_RESTORED',
      });
    });
    this.firstConnect = new Promise<void>((resolve) => {
      this.redis.once('ready', resolve);
      setTimeout(resolve, REDIS_TIMEOUT_MS * 2).unref();
    });
  }

  /** Resolves once connected, or after a bounded wait (requests are then counted in process). */
  ready(): Promise<void> {
    return this.firstConnect;
  }

  async increment(keys: ReadonlyArray<{ key: string; ttlSeconds: number }>): Promise<number[]> {
    try {
      const counts = await this.incrementInRedis(keys);
      return counts;
    } catch (error) {
      if (!this.down) {
        this.down = true;
        process.emitWarning(
          `Redis unavailable (${(error as Error).message}): counting rate limits per instance until it is back.`,
          { code: 'UM_REDIS_UNAVAILABLE' },
        );
      }
      return this.fallback.increment(keys);
    }
  }

  private async incrementInRedis(keys: ReadonlyArray<{ key: string; ttlSeconds: number }>) {
    // One script call (EVALSHA; ioredis loads the script when Redis does not know it yet).
    const counts = await this.redis.incrementCounters(
      keys.length,
      ...keys.map(({ key }) => this.prefix + key),
      ...keys.map(({ ttlSeconds }) => ttlSeconds),
    );
    return counts.map(Number);
  }

  /** Deletes this prefix's counters (SCAN, not KEYS: Redis keeps serving meanwhile), and the fallback's. */
  async clear() {
    await this.fallback.clear();
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 1000);
      if (keys.length) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
