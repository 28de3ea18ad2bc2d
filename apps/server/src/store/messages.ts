import type { RequestOrigin } from '../core/links.js';
import { renderMessagesOf } from './conversations.js';
import { cursorPage, type PageDeps } from './pages.js';
import { Params } from './sql.js';

/** Message ids are `<conversation>.<part>.<sequence>`; the sequence orders a conversation's messages. */
export function messageSequenceOf(conversationId: number) {
  return function messageSequence(messageId: string) {
    const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(messageId);
    return m && Number(m[1]) === conversationId ? Number(m[3]) : undefined;
  };
}

/** A cursor page of one conversation's messages (cursor: a message id of it, `-` for before). */
export function messagesPage(
  deps: PageDeps,
  conversationId: number,
  options: { limit: number; cursor: string | undefined; descending: boolean; exclude?: string[] },
  origin: RequestOrigin,
) {
  const values = new Params();
  const sel = {
    from: 'messages m',
    alias: 'm',
    where: [
      `m.conversation_id = ${values.add(conversationId)}`,
      ...(options.exclude?.length ? [`NOT (m.id = ANY (${values.add(options.exclude)}::text[]))`] : []),
    ],
    params: values,
  };
  const table = {
    name: 'messages',
    idColumn: 'sequence',
    scope: { column: 'conversation_id', value: conversationId },
  };
  return cursorPage(
    deps,
    sel,
    table,
    {
      limit: options.limit,
      cursor: options.cursor,
      descending: options.descending,
      withCount: false,
      keyOf: messageSequenceOf(conversationId),
      extraColumns: 'm.part_id',
      cursorOf: (row) => `${conversationId}.${row.part_id}.${row.id}`,
    },
    origin,
    renderMessagesOf(deps.db, conversationId),
  );
}
