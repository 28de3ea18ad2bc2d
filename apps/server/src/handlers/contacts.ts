import { contactUpsertBodyFor, type Endpoints, LIMITS } from '@org/model';
import { invalid, notFound } from '../http/api-error.js';
import { parseOrThrow } from '../http/validate.js';
import {
  contactJson,
  contactSelection,
  renderContacts,
  updateContact,
  upsertContact,
} from '../repos/contacts.js';
import { assertNotExcluded, bulkDelete, cursorList, deleteOne, offsetList } from './common.js';
import { type Handler, noContent, ok } from './types.js';

const TABLE = { name: 'contact_identities' };
const contactsResource = { table: TABLE, select: contactSelection, render: renderContacts };
const MAX_DELETE_IDS = LIMITS.bulkDelete.maxLimit;

export const listContacts = offsetList(contactsResource);

export const listAllContacts = cursorList(contactsResource);

export const deleteContacts: Handler<Endpoints['deleteContacts']> = async ({ auth, query, services }) => {
  if (query.delete_ids && query.delete_ids.length > MAX_DELETE_IDS)
    throw invalid({ delete_ids: [`At most ${MAX_DELETE_IDS} ids per request.`] });
  const sel = contactSelection(
    auth.organizationId,
    query.delete_ids
      ? { exclude_ids: query.exclude_ids }
      : { ...query, search_tsquery: await services.searches.of(query.search_query) },
  );
  if (query.delete_ids) sel.where.push(`c.id = ANY (${sel.params.add(query.delete_ids)}::int[])`);
  await bulkDelete(services.db, 'contact_identities', sel, {
    limit: query.limit,
    deleteIds: query.delete_ids,
  });
  return noContent();
};

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

export const deleteContact = deleteOne('contact_identities', 'contact');
