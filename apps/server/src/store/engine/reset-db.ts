import type { Db } from './db.js';

/**
 * Empties every table but schema_migrations and restarts the id sequences: one TRUNCATE, a few
 * milliseconds, so tests share one opened database per file and reset between tests.
 */
export async function resetDb(db: Db): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename`,
  );
  if (tables.length === 0) return;
  await db.exec(`TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`);
}

/**
 * After inserting explicit ids (the seeder does), moves every identity sequence past the largest
 * id so that rows created later through the API get fresh ids.
 */
export async function syncIdSequences(db: Db): Promise<void> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name`,
  );
  for (const { table_name: table, column_name: column } of columns) {
    await db.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quoteIdent(column)}) FROM ${quoteIdent(table)}), 0) + 1, false)`,
      [quoteIdent(table), column],
    );
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
