import type { Db } from '../engine/db.js';

/**
 * A fingerprint (md5 per row, then md5 of the sorted list, per table) of every row of
 * every table except schema_migrations: equal fingerprints = identical data. For determinism tests.
 */
export async function hashDatabase(db: Db): Promise<{ total: string; tables: Record<string, string> }> {
  const tables = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables
      WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename`,
  );
  const hashes: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ hash: string | null }>(
      `SELECT md5(string_agg(h, '' ORDER BY h)) AS hash FROM (SELECT md5(t::text) AS h FROM "${name}" t) rows`,
    );
    hashes[name] = row?.hash ?? 'empty';
  }
  const [total] = await db.query<{ hash: string }>('SELECT md5($1) AS hash', [JSON.stringify(hashes)]);
  return { total: total!.hash, tables: hashes };
}
