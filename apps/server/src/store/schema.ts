import { CONVERSATION_ORDERINGS } from '@org/model';

/**
 * Names of the schema the queries rely on. They must agree with the migrations (migrations/*.sql),
 * which are frozen SQL and so cannot import them: schema.test.ts checks each against a migrated
 * database.
 */

/** Where the rendered JSON of a table's records is kept (0012). */
export function rendersTableOf(table: string) {
  return `${table}_renders`;
}

/** The channel every committed write to a counted table is announced on, payload the table (0013). */
export const CHANGES_CHANNEL = 'um_changes';

/** Tables authentication reads (0015): a write to one clears every instance's token caches. */
export const AUTH_TABLES: readonly string[] = ['api_tokens', 'organizations', 'operators'];

/**
 * The setting that marks the server's own connections (0023): their writes to those tables notify
 * nothing from the triggers, which would make commits wait for one another; the server announces
 * them after they commit (core/announcer.ts).
 */
export const ANNOUNCE_SETTING = { name: 'um.announce', server: 'server' } as const;

/** The multi-valued conversation filters, by kind: the array column each key comes from (0014). */
export const LIST_KEY_KINDS = { topic: 'topic_ids', widget: 'um_widget_ids' } as const;

/** The columns conversation pages are ordered by (each ordering and its reverse share an index; 0011, 0014). */
export const ORDER_COLUMNS = [...new Set(CONVERSATION_ORDERINGS.map((o) => o.replace(/^-/, '')))].filter(
  (c) => c !== 'id',
);
