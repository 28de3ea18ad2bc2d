import type { Endpoints } from '@org/model';
import { invalid } from '../core/api-error.js';
import { conversationDetailJson, setConversationTopics } from '../store/conversations.js';
import { messageSequenceOf, messagesPage } from '../store/messages.js';
import { conversationsResource, TABLES } from '../store/resources.js';
import {
  answerOne,
  assertExists,
  assertNotExcluded,
  bulkDeleteOf,
  cursorList,
  deleteOne,
  offsetList,
} from './common.js';
import { type Handler, type HandlerContext, ok } from './types.js';

export const conversationHandlers = {
  listConversations: offsetList(conversationsResource),
  listAllConversations: cursorList(conversationsResource),
  // Ongoing conversations (any status but ended) are never bulk-deleted, only one by one.
  deleteConversations: bulkDeleteOf(conversationsResource),
  deleteConversation: deleteOne(TABLES.conversations, 'conversation'),

  getConversation: answerOne('conversation', ({ auth, params, services }) =>
    conversationDetailJson(services, auth.organizationId, params.id),
  ),

  updateConversation: answerOne(
    'conversation',
    ({ auth, params, body, services }: HandlerContext<Endpoints['updateConversation']>) =>
      setConversationTopics(services, auth.organizationId, params.id, body.topics),
  ),

  listMessages: (async (ctx) => {
    const { params, query, origin, services } = ctx;
    assertNotExcluded(params.id, query.exclude_ids?.ids, 'conversation');
    await assertExists(ctx, TABLES.conversations, params.id, 'conversation');
    if (
      query.cursor !== undefined &&
      messageSequenceOf(params.id)(query.cursor.replace(/^-/, '')) === undefined
    )
      throw invalid({
        cursor: ['Expected a message id of this conversation, e.g. 1042.2077.3 (or -1042.2077.3).'],
      });
    // Excluded messages of this conversation are left out of the page, as other lists do.
    const exclude = (query.exclude_ids?.messageIds ?? []).filter(
      (id) => messageSequenceOf(params.id)(id) !== undefined,
    );
    const options = {
      limit: query.limit,
      cursor: query.cursor,
      descending: query.ordering.startsWith('-'),
      exclude,
    };
    return ok(await messagesPage(services, params.id, options, origin));
  }) satisfies Handler<Endpoints['listMessages']>,
};
