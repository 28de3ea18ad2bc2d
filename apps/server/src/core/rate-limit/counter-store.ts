/** A counter store shared by every rate limit; Redis when several instances must count together. */
export interface CounterStore {
  /**
   * Adds one to each counter (key, window in seconds) and returns the new counts. A counter
   * expires with its window, so keys carry the window's start.
   */
  increment(keys: ReadonlyArray<{ key: string; ttlSeconds: number }>): Promise<number[]>;
  /** Forgets every counter (a sandbox reset). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** In-process counters: correct for one instance (the embedded default). */
export class MemoryCounterStore implements CounterStore {
  private readonly counts = new Map<string, { count: number; expiresAt: number }>();
  private lastSweep = 0;

  async increment(keys: ReadonlyArray<{ key: string; ttlSeconds: number }>): Promise<number[]> {
    const now = Date.now();
    this.sweep(now);
    return keys.map(({ key, ttlSeconds }) => {
      const entry = this.counts.get(key);
      if (!entry || entry.expiresAt <= now) {
        this.counts.set(key, { count: 1, expiresAt: now + ttlSeconds * 1000 });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    });
  }

  /** Drops expired counters now and then, so memory stays bounded. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
  }

  async clear() {
    this.counts.clear();
  }

  async close() {}
}
