import type { Conversation, ConversationDetail, Message } from '@org/model';
import { conversationFilters } from '@org/model';
import type { z } from 'zod';
import { unavailable } from '../core/api-error.js';
import type { CountCache } from '../core/count-cache.js';
import { assembledJson, type JsonParts, type JsonText, jsonText } from '../core/json.js';
import { renderConversation, renderMessage, renderPart } from '../core/render.js';
import type { Db } from './engine/db.js';
import { RETRY } from './engine/retry.js';
import type { FragmentCache, FragmentTable } from './fragments.js';
import { type LIST_KEY_KINDS, rendersTableOf } from './schema.js';
import {
  ASYNC_COMMIT,
  addSearch,
  type Conditions,
  conditionsApplier,
  Params,
  type Selection,
} from './sql.js';

/** The filters of the conversation filters table, as the model parses them. */
type ModelConversationFilters = z.output<z.ZodObject<typeof conversationFilters>>;

/** The filters of the conversation list, all and bulk delete endpoints: the model's table, exclude_ids, search. */
export type ConversationFilters = ModelConversationFilters & {
  exclude_ids?: number[] | undefined;
  /** The resolved search (SearchQueries.of of search_query); undefined: no search. */
  search_tsquery?: string | null | undefined;
};

/** Date-range filters: parameter prefix -> column. "from" is inclusive after, "to" inclusive before. */
const DATE_RANGES = {
  contact_first_message: 'contact_first_message_sent_at',
  contact_last_message: 'contact_last_message_sent_at',
  updated_at: 'updated_at',
  last_activity: 'last_activity_at',
} as const;
type DateRangeFilter = `${keyof typeof DATE_RANGES}_${'from' | 'to'}_date`;

const dateConditions = Object.fromEntries(
  Object.entries(DATE_RANGES).flatMap(([prefix, column]) => [
    [`${prefix}_from_date`, (v: Date, p: Params) => `v.${column} >= ${p.add(v.toISOString())}::timestamptz`],
    [`${prefix}_to_date`, (v: Date, p: Params) => `v.${column} <= ${p.add(v.toISOString())}::timestamptz`],
  ]),
) as Conditions<Pick<ModelConversationFilters, DateRangeFilter>>;

/**
 * The WHERE condition of every model filter (alias v). Exhaustive: a filter added to the model without
 * a condition here does not compile, so it can never be silently ignored.
 */
export const CONVERSATION_CONDITIONS: Conditions<ModelConversationFilters> = {
  contact_uuid: (v, p) => `v.conversation_contact_uuid = ${p.add(v)}::uuid`,
  contact_identity_id: (v, p) => `v.contact_identity_id = ${p.add(v)}`,
  operator_id: (v, p) => `v.operator_assigned_to = ${p.add(v)}`,
  status: (v, p) => `v.status = ${p.add(v)}`,
  // topic_ids mirrors conversation_topics (triggers); a topic alone is read from the list keys (0014),
  // with other filters it is checked on the rows their ordering index selects (0024).
  topics: (v, p) => `v.topic_ids @> ARRAY[${p.add(v)}::int]`,
  um_widget_id: (v, p) => `v.um_widget_ids @> ARRAY[${p.add(v)}::int]`,
  chat_widget_id: (v, p) => `v.um_widget_ids @> ARRAY[${p.add(v)}::int]`,
  ...dateConditions,
  id__gt: (v, p) => `v.id > ${p.add(v)}`,
  id__lt: (v, p) => `v.id < ${p.add(v)}`,
};
const conditionsOf = conditionsApplier(CONVERSATION_CONDITIONS);

/**
 * Filters the ordering indexes do not carry (0011): the best plan of a page with one of them depends
 * on its value (how narrow a date range is, how many conversations a contact has).
 */
const VALUE_PLANNED_FILTERS: ReadonlyArray<keyof ConversationFilters> = [
  'contact_uuid',
  'contact_identity_id',
  ...Object.keys(DATE_RANGES).flatMap((prefix) => [`${prefix}_from_date`, `${prefix}_to_date`] as const),
  'search_tsquery',
] as Array<keyof ConversationFilters>;

/** The conversations of one organization matching the filters (AND-combined). */
export function conversationSelection(organizationId: number, f: ConversationFilters): Selection {
  const p = new Params();
  const where = [`v.organization_id = ${p.add(organizationId)}`, ...conditionsOf(f, p)];
  if (f.exclude_ids?.length) where.push(`NOT (v.id = ANY (${p.add(f.exclude_ids)}::int[]))`);
  const sel: Selection = {
    from: 'conversations v',
    alias: 'v',
    where,
    params: p,
    indexServed: VALUE_PLANNED_FILTERS.every((key) => f[key] === undefined),
  };
  addSearch(sel, f.search_tsquery);
  return sel;
}

/** The filters a conversation_list_keys row answers (0014), by the kind of its key. */
const KEYED_FILTERS: Partial<Record<keyof ConversationFilters, keyof typeof LIST_KEY_KINDS>> = {
  topics: 'topic',
  um_widget_id: 'widget',
  chat_widget_id: 'widget',
};
/** Filters on the conversation id itself, which any selection of conversation ids can apply. */
const ID_FILTERS: ReadonlyArray<keyof ConversationFilters> = ['exclude_ids', 'id__gt', 'id__lt'];
/** Every filter a page selection may be given (the model's filters table, exclude_ids, search). */
const PAGE_FILTERS = [...Object.keys(conversationFilters), 'exclude_ids', 'search_tsquery'] as Array<
  keyof ConversationFilters
>;

/**
 * The selection pages read: a topic or a widget alone (with at most id filters) is read from its own
 * entries in conversation_list_keys (0014); anything else from conversations.
 */
export function conversationPageSelection(organizationId: number, f: ConversationFilters): Selection {
  const given = PAGE_FILTERS.filter((key) => f[key] !== undefined);
  const keyed = given.filter((key) => key in KEYED_FILTERS);
  const others = given.filter((key) => !(key in KEYED_FILTERS) && !ID_FILTERS.includes(key));
  if (keyed.length !== 1 || others.length) return conversationSelection(organizationId, f);
  const filter = keyed[0] as 'topics' | 'um_widget_id' | 'chat_widget_id';
  const p = new Params();
  const where = [
    `k.organization_id = ${p.add(organizationId)}`,
    `k.kind = '${KEYED_FILTERS[filter]}'`,
    `k.key = ${p.add(f[filter])}`,
  ];
  if (f.id__gt !== undefined) where.push(`k.id > ${p.add(f.id__gt)}`);
  if (f.id__lt !== undefined) where.push(`k.id < ${p.add(f.id__lt)}`);
  if (f.exclude_ids?.length) where.push(`NOT (k.id = ANY (${p.add(f.exclude_ids)}::int[]))`);
  return {
    from: 'conversation_list_keys k',
    alias: 'k',
    version: '(SELECT v.version FROM conversations v WHERE v.id = k.id)',
    where,
    params: p,
    indexServed: true,
  };
}

/** The topics of conversation v, as the list form embeds them. */
const TOPICS_OF_V = `(SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t.id), '[]'::jsonb)
     FROM conversation_topics ct JOIN topics t ON t.organization_id = ct.organization_id AND t.id = ct.topic_id
    WHERE ct.conversation_id = v.id)`;

/**
 * The list form's columns (alias v); `extra` adds columns, `where` selects the conversations.
 * `rows` (conversations by default) and `topics` let a write render the rows it just wrote.
 */
function renderSql(
  extra: string,
  where: string,
  { rows = 'conversations v', topics = TOPICS_OF_V }: { rows?: string; topics?: string } = {},
) {
  return `
SELECT v.*, w.name AS widget_name, w.language_name AS widget_language_name,
  to_jsonb(c) - '{search_vector,version}'::text[] AS contact,
  (SELECT to_jsonb(m) - 'version' FROM messages m
    WHERE m.conversation_id = v.id ORDER BY m.sequence DESC LIMIT 1) AS last_message,
  ${topics} AS topics${extra}
FROM ${rows}
JOIN contact_identities c ON c.organization_id = v.organization_id AND c.id = v.contact_identity_id
JOIN um_widgets w ON w.organization_id = v.organization_id AND w.id = v.um_widget_id
WHERE ${where}`;
}

const RENDER_SQL = renderSql('', 'v.id = ANY ($1::int[])');

/** Renders conversations (list form) by id. */
export async function renderConversations(
  db: Db,
  ids: number[],
): Promise<Map<number, JsonText<Conversation>>> {
  const rows = await db.query<Record<string, any>>(RENDER_SQL, [ids]);
  return new Map(
    rows.filter((r) => r.last_message).map((r) => [r.id as number, jsonText(renderConversation(r))]),
  );
}

/** The part set of conversation v, the single-conversation form's addition to the list form. */
const PARTS_OF_V = `,
  (SELECT coalesce(jsonb_agg(to_jsonb(p) ORDER BY p.id), '[]'::jsonb)
     FROM conversation_parts p WHERE p.organization_id = v.organization_id AND p.conversation_id = v.id) AS parts`;

/** The single-conversation form: the list form plus conversation_part_set, in one statement. */
const DETAIL_RENDER_SQL = renderSql(PARTS_OF_V, 'v.organization_id = $1 AND v.id = $2');

/** The JSON of a single conversation from its row (DETAIL_RENDER_SQL's columns); null: not one to show. */
function detailJsonOf(r: Record<string, any> | undefined): string | null {
  return r?.last_message
    ? // The list form with the part set appended (both rendered from the model's record types).
      `${jsonText(renderConversation(r)).slice(0, -1)},"conversation_part_set":${JSON.stringify(
        (r.parts as Array<Record<string, unknown>>).map(renderPart),
      )}}`
    : null;
}

/** Where single conversations are kept rendered (0017), in the process and in the database. */
const DETAILS: FragmentTable = { name: 'conversation_details' };
const DETAILS_RENDERS = rendersTableOf(DETAILS.name);

/** The database, the process cache of rendered records, and the cache dropped by every write. */
export interface DetailDeps {
  db: Db;
  fragments: FragmentCache;
  counts: CountCache;
}

/**
 * The JSON of a single conversation (list form plus conversation_part_set): the bytes this process
 * keeps for the conversation's current version, else its stored render, else rendered and stored.
 * The current version is kept with the counts, so a conversation read again before any write
 * is announced costs no statement; else one when either copy is current. `written`: the caller
 * just wrote it, so no copy is.
 */
export async function conversationDetailJson(
  deps: DetailDeps,
  organizationId: number,
  id: number,
  { written = false }: { written?: boolean } = {},
): Promise<JsonParts<ConversationDetail> | null> {
  const group = deps.fragments.groupOf(DETAILS);
  if (!written) {
    const cached = group.get(id);
    let stored: string | null = null;
    const version = await deps.counts.get(`detail\u0000${organizationId}\u0000${id}`, async () => {
      // The stored render is sent only when this process's copy is not current.
      const [row] = await deps.db.queryPrepared<{ version: number; json: string | null }>(
        `SELECT v.version, CASE WHEN v.version = $3 THEN NULL ELSE r.json END AS json
           FROM conversations v LEFT JOIN ${DETAILS_RENDERS} r ON r.id = v.id AND r.version = v.version
          WHERE v.organization_id = $1 AND v.id = $2`,
        [organizationId, id, cached?.version ?? -1],
      );
      stored = row?.json ?? null;
      return row ? row.version : null;
    });
    if (version === null) return null;
    if (cached && cached.version === version) return assembledJson([cached.bytes]);
    if (stored !== null) return assembledJson([cacheDetail(deps, id, version, stored)]);
  }
  const [r] = await deps.db.queryPrepared<Record<string, any>>(DETAIL_RENDER_SQL, [organizationId, id]);
  const json = detailJsonOf(r);
  if (json === null) return null;
  await storeDetail(deps.db, organizationId, id, r!.version as number, json);
  return assembledJson([cacheDetail(deps, id, r!.version as number, json)]);
}

function cacheDetail(deps: DetailDeps, id: number, version: number, json: string) {
  return deps.fragments.set(deps.fragments.groupOf(DETAILS), id, version, json);
}

/**
 * Stores a render for other requests and instances, only while the conversation still has the
 * version rendered; a cache, so a failure (a concurrent delete) never fails the request.
 */
async function storeDetail(db: Db, organizationId: number, id: number, version: number, json: string) {
  try {
    await db.queryPrepared(
      `${ASYNC_COMMIT}
       INSERT INTO ${DETAILS_RENDERS} AS r (organization_id, id, version, json)
       SELECT v.organization_id, v.id, v.version, $4 FROM conversations v, async_commit
        WHERE v.organization_id = $1 AND v.id = $2 AND v.version = $3
       ON CONFLICT (id) DO UPDATE SET version = excluded.version, json = excluded.json
        WHERE r.version < excluded.version`,
      [organizationId, id, version, json],
    );
  } catch {
    // Deleted or stored concurrently: the next read renders again.
  }
}

/** Renders messages by (conversation, sequence) key; ids here are sequences of one conversation. */
export function renderMessagesOf(db: Db, conversationId: number) {
  return async function renderMessages(sequences: number[]): Promise<Map<number, JsonText<Message>>> {
    const rows = await db.query<Record<string, any>>(
      'SELECT * FROM messages WHERE conversation_id = $1 AND sequence = ANY ($2::int[])',
      [conversationId, sequences],
    );
    return new Map(rows.map((r) => [r.sequence as number, jsonText(renderMessage(r))]));
  };
}

/**
 * A PATCH of topics in one statement (autocommit: the statement is the transaction, and a deadlock
 * runs it again): lock the conversation, create unknown topics (sorted by text, so two requests
 * creating the same ones insert them in one order), replace its topic set, and set updated_at and
 * the topic_ids the set gives in one UPDATE (0017), saying so with um.topic_ids_written (0026: the
 * conversation_topics triggers then return at once; the setting ends with the statement's
 * transaction). A topic created by a concurrent request after this statement's snapshot is not
 * seen; the statement then changes nothing (`complete` false) and runs again, seeing it.
 * It also answers the single-conversation form of the row it wrote, so a PATCH is one statement
 * instead of three (write, render, render stored): the UPDATE's RETURNING row with its topics as
 * written and what it embeds as the snapshot saw it. That is the state committed only when no write
 * committed between the snapshot and the lock (every write of what a conversation embeds updates
 * its row): `current` says so by comparing the locked row's version with the snapshot's.
 */
const SET_TOPICS_SQL = `
WITH target AS (
  SELECT id, version FROM conversations WHERE organization_id = $1 AND id = $2 FOR NO KEY UPDATE
), created AS (
  INSERT INTO topics (organization_id, text)
  SELECT $1, t FROM unnest($3::text[]) AS t
   WHERE EXISTS (SELECT FROM target)
     AND NOT EXISTS (SELECT FROM topics x WHERE x.organization_id = $1 AND x.text = t)
   ORDER BY t
  ON CONFLICT (organization_id, text) DO NOTHING
  RETURNING *
), wanted AS (
  SELECT * FROM topics WHERE organization_id = $1 AND text = ANY ($3::text[])
  UNION ALL SELECT * FROM created
), complete AS (
  SELECT (SELECT count(*) FROM wanted) = cardinality($3::text[]) AS ok
), removed AS (
  DELETE FROM conversation_topics ct USING target, complete
   WHERE complete.ok AND ct.conversation_id = target.id AND ct.topic_id NOT IN (SELECT id FROM wanted)
  RETURNING ct.topic_id
), added AS (
  INSERT INTO conversation_topics (organization_id, conversation_id, topic_id)
  SELECT $1, target.id, w.id FROM target, complete, wanted w
   WHERE complete.ok
     AND NOT EXISTS (SELECT FROM conversation_topics x WHERE x.conversation_id = target.id AND x.topic_id = w.id)
   ORDER BY w.id
  ON CONFLICT DO NOTHING
  RETURNING topic_id
), topic_ids_written AS (
  SELECT set_config('um.topic_ids_written', 'on', true)
), updated AS (
  UPDATE conversations v SET updated_at = um_now(), topic_ids = ARRAY(SELECT id FROM wanted ORDER BY id)
    FROM target, complete, topic_ids_written
   WHERE complete.ok AND v.id = target.id
  RETURNING v.*
), answer AS (${renderSql(PARTS_OF_V, 'true', {
  rows: 'updated v',
  topics: `(SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t.id), '[]'::jsonb) FROM wanted t)`,
})}
)
SELECT EXISTS (SELECT FROM target) AS found, (SELECT ok FROM complete) AS complete,
  (SELECT version FROM target) = (SELECT version FROM conversations WHERE id = $2) AS current,
  answer.*
FROM (SELECT) AS one LEFT JOIN answer ON true`;

/**
 * Sets the topics of a conversation by text: unknown texts create topics. Answers the
 * conversation as written, or null when it is not there (deleted, or deleted concurrently: it is
 * locked first). The answer is kept in this process only (storing it would take a second
 * transaction); a read stores it for the others.
 */
export async function setConversationTopics(
  deps: DetailDeps,
  organizationId: number,
  id: number,
  texts: string[],
): Promise<JsonParts<ConversationDetail> | null> {
  const unique = [...new Set(texts.map((t) => t.trim()).filter(Boolean))].sort();
  for (let attempt = 1; ; attempt++) {
    // found, complete, current, then the row to render (DETAIL_RENDER_SQL's columns).
    const [row] = await deps.db.queryPrepared<Record<string, any>>(SET_TOPICS_SQL, [
      organizationId,
      id,
      unique,
    ]);
    if (!row?.found) return null;
    if (row.complete) {
      // A write committed meanwhile: its state is rendered by a statement of its own.
      if (!row.current) return conversationDetailJson(deps, organizationId, id, { written: true });
      const json = detailJsonOf(row);
      return json === null ? null : assembledJson([cacheDetail(deps, id, row.version as number, json)]);
    }
    // Each run creates what it lacked, so a second one sees every topic unless they keep being
    // deleted meanwhile: answered as the other write conflicts are, 503 with Retry-After.
    if (attempt >= RETRY.attempts)
      throw unavailable('The write conflicted with concurrent writes; try again.');
  }
}
