import type { Db } from './db.js';

/**
 * Gives the planner statistics when the schema has none at all (after a seed; a data directory
 * seeded before this existed). PGlite has no autovacuum: without this its plans assume empty
 * tables (a list page sorted every conversation instead of reading its index), and only a VACUUM
 * sets the visibility map that index-only scans need. PostgreSQL's autovacuum does both later;
 * ANALYZE alone is quick there even on millions of rows. Outside a transaction.
 */
export async function ensureStatistics(db: Db): Promise<void> {
  const [state] = await db.query<{ missing: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid
        WHERE c.relnamespace = current_schema()::regnamespace) AS missing`,
  );
  if (state?.missing) await db.exec(db.engine === 'pglite' ? 'VACUUM (ANALYZE)' : 'ANALYZE');
}
