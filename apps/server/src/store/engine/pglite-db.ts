import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type DataDirFiles, FilledMemoryFs, writeDataDirFiles } from './data-dir-files.js';
import type { Db } from './db.js';
import { PgliteStatements } from './pglite-statements.js';
import { compilePglite } from './pglite-wasm.js';
import { inSavepoint } from './savepoint.js';
import { TYPE_PARSERS } from './type-parsers.js';

type PgliteRunner = Pick<Transaction, 'query' | 'exec'>;

export interface PgliteOpenOptions {
  /**
   * A data directory to start from instead of running initdb (the prebuilt worlds,
   * store/prebuilt-worlds/prebuilt-world.ts): into memory or a data directory that holds no database yet.
   * In memory it may still be arriving: PGlite begins meanwhile (FilledMemoryFs).
   */
  load?: DataDirFiles | Promise<DataDirFiles>;
  /** Server settings (`-c name=value` at start), on top of PGlite's own. */
  settings?: Record<string, string>;
  /** Arguments of initdb, when it runs (a new data directory without `load`). */
  initdbArgs?: string[];
}

/**
 * Engine settings on top of PGlite's own start parameters. PGlite keeps its files in this process
 * (in memory: every byte of them) and its WebAssembly memory never shrinks, so:
 * - WAL is recycled at 32 MB instead of growing to 1 GB before a checkpoint;
 * - shared_buffers=16MB (PostgreSQL's default is 128MB): a page missing from them is one read of the
 *   data directory's file away. Measured on the bench's PGlite world: over 100 MB less resident;
 * - wal_level=minimal: nothing replicates from the one in-process connection, and rows written into
 *   a table created or truncated in the same transaction (the seed's bulk load) skip the WAL.
 */
const PGLITE_SETTINGS: Record<string, string> = {
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_wal_size: '32MB',
  min_wal_size: '32MB',
  shared_buffers: '16MB',
};

/**
 * Opening a database runs initdb in a WebAssembly instance of its own and leaves it, about 300 MB,
 * as garbage that V8 collects only under heap pressure, which an idle or lightly loaded server may
 * never reach: collect it once, right after opening, so that resident memory reflects the database.
 * A loaded world or an existing database leaves no instance: one collection, without
 * waiting for finalizers.
 */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  // WebAssembly memories are released by finalizers: a second collection after they ran frees them.
  return async (instanceLeft: boolean) => {
    gc?.();
    if (!instanceLeft) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc?.();
  };
})();

/**
 * Opens PGlite (PostgreSQL in WebAssembly, inside this process, one connection).
 * `dataDir` undefined = in memory. Opening costs a few seconds: share one per test file.
 */
export async function openPgliteDb(dataDir?: string, options: PgliteOpenOptions = {}): Promise<Db> {
  const settings = { ...PGLITE_SETTINGS, ...options.settings };
  // initdb runs (in an instance of its own) only for a new database that is not loaded.
  const existing = dataDir !== undefined && existsSync(join(dataDir, 'PG_VERSION'));
  if (existing && options.load)
    throw new Error(`${dataDir} holds a database already: nothing is loaded into it`);
  const initdb = !options.load && !existing;
  if (dataDir && options.load) await writeDataDirFiles(dataDir, await options.load);
  const creating = PGlite.create({
    pgliteWasmModule: await compilePglite(),
    ...(dataDir ? { dataDir } : {}),
    ...(!dataDir && options.load ? { fs: new FilledMemoryFs(options.load) } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
    parsers: { ...TYPE_PARSERS },
  });
  // Files that fail to arrive leave PostgreSQL waiting for them: their error is the start's.
  const [pglite] = await Promise.all([creating, options.load]);
  await pglite.exec(`SET TIME ZONE 'UTC'`);
  await collectGarbage(initdb);
  // Notifications that arrive with a statement's answer are read by PgliteStatements, not by PGlite:
  // they go to the same listeners as those PGlite reads itself (a transaction's commit).
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const statements = new PgliteStatements(pglite, (channel, payload) => {
    for (const listener of listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
  });
  // Outside a transaction a statement waits for any open one, like PGlite's own query().
  const prepared: Prepared = (sql, params) =>
    pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() => statements.run(sql, params, false)),
    );
  const inTransaction: Prepared = (sql, params) =>
    pglite._runExclusiveQuery(() => statements.run(sql, params, true));
  const db = wrap(
    pglite,
    { outside: prepared, inside: inTransaction },
    {
      transaction: (fn) => pglite.transaction(fn),
      close: () => pglite.close(),
    },
  );
  // The one connection is in this process: notifications cannot be lost.
  db.listen = async function listenOnPglite(channel, { onNotify }) {
    const listener = (payload: string) => onNotify(payload);
    const ofChannel = listeners.get(channel) ?? new Set();
    listeners.set(channel, ofChannel.add(listener));
    const unlisten = await pglite.listen(channel, listener).catch((error: unknown) => {
      ofChannel.delete(listener);
      throw error;
    });
    return async function unlistenOnPglite() {
      ofChannel.delete(listener);
      await unlisten();
    };
  };
  return db;
}

type Prepared = <T>(sql: string, params: readonly unknown[]) => Promise<T[]>;

interface Lifecycle {
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How named statements run here (`outside`) and in a transaction opened here (`inside`). */
interface StatementRunners {
  outside: Prepared;
  inside: Prepared;
}

function wrap(runner: PgliteRunner, statements: StatementRunners, lifecycle: Lifecycle): Db {
  const db: Db = {
    engine: 'pglite',
    // With parameters: a named statement, parsed and planned once (pglite-statements.ts); after a few
    // runs PostgreSQL's plan cache keeps a generic plan only where it costs no more than custom ones.
    async query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      if (params?.length) return statements.outside<T>(sql, params);
      const result = await runner.query<T>(sql);
      return result.rows;
    },
    queryPrepared: <T extends object>(sql: string, params: readonly unknown[]) =>
      statements.outside<T>(sql, params),
    listen: async () => {
      throw new Error('listen on the database, not a transaction');
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> =>
      lifecycle.transaction((tx) => fn(wrapTransaction(tx, statements.inside))),
    close: () => lifecycle.close(),
  };
  return db;
}

/** Inside a PGlite transaction nesting becomes a savepoint, as in the pg adapter. */
function wrapTransaction(tx: Transaction, prepared: Prepared): Db {
  return wrap(
    tx,
    { outside: prepared, inside: prepared },
    {
      transaction(fn) {
        return inSavepoint(
          (sql) => tx.exec(sql),
          () => fn(tx),
        );
      },
      close: async () => {
        throw new Error('close() the database, not a transaction');
      },
    },
  );
}
