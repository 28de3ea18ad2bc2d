import type { Endpoints } from '@org/model';
import { invalid } from '../core/api-error.js';
import { organizationRows } from '../store/lists.js';
import { createNote } from '../store/notes.js';
import { offsetPage } from '../store/pages.js';
import { simpleResources, TABLES } from '../store/resources.js';
import { recordJson } from '../store/simple-records.js';
import { orderByOf } from '../store/sql.js';
import { answerOne, deleteOne } from './common.js';
import { type Handler, ok } from './types.js';

export const noteAndNavigationHandlers = {
  listNotes: (async ({ auth, query, origin, services }) => {
    const { table, render } = simpleResources.notes;
    const equal = { contact_identity_id: query.contact_identity_id };
    const sel = organizationRows(table.name, auth.organizationId, equal, query.exclude_ids);
    const page = { limit: query.limit, offset: query.offset, orderBy: orderByOf('r', query.ordering) };
    return ok(await offsetPage(services, sel, table, page, origin, (ids) => render(services.db, ids)));
  }) satisfies Handler<Endpoints['listNotes']>,

  createNote: (async ({ auth, body, services }) => {
    const json = await createNote(services.db, auth.organizationId, {
      contact_identity_id: body.contact_identity_id,
      operator_id: auth.operator?.id ?? null,
      body: body.body,
    });
    if (json === null) throw invalid({ contact_identity_id: ['No such contact in this organization.'] });
    return ok(json, 201);
  }) satisfies Handler<Endpoints['createNote']>,

  getNote: answerOne('note', ({ auth, params, services }) =>
    recordJson(services.db, 'notes', auth.organizationId, params.id),
  ),

  deleteNote: deleteOne(TABLES.notes, 'note'),

  listNavigationEvents: (async ({ auth, query, origin, services }) => {
    const { table, render } = simpleResources.navigationEvents;
    const { contact_identity_id, conversation_id, um_widget_id } = query;
    const equal = { contact_identity_id, conversation_id, um_widget_id };
    const sel = organizationRows(table.name, auth.organizationId, equal, query.exclude_ids);
    const page = { limit: query.limit, offset: query.offset, orderBy: orderByOf('r', query.ordering) };
    return ok(await offsetPage(services, sel, table, page, origin, (ids) => render(services.db, ids)));
  }) satisfies Handler<Endpoints['listNavigationEvents']>,
};
