import type { ColumnSpec } from '../engine/bulk-insert.js';

/**
 * A table with a column of each kind the bulk load writes (and a keyword for a name), for the tests
 * that hold its escaping to what PostgreSQL reads back.
 */
export const BULK_PROBE: { create: string; columns: readonly ColumnSpec[]; select: string } = {
  create: `CREATE TABLE bulk_probe (
    id integer, t text, j jsonb, ints integer[], uuids uuid[], ts timestamptz, d double precision, b boolean, "time" text)`,
  columns: [
    ['id', 'integer'],
    ['t', 'text'],
    ['j', 'jsonb'],
    ['ints', 'integer[]'],
    ['uuids', 'uuid[]'],
    ['ts', 'timestamptz'],
    ['d', 'double'],
    ['b', 'boolean'],
    ['time', 'text'],
  ],
  select: 'SELECT id, t, j, ints, uuids, ts, d, b, "time" FROM bulk_probe ORDER BY id',
};
