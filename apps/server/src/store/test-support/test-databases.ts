import { afterAll, beforeAll, describe } from 'vitest';
import type { Db, Row } from '../engine/db.js';
import { openPgliteDb } from '../engine/pglite-db.js';
import { openPostgresDb } from '../engine/postgres-db.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../engine/temporary-database.js';
import { migrate } from '../migrate.js';
import { createMigratedDatabase } from '../migrated-database.js';
import { findPrebuiltStart } from '../prebuilt-worlds/prebuilt-world.js';

/**
 * Migrated databases for the server's own tests. Here, not in engine/: migrating needs migrate.ts,
 * which needs the engine, so an engine module that migrated would make the two folders a circle.
 */

export interface TestDb {
  readonly db: Db;
  /** Closes the connection and, on PostgreSQL, drops the temporary database. */
  dispose(): Promise<void>;
}

/**
 * A migrated in-memory PGlite: open once per test file, resetDb() between tests. It loads the
 * build's migrated empty database (a third of a second) rather than running initdb and every
 * migration (three seconds); migrate() then applies any migration written since that build.
 */
export async function openPgliteTestDb(): Promise<TestDb> {
  const empty = await findPrebuiltStart(false);
  if (!empty) return openFreshPgliteTestDb();
  const db = await openPgliteDb(undefined, { load: await empty.load() });
  await migrate(db);
  return { db, dispose: () => db.close() };
}

/** A new in-memory PGlite migrated from nothing: for the tests of migrating itself. */
export async function openFreshPgliteTestDb(): Promise<TestDb> {
  const db = await openPgliteDb();
  await migrate(db);
  return { db, dispose: () => db.close() };
}

/** A migrated database of its own on the PostgreSQL server of `serverUrl`. */
export async function openPostgresTestDb(serverUrl: string): Promise<TestDb> {
  const database = await createMigratedDatabase(serverUrl);
  try {
    const db = await openPostgresDb(database.url, { maxConnections: 4 });
    await migrate(db);
    return {
      db,
      async dispose() {
        await db.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * One migrated database for the calling test file (or describe block): opened before its tests,
 * disposed after them. What it returns stands for that database in tests and later hooks.
 */
export function useTestDb(open: () => Promise<TestDb> = openPgliteTestDb): Db {
  let handle: TestDb | undefined;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(() => handle?.dispose());
  const opened = (): Db => {
    if (!handle)
      throw new Error('the test database is opened in beforeAll: use it in a test or a later hook');
    return handle.db;
  };
  return {
    get engine() {
      return opened().engine;
    },
    query: <T extends object = Row>(sql: string, params?: readonly unknown[]) =>
      opened().query<T>(sql, params),
    queryPrepared: <T extends object = Row>(sql: string, params: readonly unknown[]) =>
      opened().queryPrepared<T>(sql, params),
    listen: (channel, handlers) => opened().listen(channel, handlers),
    exec: (sql) => opened().exec(sql),
    transaction: (fn) => opened().transaction(fn),
    close: () => opened().close(),
  };
}

/**
 * Declares `suite` twice: on an in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL names a
 * server (skipped otherwise, the title saying why). `open` gives the suite its migrated database.
 */
export function describeOnEachEngine(title: string, suite: (open: () => Promise<TestDb>) => void): void {
  describe(`${title} on PGlite`, () => suite(openPgliteTestDb));
  describe.skipIf(!testDatabaseUrl)(
    `${title} on PostgreSQL${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
    () => suite(() => openPostgresTestDb(testDatabaseUrl!)),
  );
}
