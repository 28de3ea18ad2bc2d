import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db.js';
import { TYPE_PARSERS } from './type-parsers.js';

/**
 * Engine settings on top of PGlite's own start parameters.
 * - wal_level=minimal: nothing replicates from the one in-process connection, and rows written into
 *   a table created or truncated in the same transaction (the seed's bulk load) skip the WAL.
 * - shared_buffers=16MB (PostgreSQL's default is 128MB): the buffers live in this process's
 *   WebAssembly memory, which never shrinks, and a page missing from them is one read of the data
 *   directory's file (the OS cache keeps it). Measured on the bench's PGlite world: the server's
 *   resident memory fell by more than 100 MB.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['wal_level=minimal', 'max_wal_senders=0', 'shared_buffers=16MB'].flatMap((setting) => ['-c', setting]),
];

type PgliteRunner = Pick<Transaction, 'query' | 'exec'>;

/**
 * Opens PGlite (PostgreSQL in WebAssembly, inside this process, one connection).
 * `dataDir` undefined = in memory. Opening costs a few seconds: share one per test file.
 */
export async function openPgliteDb(dataDir?: string): Promise<Db> {
  const pglite = await PGlite.create(dataDir, {
    parsers: { ...TYPE_PARSERS },
    startParams: START_PARAMS,
  });
  await pglite.exec(`SET TIME ZONE 'UTC'`);
  const db = wrap(pglite, {
    transaction: (fn) => pglite.transaction(fn),
    close: () => pglite.close(),
  });
  // The one connection is in this process: notifications cannot be lost.
  db.listen = async (channel, { onNotify }) => pglite.listen(channel, (payload) => onNotify(payload));
  return db;
}

interface Lifecycle {
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function wrap(runner: PgliteRunner, lifecycle: Lifecycle): Db {
  const db: Db = {
    engine: 'pglite',
    async query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const result = await runner.query<T>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    // One connection in this process: nothing to gain from naming statements.
    queryPrepared: (sql, params) => db.query(sql, params),
    listen: async () => {
      throw new Error('listen on the database, not a transaction');
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> =>
      lifecycle.transaction((tx) => fn(wrapTransaction(tx))),
    close: () => lifecycle.close(),
  };
  return db;
}

let savepointCounter = 0;

/** Inside a PGlite transaction nesting becomes a savepoint, as in the pg adapter. */
function wrapTransaction(tx: Transaction): Db {
  return wrap(tx, {
    async transaction(fn) {
      const name = `sp_${++savepointCounter}`;
      await tx.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await tx.exec(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await tx.exec(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    close: async () => {
      throw new Error('close() the database, not a transaction');
    },
  });
}
