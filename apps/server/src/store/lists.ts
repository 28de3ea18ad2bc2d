import type { Db } from './engine/db.js';
import type { FragmentTable } from './fragments.js';
import { orderByOf, Params, type Selection } from './sql.js';

/**
 * A search orders by rank (ties by id descending) unless the request named an ordering
 * (`explicit`); otherwise the ordering's columns, ties by id.
 */
export function listOrder(sel: Selection, ordering: string, explicit: boolean): string {
  return sel.rank && !explicit ? `${sel.rank} DESC, ${sel.alias}.id DESC` : orderByOf(sel.alias, ordering);
}

/** The rows of an organization's table, with optional equality filters and exclude_ids. */
export function organizationRows(
  table: string,
  organizationId: number,
  equal: Record<string, number | undefined>,
  exclude: number[] | undefined,
): Selection {
  const p = new Params();
  const where = [`r.organization_id = ${p.add(organizationId)}`];
  for (const [column, value] of Object.entries(equal))
    if (value !== undefined) where.push(`r.${column} = ${p.add(value)}`);
  if (exclude?.length) where.push(`NOT (r.id = ANY (${p.add(exclude)}::int[]))`);
  return { from: `${table} r`, alias: 'r', where, params: p };
}

/**
 * Row locks are taken in one order everywhere, so that two instances writing overlapping records
 * wait for each other instead of deadlocking: first the contacts a write will touch (deleting a
 * conversation or a note updates its contact through triggers, 0005), by id; then the rows
 * themselves, by id. A contact delete (cascading to its conversations and notes) starts with the
 * contact too. Whatever still collides is retried by the engine (engine/retry.ts).
 */
const CONTACT_OF: Partial<Record<string, string>> = {
  conversations: 'contact_identity_id',
  notes: 'contact_identity_id',
};

/** Locks the organization's rows `ids` of the table (and first their contacts, see CONTACT_OF) in id order. */
async function lockInOrder(tx: Db, table: FragmentTable, organizationId: number, ids: number[]) {
  const contactColumn = CONTACT_OF[table.name];
  if (contactColumn)
    await tx.query(
      `SELECT id FROM contact_identities WHERE organization_id = $2 AND id IN (
         SELECT ${contactColumn} FROM ${table.name} WHERE organization_id = $2 AND id = ANY ($1::int[]))
       ORDER BY id FOR NO KEY UPDATE`,
      [ids, organizationId],
    );
  await tx.query(
    `SELECT id FROM ${table.name} WHERE organization_id = $2 AND id = ANY ($1::int[]) ORDER BY id FOR UPDATE`,
    [ids, organizationId],
  );
}

/**
 * Deletes at most `limit` rows of the selection in id-descending order (with `ids`: exactly
 * those ids of the selection, whatever the limit), in one transaction; `keep` are conditions a
 * bulk delete never removes. Rows changed by a concurrent write between choosing and locking are
 * checked again, so a row that no longer matches stays.
 */
export function bulkDelete(
  db: Db,
  table: FragmentTable,
  organizationId: number,
  sel: Selection,
  { ids, limit, keep = [] }: { ids?: number[] | undefined; limit: number; keep?: readonly string[] },
) {
  if (ids) sel.where.push(`${sel.alias}.id = ANY (${sel.params.add(ids)}::int[])`);
  const where = [...sel.where, ...keep];
  const chosenParam = `$${sel.params.values.length + 1}`;
  return db.transaction(async (tx) => {
    const chosen = (
      await tx.query<{ id: number }>(
        `SELECT ${sel.alias}.id FROM ${sel.from} WHERE ${where.join(' AND ')}
         ORDER BY ${sel.alias}.id DESC ${ids ? '' : `LIMIT ${limit}`}`,
        sel.params.values,
      )
    ).map((r) => r.id);
    if (!chosen.length) return;
    await lockInOrder(tx, table, organizationId, chosen);
    await tx.query(
      `DELETE FROM ${table.name} WHERE id IN (
         SELECT ${sel.alias}.id FROM ${sel.from}
          WHERE ${where.join(' AND ')} AND ${sel.alias}.id = ANY (${chosenParam}::int[]))`,
      [...sel.params.values, chosen],
    );
  });
}

/** Whether the record is in the organization. */
export async function recordExists(db: Db, table: FragmentTable, organizationId: number, id: number) {
  return (
    (
      await db.query(`SELECT 1 FROM ${table.name} WHERE organization_id = $1 AND id = $2`, [
        organizationId,
        id,
      ])
    ).length > 0
  );
}

/** Deletes one record of the organization (locks as lockInOrder); false when it was not there. */
export function deleteRecord(db: Db, table: FragmentTable, organizationId: number, id: number) {
  return db.transaction(async (tx) => {
    await lockInOrder(tx, table, organizationId, [id]);
    const deleted = await tx.query(
      `DELETE FROM ${table.name} WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [organizationId, id],
    );
    return deleted.length > 0;
  });
}
