import type { Endpoints } from '@org/model';
import { invalid, notFound } from '../core/api-error.js';
import {
  conversationDetailJson,
  conversationPageSelection,
  conversationSelection,
  renderConversations,
  renderMessagesOf,
  setConversationTopics,
} from '../store/conversations.js';
import { cursorPage } from '../store/pages.js';
import { Params } from '../store/sql.js';
import { TABLES } from '../store/tables.js';
import {
  assertExists,
  assertNotExcluded,
  bulkDeleteOf,
  cursorList,
  deleteOne,
  offsetList,
} from './common.js';
import { type Handler, ok } from './types.js';

const TABLE = { name: TABLES.conversation, versionIndexed: true };
const conversationsResource = {
  table: TABLE,
  select: conversationSelection,
  pageSelect: conversationPageSelection,
  render: renderConversations,
};

export const listConversations = offsetList(conversationsResource);

export const listAllConversations = cursorList(conversationsResource);

// Ongoing conversations (any status but ended) are never bulk-deleted (D8).
export const deleteConversations = bulkDeleteOf(conversationsResource, ["v.status = 'ended'"]);

export const getConversation: Handler<Endpoints['getConversation']> = async ({
  auth,
  params,
  query,
  services,
}) => {
  assertNotExcluded(params.id, query.exclude_ids, 'conversation');
  const json = await conversationDetailJson(services.db, auth.organizationId, params.id);
  if (!json) throw notFound('conversation');
  return ok(json);
};

export const updateConversation: Handler<Endpoints['updateConversation']> = async ({
  auth,
  params,
  query,
  body,
  services,
}) => {
  assertNotExcluded(params.id, query.exclude_ids, 'conversation');
  await assertExists(services.db, 'conversation', auth.organizationId, params.id);
  await setConversationTopics(services.db, auth.organizationId, params.id, body.topics);
  return ok((await conversationDetailJson(services.db, auth.organizationId, params.id))!);
};

export const deleteConversation = deleteOne('conversation');

/** Message cursors are message ids `<conversation>.<part>.<sequence>`; the sequence orders them. */
const sequenceOf = (conversationId: number) => (cursor: string) => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(cursor);
  return m && Number(m[1]) === conversationId ? Number(m[3]) : undefined;
};

export const listMessages: Handler<Endpoints['listMessages']> = async ({
  auth,
  params,
  query,
  origin,
  services,
}) => {
  assertNotExcluded(params.id, query.exclude_ids, 'conversation');
  const conversationId = params.id;
  await assertExists(services.db, 'conversation', auth.organizationId, conversationId);
  const keyOf = sequenceOf(conversationId);
  if (query.cursor !== undefined && keyOf(query.cursor.replace(/^-/, '')) === undefined)
    throw invalid({
      cursor: ['Expected a message id of this conversation, e.g. 1042.2077.3 (or -1042.2077.3).'],
    });
  const values = new Params();
  const sel = {
    from: `${TABLES.message} m`,
    alias: 'm',
    where: [`m.conversation_id = ${values.add(conversationId)}`],
    params: values,
  };
  const table = {
    name: TABLES.message,
    idColumn: 'sequence',
    scope: { column: 'conversation_id', value: conversationId },
  };
  const rows = await cursorPage(
    services,
    sel,
    table,
    {
      limit: query.limit,
      cursor: query.cursor,
      descending: query.ordering.startsWith('-'),
      withCount: false,
      keyOf,
      extraColumns: 'm.part_id',
      cursorOf: (row) => `${conversationId}.${row.part_id}.${row.id}`,
    },
    origin,
    renderMessagesOf(services.db, conversationId),
  );
  return ok(rows);
};
