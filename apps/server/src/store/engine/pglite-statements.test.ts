import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteTestDb, type TestDb } from '../test-support/test-databases.js';
import type { Db } from './db.js';

// One in-memory PGlite for the file; the statements create and drop their own table. Loaded from
// the build's migrated database rather than made by initdb (seconds of CPU): the tables beside
// the test's own are never read.
let test: TestDb | undefined;
let db: Db;
beforeAll(async () => {
  test = await openPgliteTestDb();
  db = test.db;
  await db.exec('CREATE TABLE prepared_probe (id int PRIMARY KEY, label text)');
});
afterAll(() => test?.dispose());

describe('PGlite named statements', () => {
  it('runs one SQL text with other parameters, in and out of transactions, with the usual types', async () => {
    const insert = 'INSERT INTO prepared_probe (id, label) VALUES ($1, $2) RETURNING id, label';
    expect(await db.query(insert, [1, 'one'])).toEqual([{ id: 1, label: 'one' }]);
    await db.transaction(async (tx) => {
      expect(await tx.query(insert, [2, null])).toEqual([{ id: 2, label: null }]);
    });
    const select = 'SELECT id FROM prepared_probe WHERE id = ANY ($1::int[]) ORDER BY id';
    expect(await db.queryPrepared(select, [[1, 2]])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await db.queryPrepared(select, [[2]])).toEqual([{ id: 2 }]);
  });

  it('reports a failing statement and stays usable; a rolled back transaction leaves nothing', async () => {
    const insert = 'INSERT INTO prepared_probe (id, label) VALUES ($1, $2)';
    await db.query(insert, [10, 'ten']);
    await expect(db.query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [11, 'eleven']);
        await tx.query(insert, [10, 'again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id FROM prepared_probe WHERE id >= $1 ORDER BY id', [10])).toEqual([
      { id: 10 },
    ]);
  });

  it('prepares a `SELECT *` again when a migration changed the table under it', async () => {
    const all = 'SELECT * FROM prepared_probe WHERE id = $1';
    expect(await db.query(all, [1])).toEqual([{ id: 1, label: 'one' }]);
    await db.exec('ALTER TABLE prepared_probe ADD COLUMN extra int DEFAULT 7');
    expect(await db.query(all, [1])).toEqual([{ id: 1, label: 'one', extra: 7 }]);
  });

  it('reads answers of many pieces: multibyte text across them, nulls, and the statements after', async () => {
    // About 6 MB of rows: PGlite writes it in pieces of a few KB, and the buffer outgrows what it keeps.
    const rows = await db.query<{ n: number; text: string | null }>(
      `SELECT n, CASE WHEN n % 10 = 0 THEN NULL ELSE repeat('é€', 1000) || n END AS text
       FROM generate_series(1, $1::int) n`,
      [1000],
    );
    expect(rows).toHaveLength(1000);
    expect(rows[9]).toEqual({ n: 10, text: null });
    expect(rows[998]).toEqual({ n: 999, text: `${'é€'.repeat(1000)}999` });
    expect(await db.query('SELECT $1::text AS t', ['after'])).toEqual([{ t: 'after' }]);
  });

  it('hands a notification sent outside a transaction to the listeners, and none after they stop', async () => {
    const heard: string[] = [];
    const stop = await db.listen('pglite_statements_probe', {
      onNotify: (payload) => heard.push(payload),
      onLost: () => {},
      onRestored: () => {},
    });
    await db.query('SELECT pg_notify($1, $2)', ['pglite_statements_probe', 'first']);
    await db.transaction((tx) => tx.query('SELECT pg_notify($1, $2)', ['pglite_statements_probe', 'second']));
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['first', 'second']);
    await stop();
    await db.query('SELECT pg_notify($1, $2)', ['pglite_statements_probe', 'third']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['first', 'second']);
  });

  it('reports a statement that cannot be prepared, and the next one runs', async () => {
    await expect(db.query('SELEC nothing', [])).rejects.toMatchObject({ code: '42601' });
    expect(await db.query('SELECT $1::int AS one', [1])).toEqual([{ one: 1 }]);
  });
});
