import type { OperatorSlots } from '@org/model';
import type { Db } from './engine/db.js';
import { Params } from './sql.js';

/** Sets the given fields (names from the model's PATCH schema, values as parameters); false if absent. */
export async function updateOperator(
  db: Db,
  organizationId: number,
  id: number,
  fields: Record<string, unknown>,
): Promise<boolean> {
  const p = new Params();
  const set = [
    ...Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k} = ${p.add(v)}`),
    'updated_at = um_now()',
  ];
  const rows = await db.query(
    `UPDATE operators SET ${set.join(', ')} WHERE organization_id = ${p.add(organizationId)} AND id = ${p.add(id)} RETURNING id`,
    p.values,
  );
  return rows.length > 0;
}

/** The ids among `ids` that name no operator group of the organization (ascending). */
export async function unknownOperatorGroups(
  db: Db,
  organizationId: number,
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const p = new Params();
  const rows = await db.query<{ id: number }>(
    `SELECT x.id FROM unnest(${p.add(ids)}::int[]) AS x(id)
      WHERE NOT EXISTS (SELECT 1 FROM operator_groups g WHERE g.organization_id = ${p.add(organizationId)} AND g.id = x.id)
      ORDER BY x.id`,
    p.values,
  );
  return rows.map((r) => Number(r.id));
}

/** An operator's slots; used = its ongoing conversations holding a reserved slot. Null if absent. */
export async function operatorSlots(
  db: Db,
  organizationId: number,
  id: number,
): Promise<OperatorSlots | null> {
  const rows = await db.query<{ total_slots: number; used_slots: number }>(
    `SELECT o.total_slots, (SELECT count(*)::int FROM conversations v
        WHERE v.organization_id = o.organization_id AND v.operator_assigned_to = o.id
          AND v.status <> 'ended' AND v.slot_reserved) AS used_slots
       FROM operators o WHERE o.organization_id = $1 AND o.id = $2`,
    [organizationId, id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    operator_id: id,
    total_slots: row.total_slots,
    used_slots: row.used_slots,
    free_slots: Math.max(0, row.total_slots - row.used_slots),
  };
}

/** Away on or off (the status follows); false if the operator is not there. */
export async function setOperatorAway(db: Db, organizationId: number, id: number, isAway: boolean) {
  return (
    (
      await db.query(
        `UPDATE operators SET is_away = $3, status = CASE WHEN $3 THEN 'away' ELSE 'online' END, updated_at = um_now()
        WHERE organization_id = $1 AND id = $2 RETURNING id`,
        [organizationId, id, isAway],
      )
    ).length > 0
  );
}
