import { LRUCache } from 'lru-cache';

export interface MemoCacheOptions<V> {
  /** Most keys kept; beyond it the least recently used goes (not the whole cache). */
  max: number;
  /** How long a value is kept, in ms; 0 keeps nothing; undefined keeps it until evicted or cleared. */
  ttlMs?: number;
  /** A shorter keep time for some values once loaded (e.g. misses); 0 drops them at once. */
  ttlOf?: (value: V) => number | undefined;
}

/**
 * Values loaded once per key and kept in a bounded LRU (lru-cache). Concurrent loads of one key
 * share one promise; a failed load is not kept, so the next caller loads again.
 */
export class MemoCache<K extends {}, V> {
  private readonly lru: LRUCache<K, Promise<V>>;
  /** Changeable at run time (e.g. counts while change notifications are down); applies to new entries. */
  ttlMs: number | undefined;
  private readonly ttlOf: ((value: V) => number | undefined) | undefined;

  constructor(options: MemoCacheOptions<V>) {
    this.lru = new LRUCache({ max: options.max });
    this.ttlMs = options.ttlMs;
    this.ttlOf = options.ttlOf;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const ttl = this.ttlMs;
    // Keeping nothing also shares nothing: a load begun before a write must not answer after it.
    if (ttl === 0) return load();
    const hit = this.lru.get(key);
    if (hit) return hit;
    const pending = load();
    // lru-cache: a per-entry ttl of 0 means no expiry.
    this.lru.set(key, pending, { ttl: ttl ?? 0 });
    pending.then(
      (value) => {
        const keep = this.ttlOf?.(value);
        if (keep === undefined || this.lru.peek(key) !== pending) return;
        if (keep <= 0) this.lru.delete(key);
        else this.lru.set(key, pending, { ttl: Math.min(keep, ttl ?? keep) });
      },
      () => {
        if (this.lru.peek(key) === pending) this.lru.delete(key);
      },
    );
    return pending;
  }

  clear() {
    // lru-cache's clear() refills its arrays of `max` slots whatever it holds; every write clears
    // the counts (twice: at once and on its notification), mostly when they are empty already.
    if (this.lru.size > 0) this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}
