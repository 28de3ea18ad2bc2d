import { describe, expect, it } from 'vitest';
import { openPostgresDb } from './engine/postgres-db.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl, withAdminClient } from './engine/temporary-database.js';
import { loadMigrations, type Migration, migrate } from './migrate.js';
import { createMigratedDatabase, templateNameOf } from './migrated-database.js';

/** A set of migrations no other run has: the server's own, plus a last one that names this run. */
async function migrationsOfThisRun(): Promise<Migration[]> {
  const all = await loadMigrations();
  const last = all.at(-1)!;
  const marker = `run_${Date.now().toString(36)}_${process.pid}`;
  return [
    ...all,
    {
      version: last.version + 1,
      name: `${String(last.version + 1).padStart(4, '0')}-${marker}`,
      file: `${marker}.sql`,
      sql: `CREATE TABLE ${marker} (id integer PRIMARY KEY); INSERT INTO ${marker} VALUES (1);`,
      checksum: marker,
    },
  ];
}

describe.skipIf(!testDatabaseUrl)(
  `migrated databases for tests${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    it('copies one template, built once however many ask at the same time, into databases of their own', async () => {
      const migrations = await migrationsOfThisRun();
      const marker = migrations.at(-1)!.file.replace(/\.sql$/, '');
      const template = templateNameOf(migrations);
      const copies = await Promise.all(
        [1, 2, 3].map(() => createMigratedDatabase(testDatabaseUrl!, 'migrated_test', migrations)),
      );
      try {
        const templates = await withAdminClient(testDatabaseUrl!, (admin) =>
          admin.query<{ datname: string }>(
            "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE 'um_migrated_building%'",
            [template],
          ),
        );
        // One template, under its final name; no half-built one left.
        expect(templates.rows.map((row) => row.datname)).toEqual([template]);
        const [first, second] = copies;
        const a = await openPostgresDb(first!.url, { maxConnections: 1 });
        const b = await openPostgresDb(second!.url, { maxConnections: 1 });
        try {
          // Migrated: nothing is left to apply, the last migration's row is there.
          expect((await migrate(a, migrations)).applied).toEqual([]);
          expect(await a.query(`SELECT id FROM ${marker}`)).toEqual([{ id: 1 }]);
          // Of their own: a write to one is not seen by the other.
          await a.exec(`INSERT INTO ${marker} VALUES (2)`);
          expect(await b.query(`SELECT id FROM ${marker}`)).toEqual([{ id: 1 }]);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      } finally {
        await Promise.all(copies.map((copy) => copy.drop()));
        await withAdminClient(testDatabaseUrl!, (admin) =>
          admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`),
        );
      }
    });
  },
);
