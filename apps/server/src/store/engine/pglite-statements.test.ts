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
});
