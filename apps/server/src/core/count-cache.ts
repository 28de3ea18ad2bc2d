import { MemoCache } from './memo-cache.js';

/**
 * Exact counts of offset pages, and the rows (ids and versions) of offset pages, cached per query
 * (organization + filters, and the page) so that paging through a large result does not count it
 * again on every page, and a page asked again is not selected again (docs/architecture.md, Speed).
 * Concurrent requests for the same count share one query; a failed count is not remembered. Any
 * write clears the cache: through this instance at once, through another when its change
 * notification arrives (server.ts); `ttlMs` bounds how long a count can be kept when notifications
 * are not available, and 0 keeps none (while the LISTEN connection is down). Bounded: past
 * `maxEntries` the least recently used goes.
 */
export class CountCache {
  private readonly memo: MemoCache<string, unknown>;
  constructor(ttlMs: number = COUNT_TTL_MS.unnotified, maxEntries = 10_000) {
    this.memo = new MemoCache({ max: maxEntries, ttlMs });
  }

  get ttlMs(): number {
    return this.memo.ttlMs ?? 0;
  }
  set ttlMs(ms: number) {
    this.memo.ttlMs = ms;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.memo.get(key, load) as Promise<T>;
  }

  /** After a write: every cached count may be wrong now. */
  clear() {
    this.memo.clear();
  }

  /** Counts held (tests). */
  get size(): number {
    return this.memo.size;
  }
}

/** How long a count is kept: told of every write (LISTEN), not told (no LISTEN), or LISTEN lost. */
export const COUNT_TTL_MS = { notified: 300_000, unnotified: 5_000, disconnected: 0 } as const;
