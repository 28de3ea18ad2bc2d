import type { Db } from '../db/db.js';

export interface FragmentRow {
  id: number;
  version: number;
  rendered_json: string | null;
}

/**
 * Each record's JSON is rendered once and kept in rendered_json (DESIGN section 9): a page is the
 * stored fragments joined. Fragments the writes cleared are rendered by `render` and stored back,
 * guarded by the version they were rendered from, so a render racing a write never stores stale JSON.
 */
export interface FragmentTable {
  name: string;
  /** The integer key the rows are identified by (messages: sequence within a conversation). */
  idColumn?: string;
  /** An extra equality that, with idColumn, identifies a row (messages: the conversation). */
  scope?: { column: string; value: number };
}

export const fragmentsOf = async (
  db: Db,
  table: FragmentTable,
  rows: FragmentRow[],
  render: (ids: number[]) => Promise<Map<number, string>>,
): Promise<string[]> => {
  const missing = rows.filter((r) => r.rendered_json === null);
  if (!missing.length) return rows.map((r) => r.rendered_json!);
  const rendered = await render(missing.map((r) => r.id));
  const stale = missing.filter((r) => rendered.has(r.id));
  const idColumn = table.idColumn ?? 'id';
  if (stale.length)
    await db.query(
      `UPDATE ${table.name} t SET rendered_json = u.json
         FROM unnest($1::int[], $2::int[], $3::text[]) AS u(id, version, json)
        WHERE t.${idColumn} = u.id AND t.version = u.version AND t.rendered_json IS NULL
        ${table.scope ? `AND t.${table.scope.column} = ${Number(table.scope.value)}` : ''}`,
      [stale.map((r) => r.id), stale.map((r) => r.version), stale.map((r) => rendered.get(r.id)!)],
    );
  return rows
    .filter((r) => r.rendered_json !== null || rendered.has(r.id))
    .map((r) => r.rendered_json ?? rendered.get(r.id)!);
};
