import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import { PgliteAnswer, type ReadAnswer } from './pglite-answer.js';

/** Named statements kept per database; the least recently used one is closed beyond this. */
const MAX_STATEMENTS = 500;

interface Prepared {
  name: string;
  /** Parameter type oids, for PGlite's serializers. */
  paramTypes: number[];
}

/**
 * Statements parsed and planned once (PostgreSQL's plan cache) on PGlite's one connection. PGlite's
 * own `query` sends every statement unnamed, so PostgreSQL parses and plans it on every call: on
 * the conversations table (27 indexes) planning cost several times the execution. Here each SQL
 * text becomes a named statement on first use; later calls only bind and execute it, through the
 * same protocol messages, serializers and result parser as PGlite's `query`.
 *
 * Callers hold PGlite's query lock (inside a transaction) or its transaction lock (outside one).
 */
export class PgliteStatements {
  private counter = 0;
  private readonly statements = new LRUCache<string, Prepared>({
    max: MAX_STATEMENTS,
    dispose: (statement) => {
      this.closing.push(statement.name);
    },
  });
  /** Evicted statements, closed before the next statement runs. */
  private closing: string[] = [];

  /** What the statements' answers are read from (pglite-answer.ts). */
  private readonly answer = new PgliteAnswer();

  constructor(
    private readonly pglite: PGlite,
    /** Called with each notification that arrives with a statement's answer. */
    private readonly onNotification: (channel: string, payload: string) => void,
  ) {}

  /** Runs `sql`; `inTransaction` false: the data directory is synced afterwards, as `query` does. */
  async run<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
    try {
      return await this.runOnce<T>(sql, params, inTransaction);
    } catch (error) {
      // A table's columns changed under a `SELECT *` (a migration): prepare it again, once.
      if (!String((error as Error).message).includes('cached plan must not change result type')) throw error;
      this.statements.delete(sql);
      return this.runOnce<T>(sql, params, inTransaction);
    }
  }

  private async runOnce<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
    const send = (message: Uint8Array) =>
      this.pglite.execProtocolRawStream(message, { syncToFs: false, onRawData: this.answer.collect });
    let answer: ReadAnswer;
    try {
      for (const name of this.closing.splice(0)) await send(protocol.serialize.close({ type: 'S', name }));
      const statement = this.statements.get(sql) ?? (await this.prepare(sql));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pglite.serializers[statement.paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      await send(protocol.serialize.bind({ statement: statement.name, values }));
      await send(protocol.serialize.describe({ type: 'P' }));
      await send(protocol.serialize.execute({}));
    } finally {
      await send(protocol.serialize.sync());
      // Read even when preparing failed (PGlite threw), so the next statement starts empty.
      answer = this.answer.read();
    }
    if (!inTransaction) await this.pglite.syncToFs();
    // What PGlite's own execProtocolStream does with the messages it reads: the first error is
    // thrown, and a notification (a write announced outside a transaction, store/changes.ts) goes
    // to the listeners.
    for (const { channel, payload } of answer.notifications) this.onNotification(channel, payload);
    if (answer.error) throw answer.error;
    return parse.parseResults(answer.messages, this.pglite.parsers)[0]!.rows as T[];
  }

  private async prepare(sql: string): Promise<Prepared> {
    const name = `pglite_s${++this.counter}`;
    await this.pglite.execProtocolStream(protocol.serialize.parse({ name, text: sql }), { syncToFs: false });
    const description = await this.pglite.execProtocolStream(
      protocol.serialize.describe({ type: 'S', name }),
      {
        syncToFs: false,
      },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(description) };
    this.statements.set(sql, statement);
    return statement;
  }
}
