import { describe, expect, it, vi } from 'vitest';
import { CountCache } from './count-cache.js';
import { MemoCache } from './memo-cache.js';

describe('MemoCache', () => {
  it('drops the least recently used key past max, not everything', async () => {
    const cache = new MemoCache<number, number>({ max: 3 });
    const load = vi.fn(async (n: number) => n * 10);
    for (const n of [1, 2, 3]) await cache.get(n, () => load(n));
    await cache.get(1, () => load(1)); // 1 is now the most recently used
    await cache.get(4, () => load(4)); // evicts 2
    expect(cache.size).toBe(3);
    load.mockClear();
    for (const n of [1, 3, 4]) await cache.get(n, () => load(n));
    expect(load).not.toHaveBeenCalled();
    await cache.get(2, () => load(2));
    expect(load).toHaveBeenCalledOnce();
  });

  it('shares one load between concurrent callers and forgets a failed one', async () => {
    const cache = new MemoCache<string, number>({ max: 10, ttlMs: 60_000 });
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('down'));
    };
    const [a, b] = [cache.get('k', failing), cache.get('k', failing)];
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(calls).toBe(1);
    expect(await cache.get('k', async () => 7)).toBe(7);
    expect(await cache.get('k', async () => 8)).toBe(7);
  });

  it('keeps nothing with ttl 0, and keeps chosen values shorter (ttlOf)', async () => {
    const cache = new MemoCache<string, number | null>({
      max: 10,
      ttlMs: 60_000,
      ttlOf: (v) => (v === null ? 30 : undefined),
    });
    expect(await cache.get('miss', async () => null)).toBeNull();
    expect(await cache.get('miss', async () => 1)).toBeNull(); // kept briefly
    await vi.waitFor(async () => expect(await cache.get('miss', async () => 2)).toBe(2), { interval: 10 });
    cache.ttlMs = 0;
    let calls = 0;
    const load = async () => ++calls;
    await Promise.all([cache.get('x', load), cache.get('x', load)]);
    expect(calls).toBe(2);
  });
});

describe('CountCache', () => {
  it('caches per key within its ttl and not at all at ttl 0', async () => {
    const counts = new CountCache(60_000);
    let n = 0;
    const count = async () => ++n;
    expect(await counts.get('a', count)).toBe(1);
    expect(await counts.get('a', count)).toBe(1);
    counts.clear();
    expect(await counts.get('a', count)).toBe(2);
    counts.ttlMs = 0;
    expect(await counts.get('a', count)).toBe(3);
    expect(await counts.get('b', count)).toBe(4);
    expect(counts.size).toBe(1); // only 'a' from before ttl 0
  });
});
