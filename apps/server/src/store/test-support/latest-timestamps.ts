import type { Db } from '../engine/db.js';

export interface LatestTimestamp {
  table: string;
  column: string;
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, or null for an empty column. */
  latest: string | null;
}

/**
 * The latest value of every timestamp column of the public schema, one query per column (a
 * partitioned table is read through its parent). A check that the demo world holds no future.
 */
export async function latestTimestamps(db: Db): Promise<LatestTimestamp[]> {
  const columns = await db.query<{ table: string; column: string }>(
    `SELECT c.table_name AS table, c.column_name AS column
       FROM information_schema.columns c
       JOIN pg_class k ON k.relname = c.table_name AND k.relkind IN ('r', 'p') AND NOT k.relispartition
       JOIN pg_namespace n ON n.oid = k.relnamespace AND n.nspname = c.table_schema
      WHERE c.table_schema = 'public'
        AND c.data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
      ORDER BY 1, 2`,
  );
  const latest: LatestTimestamp[] = [];
  for (const { table, column } of columns) {
    const [row] = await db.query<{ latest: string | null }>(
      `SELECT max("${column}") AS latest FROM "${table}"`,
    );
    latest.push({ table, column, latest: row?.latest ?? null });
  }
  return latest;
}
