import { contactUpsertBodyFor, type Endpoints } from '@org/model';
import { notFound } from '../core/api-error.js';
import { parseOrThrow } from '../core/validate.js';
import { contactJson, updateContact, upsertContact } from '../store/contacts.js';
import { contactsResource, TABLES } from '../store/resources.js';
import { assertNotExcluded, bulkDeleteOf, cursorList, deleteOne, offsetList } from './common.js';
import { type Handler, ok } from './types.js';

export const contactHandlers = {
  listContacts: offsetList(contactsResource),
  listAllContacts: cursorList(contactsResource),
  deleteContacts: bulkDeleteOf(contactsResource),
  deleteContact: deleteOne(TABLES.contacts, 'contact'),

  getContact: (async ({ auth, params, query, services }) => {
    assertNotExcluded(params.id, query.exclude_ids, 'contact');
    const json = await contactJson(services.db, auth.organizationId, params.id);
    if (!json) throw notFound('contact');
    return ok(json);
  }) satisfies Handler<Endpoints['getContact']>,

  updateContact: (async ({ auth, params, query, body, services }) => {
    assertNotExcluded(params.id, query.exclude_ids, 'contact');
    if (!(await updateContact(services.db, auth.organizationId, params.id, body))) throw notFound('contact');
    // Deleted right after the update (another request): 404, as a later GET would answer.
    const json = await contactJson(services.db, auth.organizationId, params.id);
    if (!json) throw notFound('contact');
    return ok(json);
  }) satisfies Handler<Endpoints['updateContact']>,

  upsertContact: (async ({ auth, query, body, services }) => {
    const identifier = query.identifier!;
    const checked = parseOrThrow(contactUpsertBodyFor(identifier), body, 'body');
    const { created, json } = await upsertContact(
      services.db,
      auth.organizationId,
      identifier,
      checked,
      query.exclude_ids,
    );
    // Listed in exclude_ids, or deleted while it was written: 404, as a later GET would answer.
    if (!json) throw notFound('contact');
    return ok(json, created ? 201 : 200);
  }) satisfies Handler<Endpoints['upsertContact']>,
};
