import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowBatch } from '../engine/bulk-insert.js';
import type { Db } from '../engine/db.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../engine/temporary-database.js';
import { BULK_PROBE } from '../test-support/bulk-probe.js';
import { hashDatabase } from '../test-support/dump-hash.js';
import { openPostgresTestDb, type TestDb } from '../test-support/test-databases.js';
import { seedWorld } from './seed-world.js';

/** Enough rows for the bulk load's path (indexes set aside), in a second or two. */
const WORLD = { organizations: 2, contactsPerOrg: 40, conversationsPerOrg: 60, messagesPerConversation: 5 };

/** The database's own statements, counted by kind: which way the rows went in. */
const counting = (db: Db) => {
  const counts = { copy: 0, insert: 0 };
  const transaction: Db['transaction'] = (fn) =>
    db.transaction((tx) =>
      fn({
        ...tx,
        query: (sql, params) => {
          if (sql.startsWith('INSERT')) counts.insert++;
          return tx.query(sql, params);
        },
        ...(tx.copyFrom
          ? {
              copyFrom: (sql: string, data: string) => {
                counts.copy++;
                return tx.copyFrom!(sql, data);
              },
            }
          : {}),
      }),
    );
  return { db: { ...db, transaction }, counts };
};

// On PostgreSQL the seed writes with COPY where a table's rows go in as they are: the rows must be
// the ones INSERT writes.
describe.skipIf(!testDatabaseUrl)(
  `a seed with COPY on PostgreSQL${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let copied: TestDb;
    let inserted: TestDb;
    beforeAll(async () => {
      [copied, inserted] = await Promise.all([
        openPostgresTestDb(testDatabaseUrl!),
        openPostgresTestDb(testDatabaseUrl!),
      ]);
    });
    afterAll(async () => {
      await copied?.dispose();
      await inserted?.dispose();
    });

    it('writes exactly the rows the INSERT path writes', async () => {
      const withCopy = counting(copied.db);
      const withInsert = counting(inserted.db);
      const seeds = { bulkLoadFromRows: 100 };
      const [a, b] = await Promise.all([
        seedWorld(withCopy.db, WORLD, seeds),
        seedWorld(withInsert.db, WORLD, { ...seeds, copy: false }),
      ]);
      expect(a.counts).toEqual(b.counts);
      expect(await hashDatabase(copied.db)).toEqual(await hashDatabase(inserted.db));
      // Most tables went in by COPY; those with columns computed in SQL (search vectors, token
      // hashes) by INSERT.
      expect(withCopy.counts.copy).toBeGreaterThan(withCopy.counts.insert);
      expect(withCopy.counts.insert).toBeGreaterThan(0);
      expect(withInsert.counts.copy).toBe(0);
    });

    it('stores awkward values as the INSERT path does', async () => {
      const awkward = `quote " backslash \\ \\N comma , braces {} single ' newline \n tab \t return \r ü 🙂 \\.`;
      const rows = [
        [
          1,
          awkward,
          { text: awkward, list: [1, 'a"b\\'] },
          [1, 2],
          ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'],
          '2024-01-02T03:04:05.123456Z',
          1.5e-7,
          true,
          'x',
        ],
        [2, '', [], [], [], '2024-01-02T03:04:05Z', -0.25, false, ''],
        [3, null, null, [], [], null, null, null, null],
        [4, 'NULL', 'NULL', [7], [], '2024-01-02T03:04:05Z', 0.1 + 0.2, true, '\\N'],
      ];
      for (const [db, copy] of [
        [copied.db, true],
        [inserted.db, false],
      ] as const) {
        await db.exec(BULK_PROBE.create);
        const batch = new RowBatch('bulk_probe', BULK_PROBE.columns, [], copy);
        expect(batch.copies).toBe(copy);
        for (const row of rows) batch.add(row);
        const statement = batch.take()!;
        await db.transaction(async (tx) => {
          if ('copy' in statement) await tx.copyFrom!(statement.sql, statement.copy);
          else await tx.query(statement.sql, statement.params);
        });
      }
      const stored = await copied.db.query(BULK_PROBE.select);
      expect(stored).toEqual(await inserted.db.query(BULK_PROBE.select));
      expect(stored[0]).toMatchObject({ t: awkward, j: { text: awkward, list: [1, 'a"b\\'] }, d: 1.5e-7 });
      expect(stored[3]).toMatchObject({ t: 'NULL', time: '\\N', d: 0.1 + 0.2 });
    });
  },
);
