import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_PROBE } from '../test-support/bulk-probe.js';
import { openPgliteTestDb, type TestDb } from '../test-support/test-databases.js';
import { insertRows } from './bulk-insert.js';
import type { Db } from './db.js';

// The engine alone: the probe table is the test's own. The database is the build's migrated one,
// loaded rather than made by initdb (seconds of CPU); its other tables are never read.
let test: TestDb | undefined;
let db: Db;
beforeAll(async () => {
  test = await openPgliteTestDb();
  db = test.db;
  await db.exec(BULK_PROBE.create);
});
afterAll(() => test?.dispose());

describe('insertRows', () => {
  it('round-trips awkward text, json, arrays, nulls and keyword column names', async () => {
    const awkward = `quote " backslash \\ comma , braces {} single ' newline \n tab \t NULL unicode ü 🙂`;
    const rows = [
      [
        1,
        awkward,
        { text: awkward, list: [1, 'a"b'] },
        [1, 2, 3],
        ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'],
        '2024-01-02T03:04:05.123456Z',
        1.5,
        true,
        'x',
      ],
      [2, '', [], [], [], '2024-01-02T03:04:05Z', -0.25, false, ''],
      [3, null, null, [], [], null, null, null, null],
      [4, 'NULL', 'NULL', [7], [], '2024-01-02T03:04:05Z', 0, true, 'NULL'],
    ];
    await insertRows(db, 'bulk_probe', BULK_PROBE.columns, rows);
    const stored = await db.query(BULK_PROBE.select);
    expect(stored).toEqual([
      {
        id: 1,
        t: awkward,
        j: { text: awkward, list: [1, 'a"b'] },
        ints: [1, 2, 3],
        uuids: ['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'],
        ts: '2024-01-02T03:04:05.123456Z',
        d: 1.5,
        b: true,
        time: 'x',
      },
      {
        id: 2,
        t: '',
        j: [],
        ints: [],
        uuids: [],
        ts: '2024-01-02T03:04:05.000000Z',
        d: -0.25,
        b: false,
        time: '',
      },
      { id: 3, t: null, j: null, ints: [], uuids: [], ts: null, d: null, b: null, time: null },
      {
        id: 4,
        t: 'NULL',
        j: 'NULL',
        ints: [7],
        uuids: [],
        ts: '2024-01-02T03:04:05.000000Z',
        d: 0,
        b: true,
        time: 'NULL',
      },
    ]);
  });
});
