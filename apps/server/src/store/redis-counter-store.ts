import { Redis } from 'ioredis';
import type { CounterStore } from '../core/rate-limit/counter-store.js';

/** Counters in Redis: INCR + EXPIRE in one MULTI, so two instances count each request exactly once. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'um:rl:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async increment(keys: ReadonlyArray<{ key: string; ttlSeconds: number }>): Promise<number[]> {
    const multi = this.redis.multi();
    for (const { key, ttlSeconds } of keys) {
      multi.incr(this.prefix + key);
      multi.expire(this.prefix + key, ttlSeconds, 'NX');
    }
    const results = (await multi.exec()) ?? [];
    return keys.map((_, i) => {
      const [error, value] = results[i * 2] ?? [new Error('no reply'), 0];
      if (error) throw error;
      return Number(value);
    });
  }

  /** Deletes this prefix's counters (SCAN, not KEYS: Redis keeps serving meanwhile). */
  async clear() {
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
