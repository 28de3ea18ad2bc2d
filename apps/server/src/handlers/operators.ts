import type { Endpoints } from '@org/model';
import { invalid, notFound, permissionDenied } from '../core/api-error.js';
import { jsonText } from '../core/json.js';
import { organizationRows } from '../store/lists.js';
import { operatorSlots, setOperatorAway, unknownOperatorGroups, updateOperator } from '../store/operators.js';
import { offsetPage } from '../store/pages.js';
import { simpleResources, TABLES } from '../store/resources.js';
import { recordJson } from '../store/simple-records.js';
import { orderByOf } from '../store/sql.js';
import { answerOne, assertNotExcluded, deleteOne } from './common.js';
import { type Handler, type HandlerContext, ok } from './types.js';

async function operatorOr404({ auth, services }: Pick<HandlerContext, 'auth' | 'services'>, id: number) {
  const json = await recordJson(services.db, 'operators', auth.organizationId, id);
  if (!json) throw notFound('operator');
  return json;
}

export const operatorHandlers = {
  listOperators: (async ({ auth, query, origin, services }) => {
    const { table, render } = simpleResources.operators;
    const sel = organizationRows(table.name, auth.organizationId, {}, query.exclude_ids);
    const page = { limit: query.limit, offset: query.offset, orderBy: orderByOf('r', query.ordering) };
    return ok(await offsetPage(services, sel, table, page, origin, (ids) => render(services.db, ids)));
  }) satisfies Handler<Endpoints['listOperators']>,

  getOperator: (async (ctx) => {
    assertNotExcluded(ctx.params.id, ctx.query.exclude_ids, 'operator');
    return ok(await operatorOr404(ctx, ctx.params.id));
  }) satisfies Handler<Endpoints['getOperator']>,

  updateOperator: (async (ctx) => {
    const { auth, params, query, body, services } = ctx;
    assertNotExcluded(params.id, query.exclude_ids, 'operator');
    // Only admins change roles; a non-admin may change itself (capabilities.ts), but not its role: no
    // self-promotion.
    const acting = auth.operator;
    if (acting && acting.role !== 'admin' && body.role !== undefined && body.role !== acting.role)
      throw permissionDenied(`Operator ${acting.id} (role ${acting.role}) may not change its role.`);
    // The away status changes only through /away/ (v3 change list): is_away is accepted and ignored.
    const { is_away: _ignored, ...fields } = body;
    // operator_group_ids name groups of this organization; unknown or foreign ids answer 400.
    const unknown = await unknownOperatorGroups(
      services.db,
      auth.organizationId,
      body.operator_group_ids ?? [],
    );
    if (unknown.length)
      throw invalid(
        { operator_group_ids: [`No operator group of this organization has the id ${unknown.join(', ')}.`] },
        `Invalid body: operator_group_ids ${unknown.join(', ')} name no operator group of organization ${auth.organizationId}.`,
      );
    if (!(await updateOperator(services.db, auth.organizationId, params.id, fields)))
      throw notFound('operator');
    return ok(await operatorOr404(ctx, params.id));
  }) satisfies Handler<Endpoints['updateOperator']>,

  deleteOperator: deleteOne(TABLES.operators, 'operator'),

  getOperatorSlots: answerOne('operator', async ({ auth, params, services }) => {
    const slots = await operatorSlots(services.db, auth.organizationId, params.id);
    return slots ? jsonText(slots) : null;
  }),

  setOperatorAway: (async (ctx) => {
    const { auth, params, query, body, services } = ctx;
    assertNotExcluded(params.id, query.exclude_ids, 'operator');
    if (!(await setOperatorAway(services.db, auth.organizationId, params.id, body.is_away)))
      throw notFound('operator');
    return ok(await operatorOr404(ctx, params.id));
  }) satisfies Handler<Endpoints['setOperatorAway']>,
};
