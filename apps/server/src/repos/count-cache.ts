/**
 * Exact counts of offset pages, cached per query (organization + filters) so that paging through a
 * large result does not count it again on every page (DESIGN section 9). Any write through this
 * instance clears the cache; writes through another instance are seen after `ttlMs` at the latest.
 */
export class CountCache {
  private readonly entries = new Map<string, { count: number; at: number }>();
  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, count: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.count;
    const value = await count();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { count: value, at: Date.now() });
    return value;
  }

  /** After a write: every cached count may be wrong now. */
  clear() {
    this.entries.clear();
  }
}
