/**
 * Announces the tables this instance's requests wrote: `changed` runs at once for each (this
 * instance's caches, as the change listener would), and `send`, when given (PostgreSQL: every other
 * instance), notifies them after the writes committed. One send at a time: announcements made while
 * one is in flight are gathered into the next, a single statement, however many requests wait on
 * it. Each announcement resolves once a send that covers it has ended, so a request answers after
 * its notification is queued in the database, as when its own transaction notified. A failed send
 * is reported to `failed` and never fails the announcement; its tables go out again with the next.
 *
 * Not notified inside the write's transaction: there a NOTIFY holds a database-wide lock through the
 * commit's WAL flush, so notifying writes committed one after another. The cost: a write whose
 * instance dies before announcing leaves the other instances' caches stale until the next
 * announcement or their expiry; see decision D59 (each instance announces its own writes).
 */
export class Announcer {
  private readonly pending = new Set<string>();
  /** Resolves the announcements gathered into `pending`; set while any wait. */
  private next: { promise: Promise<void>; resolve: () => void } | undefined;
  private sending = false;
  /** Sends started (tests count them). */
  sends = 0;

  constructor(
    private readonly changed: (table: string) => void,
    private readonly send?: (tables: readonly string[]) => Promise<void>,
    private readonly failed: (error: unknown) => void = () => {},
  ) {}

  announce(tables: Iterable<string>): Promise<void> {
    for (const table of tables) {
      this.changed(table);
      this.pending.add(table);
    }
    if (!this.send || this.pending.size === 0) {
      this.pending.clear();
      return Promise.resolve();
    }
    if (!this.next) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.next = { promise, resolve };
    }
    const waiting = this.next.promise;
    if (!this.sending) void this.drain(this.send);
    return waiting;
  }

  private async drain(send: (tables: readonly string[]) => Promise<void>) {
    this.sending = true;
    while (this.next) {
      const batch = this.next;
      const tables = [...this.pending];
      this.next = undefined;
      this.pending.clear();
      this.sends++;
      try {
        await send(tables);
      } catch (error) {
        this.failed(error);
        // Not lost: the next send carries them (whether it comes is up to the next write).
        for (const table of tables) this.pending.add(table);
      }
      batch.resolve();
    }
    this.sending = false;
  }
}
