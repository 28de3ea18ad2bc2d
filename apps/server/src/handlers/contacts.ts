import { contactUpsertBodyFor, type Endpoints } from '@org/model';
import { notFound } from '../core/api-error.js';
import { parseOrThrow } from '../core/validate.js';
import {
  contactJson,
  contactSelection,
  renderContacts,
  updateContact,
  upsertContact,
} from '../store/contacts.js';
import { TABLES } from '../store/tables.js';
import { assertNotExcluded, bulkDeleteOf, cursorList, deleteOne, offsetList } from './common.js';
import { type Handler, ok } from './types.js';

const TABLE = { name: TABLES.contact };
const contactsResource = { table: TABLE, select: contactSelection, render: renderContacts };

export const listContacts = offsetList(contactsResource);

export const listAllContacts = cursorList(contactsResource);

export const deleteContacts = bulkDeleteOf(contactsResource);

export const getContact: Handler<Endpoints['getContact']> = async ({ auth, params, query, services }) => {
  assertNotExcluded(params.id, query.exclude_ids, 'contact');
  const json = await contactJson(services.db, auth.organizationId, params.id);
  if (!json) throw notFound('contact');
  return ok(json);
};

export const updateContactHandler: Handler<Endpoints['updateContact']> = async ({
  auth,
  params,
  query,
  body,
  services,
}) => {
  assertNotExcluded(params.id, query.exclude_ids, 'contact');
  if (!(await updateContact(services.db, auth.organizationId, params.id, body))) throw notFound('contact');
  return ok((await contactJson(services.db, auth.organizationId, params.id))!);
};

export const upsertContactHandler: Handler<Endpoints['upsertContact']> = async ({
  auth,
  query,
  body,
  services,
}) => {
  const identifier = query.identifier!;
  const checked = parseOrThrow(contactUpsertBodyFor(identifier), body, 'body');
  const { id, created } = await upsertContact(
    services.db,
    auth.organizationId,
    identifier,
    checked,
    query.exclude_ids,
  );
  if (query.exclude_ids?.includes(id)) throw notFound('contact');
  return ok((await contactJson(services.db, auth.organizationId, id))!, created ? 201 : 200);
};

export const deleteContact = deleteOne('contact');
