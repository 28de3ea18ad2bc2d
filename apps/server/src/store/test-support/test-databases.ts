import type { Db } from '../engine/db.js';
import { openPgliteDb } from '../engine/pglite-db.js';
import { openPostgresDb } from '../engine/postgres-db.js';
import { createTemporaryDatabase } from '../engine/temporary-database.js';
import { migrate } from '../migrate.js';

/**
 * Migrated databases for the server's own tests. Here, not in engine/: migrating needs migrate.ts,
 * which needs the engine, so an engine module that migrated would make the two folders a circle.
 */

export interface TestDb {
  readonly db: Db;
  /** Closes the connection and, on PostgreSQL, drops the temporary database. */
  dispose(): Promise<void>;
}

/** A migrated in-memory PGlite: open once per test file (seconds), resetDb() between tests. */
export async function openPgliteTestDb(): Promise<TestDb> {
  const db = await openPgliteDb();
  await migrate(db);
  return { db, dispose: () => db.close() };
}

/** A migrated database of its own on the PostgreSQL server of `serverUrl`. */
export async function openPostgresTestDb(serverUrl: string): Promise<TestDb> {
  const database = await createTemporaryDatabase(serverUrl);
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
