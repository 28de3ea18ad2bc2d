import type { Db } from './engine/db.js';
import type { FragmentTable } from './fragments.js';
import { orderByOf, Params, type Selection } from './sql.js';

/**
 * D11: a search orders by rank (ties by id descending) unless the request named an ordering
 * (`explicit`); otherwise the ordering's columns, ties by id.
 */
export const listOrder = (sel: Selection, ordering: string, explicit: boolean): string =>
  sel.rank && !explicit ? `${sel.rank} DESC, ${sel.alias}.id DESC` : orderByOf(sel.alias, ordering);

/** The rows of an organization's table, with optional equality filters and exclude_ids. */
export const organizationRows = (
  table: string,
  organizationId: number,
  equal: Record<string, number | undefined>,
  exclude: number[] | undefined,
): Selection => {
  const p = new Params();
  const where = [`r.organization_id = ${p.add(organizationId)}`];
  for (const [column, value] of Object.entries(equal))
    if (value !== undefined) where.push(`r.${column} = ${p.add(value)}`);
  if (exclude?.length) where.push(`NOT (r.id = ANY (${p.add(exclude)}::int[]))`);
  return { from: `${table} r`, alias: 'r', where, params: p };
};

/**
 * D8: deletes at most `limit` rows of the selection in id-descending order (with `ids`: exactly
 * those ids of the selection, whatever the limit), in one transaction; `keep` are conditions a
 * bulk delete never removes.
 */
export const bulkDelete = (
  db: Db,
  table: FragmentTable,
  sel: Selection,
  { ids, limit, keep = [] }: { ids?: number[] | undefined; limit: number; keep?: readonly string[] },
) => {
  if (ids) sel.where.push(`${sel.alias}.id = ANY (${sel.params.add(ids)}::int[])`);
  const where = [...sel.where, ...keep];
  return db.transaction((tx) =>
    tx.query(
      `DELETE FROM ${table.name} WHERE id IN (
         SELECT ${sel.alias}.id FROM ${sel.from} WHERE ${where.join(' AND ')}
         ORDER BY ${sel.alias}.id DESC ${ids ? '' : `LIMIT ${limit}`} FOR UPDATE)`,
      sel.params.values,
    ),
  );
};

/** Whether the record is in the organization. */
export const recordExists = async (db: Db, table: FragmentTable, organizationId: number, id: number) =>
  (await db.query(`SELECT 1 FROM ${table.name} WHERE organization_id = $1 AND id = $2`, [organizationId, id]))
    .length > 0;

/** Deletes one record of the organization; false when it was not there. */
export const deleteRecord = async (db: Db, table: FragmentTable, organizationId: number, id: number) =>
  (
    await db.query(`DELETE FROM ${table.name} WHERE organization_id = $1 AND id = $2 RETURNING id`, [
      organizationId,
      id,
    ])
  ).length > 0;
