import type { Db } from './engine/db.js';

/**
 * Rebuilds search vectors with the very functions the triggers use (migrations 0005/0008), in id
 * ranges so each statement stays small: for rows written with `app.bulk_load = 'on'` and no
 * vector of their own, or after the definition of a vector changed (as in migration 0007).
 */
export async function refreshSearchVectors(
  db: Db,
  scope: { organizationId?: number; chunkSize?: number } = {},
): Promise<void> {
  const chunk = scope.chunkSize ?? 5_000;
  for (const [table, refresh] of [
    ['contact_identities', 'refresh_contact_search'],
    ['conversations', 'refresh_conversation_search'],
  ] as const) {
    let after = 0;
    for (;;) {
      const [range] = await db.query<{ ids: number[] | null; last: number | null }>(
        `SELECT array_agg(id) AS ids, max(id) AS last FROM (
           SELECT id FROM ${table} WHERE id > $1 AND ($2::integer IS NULL OR organization_id = $2)
           ORDER BY id LIMIT $3) chunk`,
        [after, scope.organizationId ?? null, chunk],
      );
      if (!range?.ids || range.last === null) break;
      await db.query(`SELECT ${refresh}($1::integer[])`, [range.ids]);
      after = range.last;
    }
  }
}

/**
 * A WHERE/ORDER fragment pair for D11 keyword search on a table with a search_vector column,
 * using the um_search_query() SQL function; `$n` is the parameter holding the raw keywords.
 */
export function searchSql(alias: string, param: number): { where: string; rank: string } {
  return {
    where: `${alias}.search_vector @@ um_search_query($${param})`,
    rank: `ts_rank(${alias}.search_vector, um_search_query($${param}))`,
  };
}
