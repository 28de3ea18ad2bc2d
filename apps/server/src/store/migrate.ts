import type { Db } from './engine/db.js';
import { loadMigrations, type Migration } from './migration-files.js';
import { ANNOUNCE_SETTING } from './schema.js';

export { loadMigrations, MIGRATIONS_FOLDER, type Migration } from './migration-files.js';

/** Any fixed number: serialises migrators of several server instances starting together. */
const MIGRATION_LOCK_KEY = 72_010_003;

export interface MigrateResult {
  /** Versions applied by this call (empty when the schema was current). */
  applied: number[];
}

/**
 * Brings the schema up to date, idempotently. First checks that every applied migration (recorded
 * in schema_migrations) is still its file, byte for byte; then applies each pending one in its own
 * transaction, so a failure leaves the earlier ones applied. Each transaction holds the advisory
 * lock and re-checks, so instances starting together apply each migration once.
 */
export async function migrate(db: Db, migrations?: readonly Migration[]): Promise<MigrateResult> {
  const all = migrations ?? (await loadMigrations());
  const done = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
    const rows = await tx.query<{ version: number; name: string; checksum: string | null }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    for (const row of rows) {
      const migration = all.find((m) => m.version === row.version);
      if (!migration) {
        throw new Error(
          `this database has migration ${String(row.version).padStart(4, '0')} (${row.name}) applied, which this server does not have: a newer server migrated it, run that one`,
        );
      }
      if (row.checksum === null) {
        // Applied before checksums were recorded: the file as it is now is taken as the applied one.
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [
          row.version,
          migration.checksum,
        ]);
      } else {
        assertUnchanged(migration, row.checksum);
      }
    }
    return new Set(rows.map((row) => row.version));
  });
  const applied: number[] = [];
  for (const migration of all) {
    if (done.has(migration.version)) continue;
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const [row] = await tx.query<{ checksum: string | null }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [migration.version],
      );
      if (row) {
        // Another instance applied it meanwhile (one from before checksums records none).
        if (row.checksum !== null) assertUnchanged(migration, row.checksum);
        return false;
      }
      // Rows a migration rewrites are announced by the triggers, as any writer's but the server's
      // requests: no request of this server announces them.
      await tx.query('SELECT set_config($1, $2, true)', [ANNOUNCE_SETTING.name, '']);
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return { applied };
}

function assertUnchanged(migration: Migration, recorded: string): void {
  if (recorded === migration.checksum) return;
  throw new Error(
    `migration ${migration.file} was changed after it was applied to this database (recorded checksum ${recorded}, file ${migration.checksum}). Migrations are append-only: restore the file and add a new migration.`,
  );
}
