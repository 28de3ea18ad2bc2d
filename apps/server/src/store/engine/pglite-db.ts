import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db.js';
import { TYPE_PARSERS } from './type-parsers.js';

type PgliteRunner = Pick<Transaction, 'query' | 'exec'>;

export interface PgliteOpenOptions {
  /**
   * A data directory as a tarball to start from instead of running initdb (the prebuilt worlds,
   * store/prebuilt-world.ts): into memory or a data directory that holds no database yet.
   */
  load?: Blob;
  /** Server settings (`-c name=value` at start), on top of PGlite's own. */
  settings?: Record<string, string>;
  /** Arguments of initdb, when it runs (a new data directory without `load`). */
  initdbArgs?: string[];
}

/**
 * Opens PGlite (PostgreSQL in WebAssembly, inside this process, one connection).
 * `dataDir` undefined = in memory. Opening costs a few seconds: share one per test file.
 */
/**
 * PGlite keeps its files in this process (in memory: every byte of them), so the settings that
 * size memory are PostgreSQL's smallest sensible ones: WAL is recycled at 32 MB instead of growing
 * to 1 GB before a checkpoint, and shared buffers hold 16 MB (a page missing from them is one copy
 * away). They keep a server under load below 512 MB of resident memory (the fuzz test measures it).
 */
const PGLITE_SETTINGS: Record<string, string> = {
  max_wal_size: '32MB',
  min_wal_size: '32MB',
  shared_buffers: '16MB',
};

/**
 * Opening a database runs initdb in a WebAssembly instance of its own and leaves it, about 300 MB,
 * as garbage that V8 collects only under heap pressure, which an idle or lightly loaded server may
 * never reach: collect it once, right after opening, so that resident memory reflects the database.
 */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  // WebAssembly memories are released by finalizers: a second collection after they ran frees them.
  return async () => {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc?.();
  };
})();

export async function openPgliteDb(dataDir?: string, options: PgliteOpenOptions = {}): Promise<Db> {
  const settings = { ...PGLITE_SETTINGS, ...options.settings };
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.load ? { loadDataDir: options.load } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
    parsers: { ...TYPE_PARSERS },
  });
  await pglite.exec(`SET TIME ZONE 'UTC'`);
  await collectGarbage();
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
