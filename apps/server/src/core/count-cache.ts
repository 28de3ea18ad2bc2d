/**
 * Exact counts of offset pages, cached per query (organization + filters) so that paging through a
 * large result does not count it again on every page (docs/architecture.md, Speed). Concurrent requests for the
 * same count share one query. Any write clears the cache: through this instance at once, through
 * another when its change notification arrives (server.ts); `ttlMs` bounds how long a count can be
 * kept when notifications are not available.
 */
export class CountCache {
  private readonly entries = new Map<string, { count: Promise<number>; at: number }>();
  constructor(
    public ttlMs: number = COUNT_TTL_MS.unnotified,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.count;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const pending = count();
    const entry = { count: pending, at: Date.now() };
    this.entries.set(key, entry);
    // A failed count is not remembered: the next request asks again.
    pending.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return pending;
  }

  /** After a write: every cached count may be wrong now. */
  clear() {
    this.entries.clear();
  }
}

/** How long a count is kept: told of every write (LISTEN), or not. */
export const COUNT_TTL_MS = { notified: 300_000, unnotified: 5_000 } as const;
