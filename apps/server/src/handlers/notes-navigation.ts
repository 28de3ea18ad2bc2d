import type { Endpoints } from '@org/model';
import { invalid, notFound } from '../core/api-error.js';
import { offsetPage } from '../store/pages.js';
import { recordJson, renderNavigationEvents, renderNotes } from '../store/simple-records.js';
import { orderByOf, Params, type Selection } from '../store/sql.js';
import { TABLES } from '../store/tables.js';
import { assertNotExcluded, deleteOne } from './common.js';
import { type Handler, ok } from './types.js';

/** The rows of an organization's table, with optional equality filters and exclude_ids. */
const selectionOf = (
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

export const listNotes: Handler<Endpoints['listNotes']> = async ({ auth, query, origin, services }) => {
  const sel = selectionOf(
    TABLES.note,
    auth.organizationId,
    { contact_identity_id: query.contact_identity_id },
    query.exclude_ids,
  );
  const page = { limit: query.limit, offset: query.offset, orderBy: orderByOf('r', query.ordering) };
  return ok(
    await offsetPage(services, sel, { name: TABLES.note }, page, origin, (ids) =>
      renderNotes(services.db, ids),
    ),
  );
};

export const createNote: Handler<Endpoints['createNote']> = async ({ auth, body, services }) => {
  const rows = await services.db.transaction(async (tx) => {
    const contact = await tx.query(
      'SELECT 1 FROM contact_identities WHERE organization_id = $1 AND id = $2',
      [auth.organizationId, body.contact_identity_id],
    );
    if (!contact.length) throw invalid({ contact_identity_id: ['No such contact in this organization.'] });
    return tx.query<{ id: number }>(
      'INSERT INTO notes (organization_id, contact_identity_id, operator_id, body) VALUES ($1, $2, $3, $4) RETURNING id',
      [auth.organizationId, body.contact_identity_id, auth.operator?.id ?? null, body.body],
    );
  });
  return ok((await recordJson(services.db, TABLES.note, auth.organizationId, rows[0]!.id))!, 201);
};

export const getNote: Handler<Endpoints['getNote']> = async ({ auth, params, query, services }) => {
  assertNotExcluded(params.id, query.exclude_ids, 'note');
  const json = await recordJson(services.db, TABLES.note, auth.organizationId, params.id);
  if (!json) throw notFound('note');
  return ok(json);
};

export const deleteNote = deleteOne('note');

export const listNavigationEvents: Handler<Endpoints['listNavigationEvents']> = async ({
  auth,
  query,
  origin,
  services,
}) => {
  const { contact_identity_id, conversation_id, um_widget_id } = query;
  const sel = selectionOf(
    TABLES.navigationEvent,
    auth.organizationId,
    { contact_identity_id, conversation_id, um_widget_id },
    query.exclude_ids,
  );
  const page = { limit: query.limit, offset: query.offset, orderBy: orderByOf('r', query.ordering) };
  const render = (ids: number[]) => renderNavigationEvents(services.db, ids);
  return ok(await offsetPage(services, sel, { name: TABLES.navigationEvent }, page, origin, render));
};

export { selectionOf };
