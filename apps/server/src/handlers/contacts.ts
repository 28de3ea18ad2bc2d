import { contactUpsertBodyFor, type Endpoints } from '@org/model';
import { notFound } from '../core/api-error.js';
import { parseOrThrow } from '../core/validate.js';
import { contactJson, updateContact, upsertContact } from '../store/contacts.js';
import { contactsResource, TABLES } from '../store/resources.js';
import { answerOne, bulkDeleteOf, cursorList, deleteOne, offsetList } from './common.js';
import { type Handler, type HandlerContext, ok } from './types.js';

export const contactHandlers = {
  listContacts: offsetList(contactsResource),
  listAllContacts: cursorList(contactsResource),
  deleteContacts: bulkDeleteOf(contactsResource),
  deleteContact: deleteOne(TABLES.contacts, 'contact'),

  getContact: answerOne('contact', ({ auth, params, services }) =>
    contactJson(services.db, auth.organizationId, params.id),
  ),

  updateContact: answerOne(
    'contact',
    async ({ auth, params, body, services }: HandlerContext<Endpoints['updateContact']>) => {
      if (!(await updateContact(services.db, auth.organizationId, params.id, body))) return null;
      // Deleted right after the update (another request): 404, as a later GET would answer.
      return contactJson(services.db, auth.organizationId, params.id);
    },
  ),

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
