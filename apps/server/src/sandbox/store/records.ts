import {
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  type ContactIdentity,
  type ConversationDetail,
  canonicalMetric,
  LIMITS,
  type Message,
  type MetricInfo,
  type NavigationEvent,
  type Note,
  type Operator,
} from '@org/model';
import { invalid } from '../../core/api-error.js';
import { CountCache } from '../../core/count-cache.js';
import { assembledJson, bytesOfParts, type JsonText } from '../../core/json.js';
import { dataPointJson, POINT_COLUMNS, type PointRow } from '../../store/analytics.js';
import { contactJson } from '../../store/contacts.js';
import { conversationDetailJson, renderMessagesOf } from '../../store/conversations.js';
import type { Db } from '../../store/engine/db.js';
import { syncIdSequences } from '../../store/engine/reset-db.js';
import { FragmentCache } from '../../store/fragments.js';
import { recordJson } from '../../store/simple-records.js';
import { Params } from '../../store/sql.js';
import type { SandboxRecordResource } from '../api/record-inputs.js';
import type { SandboxDataPoint, SandboxRecord } from '../api/records.js';

/**
 * Creating any record of the world for a sandbox, written as the API's own writes are: in one
 * transaction, through the tables' triggers (search vectors, list keys, renders and change
 * notifications follow), stamped with the server's clock (um_now()). Input was validated
 * against the model (sandbox/api/record-inputs.ts); references to other records are checked here, so a
 * missing one is a 400 naming its field rather than a foreign-key fault.
 */

type Body = Record<string, any>;
type Created<T> = Promise<JsonText<T>>;

function quote(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Each column's SQL type, so that a parameter is cast as its column reads it (jsonb as JSON text). */
const typesCache = new Map<string, Map<string, string>>();
async function columnTypes(db: Db, table: string) {
  let types = typesCache.get(table);
  if (!types) {
    const rows = await db.query<{ name: string; type: string }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
        WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
      [table],
    );
    types = new Map(rows.map((r) => [r.name, r.type]));
    typesCache.set(table, types);
  }
  return types;
}

const INTEGER_TYPES = new Set(['integer', 'integer[]']);
function isInt4(n: unknown) {
  return Number.isInteger(n) && Math.abs(n as number) <= LIMITS.maxId;
}

/** Inserts one row (columns named by the model's field names), returning the given columns. */
async function insertRow<T extends object>(db: Db, table: string, row: Body, returning = 'id'): Promise<T> {
  const types = await columnTypes(db, table);
  const p = new Params();
  const entries = Object.entries(row).filter(([, v]) => v !== undefined);
  // A number the model admits but the column cannot hold is bad input, not a database fault.
  for (const [column, v] of entries)
    if (INTEGER_TYPES.has(types.get(column)!) && [v].flat().some((n) => n !== null && !isInt4(n)))
      throw invalid({ [column]: ['A whole number is required.'] });
  const values = entries.map(([column, v]) => {
    const type = types.get(column)!;
    return `${p.add(type === 'jsonb' && v !== null ? JSON.stringify(v) : v)}::${type}`;
  });
  if (typeof row.id === 'number') await assertIdFree(db, table, row.id);
  const [created] = await db.query<T>(
    `INSERT INTO ${quote(table)} (${entries.map(([k]) => quote(k)).join(', ')}) VALUES (${values.join(', ')})
     RETURNING ${returning}`,
    p.values,
  );
  // A chosen id: the id sequences move past it, so later writes of the API get fresh ones.
  if (typeof row.id === 'number') await syncIdSequences(db);
  return created!;
}

/**
 * A chosen id must be free in every organization (ids are the tables' primary keys): taken, it is
 * bad input, answered 400 naming `id` in the error body. Locked first, so that two requests
 * choosing one id do not both pass (the second waits, then finds it taken).
 */
async function assertIdFree(db: Db, table: string, id: number) {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [table, id]);
  const [taken] = await db.query(`SELECT 1 FROM ${quote(table)} WHERE id = $1`, [id]);
  if (taken) throw invalid({ id: [`The id ${id} is taken.`] }, `Invalid body: id (${table} ${id} exists).`);
}

/** A record of the organization a field refers to, or 400 naming that field. */
async function referenced<T extends object = { id: number }>(
  db: Db,
  table: string,
  organizationId: number,
  field: string,
  id: number,
  columns = 'id',
): Promise<T> {
  const [row] = await db.query<T>(
    `SELECT ${columns} FROM ${quote(table)} WHERE organization_id = $1 AND id = $2`,
    [organizationId, id],
  );
  if (!row) throw invalid({ [field]: [`No ${table} ${id} in organization ${organizationId}.`] });
  return row;
}

async function firstWidgetOf(db: Db, organizationId: number) {
  return (
    await db.query<{ id: number }>(
      'SELECT id FROM um_widgets WHERE organization_id = $1 ORDER BY id LIMIT 1',
      [organizationId],
    )
  )[0]?.id;
}

async function clockOf(db: Db) {
  return (await db.query<{ now: string }>('SELECT um_now() AS now'))[0]!.now;
}

/** Whether an organization exists (the `organization_id` a body names). */
export async function organizationExists(db: Db, id: number) {
  return (await db.query('SELECT 1 FROM organizations WHERE id = $1', [id])).length > 0;
}

function without(body: Body, ...keys: string[]) {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));
}

async function createContact(db: Db, org: number, body: Body): Created<ContactIdentity> {
  const { id } = await insertRow<{ id: number }>(db, 'contact_identities', {
    ...without(body, 'organization_id'),
    organization_id: org,
  });
  return (await contactJson(db, org, id))!;
}

async function createNote(db: Db, org: number, body: Body): Created<Note> {
  await referenced(db, 'contact_identities', org, 'contact_identity_id', body.contact_identity_id);
  if (body.operator_id != null) await referenced(db, 'operators', org, 'operator_id', body.operator_id);
  const { id } = await insertRow<{ id: number }>(db, 'notes', { ...body, organization_id: org });
  return (await recordJson(db, 'notes', org, id))!;
}

async function createNavigationEvent(db: Db, org: number, body: Body): Created<NavigationEvent> {
  await referenced(db, 'contact_identities', org, 'contact_identity_id', body.contact_identity_id);
  if (body.conversation_id != null)
    await referenced(db, 'conversations', org, 'conversation_id', body.conversation_id);
  const widget = body.um_widget_id ?? (await firstWidgetOf(db, org));
  if (widget === undefined) throw invalid({ um_widget_id: ['The organization has no widget.'] });
  await referenced(db, 'um_widgets', org, 'um_widget_id', widget);
  const { id } = await insertRow<{ id: number }>(db, 'navigation_events', {
    ...body,
    organization_id: org,
    um_widget_id: widget,
  });
  return (await recordJson(db, 'navigation_events', org, id))!;
}

async function createOperator(db: Db, org: number, body: Body): Created<Operator> {
  for (const [i, group] of ((body.operator_group_ids ?? []) as number[]).entries())
    await referenced(db, 'operator_groups', org, `operator_group_ids.${i}`, group);
  const { id } = await insertRow<{ id: number }>(db, 'operators', {
    ...body,
    display_name: body.display_name ?? String(body.name).split(' ')[0],
    organization_id: org,
  });
  return (await recordJson(db, 'operators', org, id))!;
}

interface ConversationRow {
  id: number;
  contact_identity_id: number;
  operator_assigned_to: number | null;
  created_at: string;
}

/** Appends a message to a conversation (locked by the caller); returns its sequence. */
async function appendMessage(
  db: Db,
  org: number,
  conversation: ConversationRow,
  body: Body,
  field: string,
  now: string,
): Promise<{ sequence: number; sent_at: string; sender_type: string }> {
  const sender = { type: body.sender?.type ?? 'contact', id: body.sender?.id as number | undefined };
  let author: { name: string; display_name: string; is_bot: boolean };
  if (sender.type === 'operator') {
    sender.id ??= conversation.operator_assigned_to ?? undefined;
    if (sender.id === undefined)
      throw invalid({ [`${field}sender.id`]: ['Required: the conversation has no assigned operator.'] });
    author = await referenced(
      db,
      'operators',
      org,
      `${field}sender.id`,
      sender.id,
      'name, display_name, is_bot',
    );
  } else {
    sender.id ??= conversation.contact_identity_id;
    if (sender.id !== conversation.contact_identity_id)
      throw invalid({ [`${field}sender.id`]: ['A contact message comes from the conversation’s contact.'] });
    const contact = await referenced<{ name: string | null }>(
      db,
      'contact_identities',
      org,
      `${field}sender.id`,
      sender.id,
      'name',
    );
    author = { name: contact.name ?? '', display_name: contact.name ?? '', is_bot: false };
  }
  const [part] = await db.query<{ id: number; sequence: number }>(
    `SELECT (SELECT max(id) FROM conversation_parts WHERE conversation_id = $1) AS id,
            coalesce((SELECT max(sequence) FROM messages WHERE conversation_id = $1), 0) + 1 AS sequence`,
    [conversation.id],
  );
  const isOperator = sender.type === 'operator';
  return insertRow(
    db,
    'messages',
    {
      ...without(body, 'sender', 'organization_id', 'conversation_id'),
      organization_id: org,
      conversation_id: conversation.id,
      part_id: part!.id,
      sequence: part!.sequence,
      sent_at: body.sent_at ?? now,
      sender_type: sender.type,
      sender_id: sender.id,
      operator_id: isOperator ? sender.id : null,
      name: author.name,
      display_name: author.display_name,
      operator_is_bot: isOperator && author.is_bot,
    },
    'sequence, sent_at, sender_type',
  );
}

/** The conversation's activity after new messages: last message and contact message times. */
function touchConversation(db: Db, id: number) {
  return db.query(
    `UPDATE conversations v SET
       last_message_sent_at = m.last, last_activity_at = greatest(v.last_activity_at, m.last),
       contact_first_message_sent_at = coalesce(v.contact_first_message_sent_at, m.first_contact),
       contact_last_message_sent_at = coalesce(m.last_contact, v.contact_last_message_sent_at),
       updated_at = greatest(v.updated_at, um_now())
     FROM (SELECT max(sent_at) AS last, min(sent_at) FILTER (WHERE sender_type = 'contact') AS first_contact,
                  max(sent_at) FILTER (WHERE sender_type = 'contact') AS last_contact
             FROM messages WHERE conversation_id = $1) m
     WHERE v.id = $1`,
    [id],
  );
}

async function lockConversation(db: Db, org: number, field: string, id: number) {
  const [row] = await db.query<ConversationRow>(
    `SELECT id, contact_identity_id, operator_assigned_to, created_at FROM conversations
      WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
    [org, id],
  );
  if (!row) throw invalid({ [field]: [`No conversations ${id} in organization ${org}.`] });
  return row;
}

async function createConversation(db: Db, org: number, body: Body): Created<ConversationDetail> {
  const now = await clockOf(db);
  const contact = body.contact_identity_id as number;
  await referenced(db, 'contact_identities', org, 'contact_identity_id', contact);
  if (body.operator_assigned_to != null)
    await referenced(db, 'operators', org, 'operator_assigned_to', body.operator_assigned_to);
  const widget = body.um_widget_id ?? (await firstWidgetOf(db, org));
  if (widget === undefined) throw invalid({ um_widget_id: ['The organization has no widget.'] });
  await referenced(db, 'um_widgets', org, 'um_widget_id', widget);
  const [{ customer_id: customer } = { customer_id: 0 }] = await db.query<{ customer_id: number }>(
    'SELECT customer_id FROM organizations WHERE id = $1',
    [org],
  );
  const createdAt = body.created_at ?? now;
  const status = body.status ?? 'new';
  const { id } = await insertRow<{ id: number }>(db, 'conversations', {
    ...without(body, 'contact_channel', 'topics', 'messages', 'um_widget_id', 'organization_id'),
    organization_id: org,
    customer_id: customer,
    um_widget_id: widget,
    um_widget_ids: [widget],
    conversation_contact_uuid: body.conversation_contact_uuid ?? crypto.randomUUID(),
    contact_channel_state: body.contact_channel?.state,
    contact_channel_type: body.contact_channel?.type,
    status,
    status_description: body.status_description ?? status,
    created_at: createdAt,
    contact_last_update_at: body.contact_last_update_at ?? createdAt,
    updated_at: body.updated_at ?? createdAt,
  });
  await insertRow(db, 'conversation_parts', {
    organization_id: org,
    conversation_id: id,
    um_widget_id: widget,
    operator_id: body.operator_assigned_to ?? null,
    created_at: createdAt,
  });
  const conversation = await lockConversation(db, org, 'id', id);
  const messages: Body[] = body.messages ?? [{ body: body.subject ?? 'Hello.' }];
  for (const [i, message] of messages.entries())
    await appendMessage(db, org, conversation, message, `messages.${i}.`, createdAt);
  await touchConversation(db, id);
  if (body.topics?.length) {
    const texts = [...new Set((body.topics as string[]).map((t) => t.trim()).filter(Boolean))].sort();
    await db.query(
      `INSERT INTO topics (organization_id, text) SELECT $1, t FROM unnest($2::text[]) AS t
       ON CONFLICT (organization_id, text) DO NOTHING`,
      [org, texts],
    );
    await db.query(
      `INSERT INTO conversation_topics (organization_id, conversation_id, topic_id)
       SELECT $1, $2, id FROM topics WHERE organization_id = $1 AND text = ANY ($3::text[])`,
      [org, id, texts],
    );
  }
  // Timestamps given explicitly win over those the messages implied.
  const explicit = Object.fromEntries(
    [
      'last_message_sent_at',
      'contact_first_message_sent_at',
      'contact_last_message_sent_at',
      'updated_at',
    ].flatMap((k) => (body[k] === undefined ? [] : [[k, body[k]]])),
  );
  if (Object.keys(explicit).length) {
    const p = new Params();
    const set = Object.entries(explicit).map(([k, v]) => `${quote(k)} = ${p.add(v)}::timestamptz`);
    await db.query(`UPDATE conversations SET ${set.join(', ')} WHERE id = ${p.add(id)}`, p.values);
  }
  // Rendered fresh (caches of its own: the server clears its caches after a sandbox write).
  const deps = { db, fragments: new FragmentCache(), counts: new CountCache() };
  const parts = (await conversationDetailJson(deps, org, id, { written: true }))!;
  return bytesOfParts(parts).toString() as JsonText<ConversationDetail>;
}

async function createMessage(db: Db, org: number, body: Body): Created<Message> {
  const conversation = await lockConversation(db, org, 'conversation_id', body.conversation_id);
  const { sequence } = await appendMessage(db, org, conversation, body, '', await clockOf(db));
  await touchConversation(db, conversation.id);
  return (await renderMessagesOf(db, conversation.id)([sequence])).get(sequence)!;
}

/** One creator per record table and body: a resource added to the model's registry without one does not compile. */
const CREATORS: Record<SandboxRecordResource, (db: Db, org: number, body: Body) => Created<SandboxRecord>> = {
  contact_identities: createContact,
  notes: createNote,
  navigation_events: createNavigationEvent,
  operators: createOperator,
  conversations: createConversation,
  messages: createMessage,
};

/** Creates a record in an organization from a validated body; its JSON as the API's GET renders it. */
export function createSandboxRecord(db: Db, table: SandboxRecordResource, org: number, body: Body) {
  return db.transaction((tx) => CREATORS[table](tx, org, body));
}

/** Creates an analytics data point; the point as the metric's endpoint renders it. */
export function createSandboxDataPoint(db: Db, metric: AnalyticsMetric, org: number, body: Body) {
  return db.transaction(async (tx) => {
    const info: MetricInfo = ANALYTICS_METRICS[metric];
    const widget = await firstWidgetOf(tx, org);
    const isBot = body.is_chatbot_metric ?? false;
    const operator = body.operator_id ?? null;
    const [{ now } = { now: '' }] = await tx.query<{ now: string }>(
      `SELECT to_char(um_now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS now`,
    );
    const conversational = info.kind !== 'operator';
    const { id } = await insertRow<{ id: number }>(tx, 'analytics_data_points', {
      metric: canonicalMetric(metric),
      organization_id: org,
      um_widget_ids: body.um_widget_id ?? (widget === undefined ? [] : [widget]),
      operator_id: operator,
      operator_group_id: body.operator_group_id ?? null,
      time: `${body.time ?? now}Z`,
      value: body.value ?? 1,
      value_str: body.value_str ?? info.valueStrValues?.[0] ?? '',
      conversation_id: body.conversation_id,
      conversation_part_id: body.conversation_part_id,
      conversation_session_id: body.conversation_session_id,
      is_chatbot_metric: isBot,
      chatbot_interaction: body.chatbot_interaction ?? (conversational ? isBot : undefined),
      human_interaction: body.human_interaction ?? (conversational ? !isBot && operator !== null : undefined),
    });
    const [row] = await tx.query<PointRow>(
      `SELECT ${POINT_COLUMNS} FROM analytics_data_points d WHERE d.metric = $1 AND d.id = $2`,
      [canonicalMetric(metric), id],
    );
    // Rendered as the metric's own endpoint renders its points.
    return assembledJson<SandboxDataPoint>(dataPointJson(row!, info));
  });
}
