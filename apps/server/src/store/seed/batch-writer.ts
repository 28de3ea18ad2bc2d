import { type ColumnSpec, type ComputedColumn, RowBatch } from '../engine/bulk-insert.js';
import type { Db } from '../engine/db.js';

/**
 * Buffers rows per table and writes them as multi-row statements on one connection, in parent-
 * before-child order so foreign keys hold: a COPY per batch where the connection speaks it and the
 * table's rows go in as they are (faster on PostgreSQL), an INSERT otherwise. Generation continues
 * while a batch is being written (the two overlap); at most `maxInFlight` batches wait, which bounds
 * memory whatever the size of the world.
 */
export class BatchWriter {
  private readonly batches: RowBatch[];
  private readonly byTable = new Map<string, RowBatch>();
  private readonly counts = new Map<string, number>();
  private readonly writeMs = new Map<string, number>();
  private buffered = 0;
  private inFlight: Promise<void>[] = [];
  private failure: unknown = null;
  private readonly maxInFlight: number;

  constructor(
    private readonly db: Db,
    /** Tables in foreign-key order (parents first). */
    tables: readonly (
      | readonly [table: string, columns: readonly ColumnSpec[]]
      | readonly [table: string, columns: readonly ColumnSpec[], computed: readonly ComputedColumn[]]
    )[],
    private readonly batchRows: number,
    { maxInFlight = 2, copy = true }: { maxInFlight?: number; copy?: boolean } = {},
  ) {
    this.maxInFlight = maxInFlight;
    const copies = copy && db.copyFrom !== undefined;
    this.batches = tables.map(([table, columns, computed]) => new RowBatch(table, columns, computed, copies));
    for (const batch of this.batches) this.byTable.set(batch.table, batch);
  }

  add(table: string, values: readonly unknown[]): void {
    const batch = this.byTable.get(table);
    if (!batch) throw new Error(`no batch for table ${table}`);
    batch.add(values);
    this.buffered++;
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  /** Rows added so far, per table. */
  get rowCounts(): Record<string, number> {
    return Object.fromEntries(this.batches.map((b) => [b.table, this.counts.get(b.table) ?? 0]));
  }

  /** Milliseconds spent in INSERT statements, per table (where seeding time goes). */
  get writeMilliseconds(): Record<string, number> {
    return Object.fromEntries([...this.writeMs].map(([table, ms]) => [table, Math.round(ms)]));
  }

  get totalRows(): number {
    let total = 0;
    for (const count of this.counts.values()) total += count;
    return total;
  }

  /**
   * Writes when enough rows are buffered; waits only when too many writes are pending. Call it
   * between records: it also yields to the event loop while writes are pending, because awaiting
   * only resolved promises (microtasks) would starve the I/O that hands the driver its next
   * statement, and the database would idle while generation runs.
   */
  async maybeFlush(): Promise<void> {
    if (this.buffered >= this.batchRows) await this.flush();
    else if (this.inFlight.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Starts writing everything buffered (in table order, after the previous writes). */
  async flush(): Promise<void> {
    this.throwIfFailed();
    const statements = this.batches.map((batch) => batch.take()).filter((s) => s !== null);
    this.buffered = 0;
    if (statements.length === 0) return;
    const previous = this.inFlight[this.inFlight.length - 1] ?? Promise.resolve();
    const write = previous.then(async () => {
      for (const statement of statements) {
        const started = performance.now();
        if ('copy' in statement) await this.db.copyFrom!(statement.sql, statement.copy);
        else await this.db.query(statement.sql, statement.params);
        const { table } = statement;
        this.writeMs.set(table, (this.writeMs.get(table) ?? 0) + performance.now() - started);
      }
    });
    write.catch((error: unknown) => {
      this.failure ??= error;
    });
    this.inFlight.push(write);
    while (this.inFlight.length > this.maxInFlight) await this.inFlight.shift();
    this.throwIfFailed();
  }

  /** Writes the rest and waits for every write. */
  async drain(): Promise<void> {
    await this.flush();
    const pending = this.inFlight;
    this.inFlight = [];
    await Promise.allSettled(pending);
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }
}
