import type { Db } from './engine/db.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

/** Any fixed number: serialises migrators of several server instances starting together. */
const MIGRATION_LOCK_KEY = 72_010_003;

export interface MigrateResult {
  /** Versions applied by this call (empty when the schema was current). */
  applied: number[];
}

/**
 * Brings the schema up to date, idempotently: the versions already applied are recorded in
 * schema_migrations, and all pending ones run in one transaction (all or nothing).
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrateResult> {
  assertOrdered(migrations);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return { applied };
  });
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous && previous.version >= migration.version) {
      throw new Error(`migration ${migration.version} (${migration.name}) is out of order`);
    }
  });
}
