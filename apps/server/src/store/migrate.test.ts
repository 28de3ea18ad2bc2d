import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYTICS_METRIC_NAMES, canonicalMetric } from '@org/model';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresDb } from './engine/postgres-db.js';
import { resetDb, syncIdSequences } from './engine/reset-db.js';
import {
  createTemporaryDatabase,
  POSTGRES_SKIP_REASON,
  testDatabaseUrl,
} from './engine/temporary-database.js';
import { loadMigrations, MIGRATIONS_FOLDER, migrate } from './migrate.js';
import {
  describeOnEachEngine,
  openPgliteTestDb,
  type TestDb,
  useTestDb,
} from './test-support/test-databases.js';

/** Thrown to roll a test's writes back. */
class Rollback extends Error {}

const EXPECTED_TABLES = [
  'analytics_data_points',
  'analytics_day_renders',
  'analytics_filtered_day_renders',
  'api_tokens',
  'contact_identities',
  'contact_identities_renders',
  'conversation_details_renders',
  'conversation_list_keys',
  'conversation_parts',
  'conversation_topics',
  'conversations',
  'conversations_renders',
  'customers',
  'messages',
  'messages_renders',
  'navigation_events',
  'navigation_events_renders',
  'notes',
  'notes_renders',
  'operator_groups',
  'operators',
  'operators_renders',
  'organizations',
  'schema_migrations',
  'topics',
  'um_clock',
  'um_widgets',
];

function migrationSuite(open: () => Promise<TestDb>) {
  const db = useTestDb(open);

  it('creates every table and records every version', async () => {
    const tables = await db.query<{ tablename: string }>(
      `SELECT c.relname AS tablename FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(EXPECTED_TABLES);
    const recorded = await db.query<{ version: number; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
    expect(recorded).toEqual(
      (await loadMigrations()).map(({ version, name, checksum }) => ({ version, name, checksum })),
    );
  });

  it('stores each metric in its own partition of analytics_data_points', async () => {
    const metrics = [...new Set(ANALYTICS_METRIC_NAMES.map(canonicalMetric))];
    await db
      .transaction(async (tx) => {
        const placed = await tx.query<{ metric: string; partition: string }>(
          `INSERT INTO analytics_data_points (metric, organization_id, time)
         SELECT m, 1, now() FROM unnest($1::text[]) AS m RETURNING metric, tableoid::regclass::text AS partition`,
          [[...metrics, 'not_a_metric']],
        );
        const partitions = new Set(placed.map((p) => p.partition));
        expect(partitions.size).toBe(metrics.length + 1);
        expect(placed.find((p) => p.metric === 'not_a_metric')?.partition).toBe(
          'analytics_data_points_other',
        );
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  it('marks the tables that hold no records of their own as derived', async () => {
    const derived = await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class
        WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'
          AND obj_description(oid, 'pg_class') LIKE 'derived:%' ORDER BY relname`,
    );
    expect(derived.map((d) => d.name)).toEqual(
      EXPECTED_TABLES.filter((name) => name.endsWith('_renders') || name === 'conversation_list_keys'),
    );
  });

  it('is idempotent', async () => {
    expect(await migrate(db)).toEqual({ applied: [] });
  });

  // um_clock is the server's (every instance shares it), not an organization's.
  it('gives every table below organizations an organization_id', async () => {
    const rows = await db.query<{ table_name: string }>(
      `SELECT t.tablename AS table_name FROM pg_tables t
        WHERE t.schemaname = current_schema()
          AND t.tablename NOT IN ('customers', 'organizations', 'schema_migrations', 'um_clock')
          AND NOT EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = t.schemaname
            AND c.table_name = t.tablename AND c.column_name = 'organization_id')`,
    );
    expect(rows).toEqual([]);
  });

  it('parses values the same way on both engines', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT 7::int8 AS big, 1.5::numeric AS num, '2024-03-04 05:06:07.000890+00'::timestamptz AS ts,
              '2024-03-04 05:06:07+02'::timestamptz AS shifted, '{"a":[1]}'::jsonb AS doc,
              ARRAY[1,2]::integer[] AS ints, ARRAY['2024-01-01T00:00:00Z'::timestamptz] AS stamps,
              ARRAY['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid] AS uuids`,
    );
    expect(row).toEqual({
      big: 7,
      num: 1.5,
      ts: '2024-03-04T05:06:07.000890Z',
      shifted: '2024-03-04T03:06:07.000000Z',
      doc: { a: [1] },
      ints: [1, 2],
      stamps: ['2024-01-01T00:00:00.000000Z'],
      uuids: ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'],
    });
  });

  it('rolls a failed transaction back and commits nested savepoints', async () => {
    await resetDb(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO customers (name) VALUES ('lost')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO customers (name) VALUES ('kept')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.query(`INSERT INTO customers (name) VALUES ('inner lost')`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    const names = await db.query<{ name: string }>('SELECT name FROM customers ORDER BY id');
    expect(names.map((n) => n.name)).toEqual(['kept']);
  });

  it('resets tables and identity sequences', async () => {
    await db.query(`INSERT INTO customers (id, name) VALUES (41, 'explicit')`);
    await syncIdSequences(db);
    const [next] = await db.query<{ id: number }>(
      `INSERT INTO customers (name) VALUES ('next') RETURNING id`,
    );
    expect(next?.id).toBe(42);
    await resetDb(db);
    expect(await db.query('SELECT * FROM customers')).toEqual([]);
    const [first] = await db.query<{ id: number }>(
      `INSERT INTO customers (name) VALUES ('first') RETURNING id`,
    );
    expect(first?.id).toBe(1);
  });
}

describeOnEachEngine('migrations', migrationSuite);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Folders of made-up migration files, removed after the run. */
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** A folder holding `files` (name -> SQL). */
async function folderOf(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'migrations-'));
  folders.push(folder);
  for (const [file, sql] of Object.entries(files)) await writeFile(join(folder, file), sql);
  return folder;
}

const migrationsOf = async (files: Record<string, string>) => loadMigrations(await folderOf(files));

const CREATE_A = 'CREATE TABLE a (id integer);\n';
const CREATE_B = 'CREATE TABLE b (id integer);\n';

describe('migration files', () => {
  it('are the NNNN-name.sql files of the migrations folder, by version', async () => {
    const files = (await readdir(MIGRATIONS_FOLDER)).sort();
    const migrations = await loadMigrations();
    expect(migrations.map((m) => m.file)).toEqual(files);
    expect(migrations.map((m) => m.version)).toEqual(files.map((_, index) => index + 1));
    const first = migrations[0]!;
    expect(first.name).toBe('0001-tenancy');
    expect(first.checksum).toBe(
      sha256(await readFile(new URL('0001-tenancy.sql', MIGRATIONS_FOLDER), 'utf8')),
    );
  });

  it('rejects duplicate versions, gaps and other names', async () => {
    await expect(migrationsOf({ '0001-a.sql': CREATE_A, '0001-b.sql': CREATE_B })).rejects.toThrow(
      'migrations 0001-a.sql and 0001-b.sql have the same version',
    );
    await expect(migrationsOf({ '0001-a.sql': CREATE_A, '0003-b.sql': CREATE_B })).rejects.toThrow(
      'migration 0002 is missing',
    );
    await expect(migrationsOf({ '0001-a.sql': CREATE_A, '2-b.sql': CREATE_B })).rejects.toThrow(
      'migration file 2-b.sql',
    );
    await expect(migrationsOf({})).rejects.toThrow('no migrations');
  });

  // turbo builds before it tests: whenever there is a build, it must carry the same files.
  it('are copied unchanged into the build (dist/migrations)', async () => {
    const dist = new URL('../../dist/migrations/', import.meta.url);
    if (!existsSync(new URL('../../dist/', import.meta.url))) return;
    const read = async (folder: URL) =>
      Promise.all(
        (await readdir(folder))
          .sort()
          .map(async (file) => [file, await readFile(new URL(file, folder), 'utf8')]),
      );
    expect(await read(dist)).toEqual(await read(MIGRATIONS_FOLDER));
  });
});

/** How migrate() treats applied, changed, unknown and failing migrations, on a database emptied before each test. */
function migrationRules(open: () => Promise<TestDb>) {
  const db = useTestDb(open);
  beforeEach(() => db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public'));

  const recorded = () =>
    db.query<{ version: number; name: string; checksum: string | null }>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    );
  const tables = async () =>
    (
      await db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`,
      )
    ).map((row) => row.name);

  it('commits each migration on its own: a failing one leaves the earlier ones applied', async () => {
    const failing = 'CREATE TABLE b (id integer);\nSELECT 1 / 0;\n';
    await expect(
      migrate(db, await migrationsOf({ '0001-a.sql': CREATE_A, '0002-b.sql': failing })),
    ).rejects.toThrow('division by zero');
    expect(await recorded()).toEqual([{ version: 1, name: '0001-a', checksum: sha256(CREATE_A) }]);
    expect(await tables()).toEqual(['a', 'schema_migrations']);
    // Never applied, so it may still be mended.
    expect(await migrate(db, await migrationsOf({ '0001-a.sql': CREATE_A, '0002-b.sql': CREATE_B }))).toEqual(
      {
        applied: [2],
      },
    );
  });

  it('stops when an applied migration was changed, naming the file', async () => {
    expect(await migrate(db, await migrationsOf({ '0001-a.sql': CREATE_A }))).toEqual({ applied: [1] });
    const changed = 'CREATE TABLE a (id bigint);\n';
    await expect(
      migrate(db, await migrationsOf({ '0001-a.sql': changed, '0002-b.sql': CREATE_B })),
    ).rejects.toThrow(
      `migration 0001-a.sql was changed after it was applied to this database (recorded checksum ${sha256(CREATE_A)}, file ${sha256(changed)}). Migrations are append-only: restore the file and add a new migration.`,
    );
    expect(await tables()).toEqual(['a', 'schema_migrations']);
  });

  it('stops when the database has a migration this server does not have', async () => {
    await migrate(db, await migrationsOf({ '0001-a.sql': CREATE_A, '0002-b.sql': CREATE_B }));
    await expect(migrate(db, await migrationsOf({ '0001-a.sql': CREATE_A }))).rejects.toThrow(
      'this database has migration 0002 (0002-b) applied, which this server does not have',
    );
  });

  it('adopts the files as applied where no checksum was recorded', async () => {
    // schema_migrations as servers before checksums left it.
    await db.exec(`CREATE TABLE schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    ${CREATE_A}
    INSERT INTO schema_migrations (version, name) VALUES (1, 'a');`);
    const migrations = await migrationsOf({ '0001-a.sql': CREATE_A, '0002-b.sql': CREATE_B });
    expect(await migrate(db, migrations)).toEqual({ applied: [2] });
    const expected = [
      { version: 1, name: 'a', checksum: sha256(CREATE_A) },
      { version: 2, name: '0002-b', checksum: sha256(CREATE_B) },
    ];
    expect(await recorded()).toEqual(expected);
    await db.query('UPDATE schema_migrations SET checksum = NULL');
    expect(await migrate(db, migrations)).toEqual({ applied: [] });
    expect(await recorded()).toEqual(expected);
  });
}

describe('migration rules on PGlite (in memory)', () => {
  // Its schema is dropped before each test: the build's migrated database, loaded in a third of a
  // second, is as good a start as initdb's (seconds of CPU).
  migrationRules(openPgliteTestDb);
});

describe.skipIf(!testDatabaseUrl)(
  `migration rules on PostgreSQL${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    migrationRules(async () => {
      const database = await createTemporaryDatabase(testDatabaseUrl!);
      const db = await openPostgresDb(database.url, { maxConnections: 2 });
      return {
        db,
        async dispose() {
          await db.close();
          await database.drop();
        },
      };
    });

    it('applies each migration once when instances start together', async () => {
      const database = await createTemporaryDatabase(testDatabaseUrl!);
      const instances = await Promise.all(
        [1, 2].map(() => openPostgresDb(database.url, { maxConnections: 2 })),
      );
      try {
        const results = await Promise.all(instances.map((db) => migrate(db)));
        const versions = (await loadMigrations()).map((m) => m.version);
        expect(results.flatMap((r) => r.applied).sort((a, b) => a - b)).toEqual(versions);
        const rows = await instances[0]!.query<{ version: number }>(
          'SELECT version FROM schema_migrations ORDER BY version',
        );
        expect(rows.map((row) => row.version)).toEqual(versions);
        expect(await Promise.all(instances.map((db) => migrate(db)))).toEqual([
          { applied: [] },
          { applied: [] },
        ]);
      } finally {
        await Promise.all(instances.map((db) => db.close()));
        await database.drop();
      }
    });
  },
);
