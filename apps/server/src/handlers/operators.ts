import type { Endpoints } from '@org/model';
import { notFound, permissionDenied } from '../core/api-error.js';
import { offsetPage } from '../store/pages.js';
import { recordJson, renderOperators } from '../store/simple-records.js';
import { orderByOf, Params } from '../store/sql.js';
import { TABLES } from '../store/tables.js';
import { assertNotExcluded, deleteOne } from './common.js';
import { selectionOf } from './notes-navigation.js';
import { type Handler, ok } from './types.js';

const operatorOr404 = async (
  services: Parameters<Handler>[0]['services'],
  organizationId: number,
  id: number,
) => {
  const json = await recordJson(services.db, TABLES.operator, organizationId, id);
  if (!json) throw notFound('operator');
  return json;
};

export const listOperators: Handler<Endpoints['listOperators']> = async ({
  auth,
  query,
  origin,
  services,
}) => {
  const sel = selectionOf(TABLES.operator, auth.organizationId, {}, query.exclude_ids);
  const page = { limit: query.limit, offset: query.offset, orderBy: orderByOf('r', query.ordering) };
  const render = (ids: number[]) => renderOperators(services.db, ids);
  return ok(await offsetPage(services, sel, { name: TABLES.operator }, page, origin, render));
};

export const getOperator: Handler<Endpoints['getOperator']> = async ({ auth, params, query, services }) => {
  assertNotExcluded(params.id, query.exclude_ids, 'operator');
  return ok(await operatorOr404(services, auth.organizationId, params.id));
};

export const updateOperator: Handler<Endpoints['updateOperator']> = async ({
  auth,
  params,
  query,
  body,
  services,
}) => {
  assertNotExcluded(params.id, query.exclude_ids, 'operator');
  // D4: only admins change roles; a non-admin may change itself (capabilities.ts), but not its role.
  const acting = auth.operator;
  if (acting && acting.role !== 'admin' && body.role !== undefined && body.role !== acting.role)
    throw permissionDenied(`Operator ${acting.id} (role ${acting.role}) may not change its role.`);
  // The away status changes only through /away/ (v3 change list): is_away is accepted and ignored.
  const { is_away: _ignored, ...fields } = body;
  const p = new Params();
  const set = [
    ...Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k} = ${p.add(v)}`),
    'updated_at = now()',
  ];
  const rows = await services.db.query(
    `UPDATE operators SET ${set.join(', ')} WHERE organization_id = ${p.add(auth.organizationId)} AND id = ${p.add(params.id)} RETURNING id`,
    p.values,
  );
  if (!rows.length) throw notFound('operator');
  return ok(await operatorOr404(services, auth.organizationId, params.id));
};

export const deleteOperator = deleteOne('operator');

export const getOperatorSlots: Handler<Endpoints['getOperatorSlots']> = async ({
  auth,
  params,
  query,
  services,
}) => {
  assertNotExcluded(params.id, query.exclude_ids, 'operator');
  // Used slots: the operator's ongoing conversations holding a reserved slot.
  const rows = await services.db.query<{ total_slots: number; used_slots: number }>(
    `SELECT o.total_slots, (SELECT count(*)::int FROM conversations v
        WHERE v.organization_id = o.organization_id AND v.operator_assigned_to = o.id
          AND v.status <> 'ended' AND v.slot_reserved) AS used_slots
       FROM operators o WHERE o.organization_id = $1 AND o.id = $2`,
    [auth.organizationId, params.id],
  );
  const row = rows[0];
  if (!row) throw notFound('operator');
  const slots = {
    operator_id: params.id,
    total_slots: row.total_slots,
    used_slots: row.used_slots,
    free_slots: Math.max(0, row.total_slots - row.used_slots),
  };
  return ok(JSON.stringify(slots));
};

export const setOperatorAway: Handler<Endpoints['setOperatorAway']> = async ({
  auth,
  params,
  query,
  body,
  services,
}) => {
  assertNotExcluded(params.id, query.exclude_ids, 'operator');
  const rows = await services.db.query(
    `UPDATE operators SET is_away = $3, status = CASE WHEN $3 THEN 'away' ELSE 'online' END, updated_at = now()
      WHERE organization_id = $1 AND id = $2 RETURNING id`,
    [auth.organizationId, params.id, body.is_away],
  );
  if (!rows.length) throw notFound('operator');
  return ok(await operatorOr404(services, auth.organizationId, params.id));
};
