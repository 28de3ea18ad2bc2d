import { ANALYTICS_METRIC_NAMES, canonicalMetric } from '@org/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './engine/db.js';
import { resetDb, syncIdSequences } from './engine/reset-db.js';
import {
  openPgliteTestDb,
  openPostgresTestDb,
  POSTGRES_SKIP_REASON,
  type TestDb,
  testDatabaseUrl,
} from './engine/test-database.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

/** Thrown to roll a test's writes back. */
class Rollback extends Error {}

const EXPECTED_TABLES = [
  'analytics_data_points',
  'api_tokens',
  'contact_identities',
  'contact_identities_renders',
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
  'um_widgets',
];

function migrationSuite(open: () => Promise<TestDb>) {
  let handle: TestDb;
  let db: Db;
  beforeAll(async () => {
    handle = await open();
    db = handle.db;
  });
  afterAll(() => handle?.dispose());

  it('creates every table and records every version', async () => {
    const tables = await db.query<{ tablename: string }>(
      `SELECT c.relname AS tablename FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(EXPECTED_TABLES);
    const versions = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
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

  it('gives every table below organizations an organization_id', async () => {
    const rows = await db.query<{ table_name: string }>(
      `SELECT t.tablename AS table_name FROM pg_tables t
        WHERE t.schemaname = current_schema() AND t.tablename NOT IN ('customers', 'organizations', 'schema_migrations')
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

describe('migrations on PGlite (in memory)', () => {
  migrationSuite(openPgliteTestDb);
});

describe.skipIf(!testDatabaseUrl)(
  `migrations on PostgreSQL${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    migrationSuite(() => openPostgresTestDb(testDatabaseUrl!));
  },
);
