import { hashToken } from '../../core/auth/tokens.js';
import { POINT_COLUMNS, type PointRow } from '../analytics-read.js';
import type { Db } from '../engine/db.js';
import { rendersTableOf } from '../schema.js';
import { updateColumns } from '../sql.js';

/**
 * States the server's tests set up or read directly in the database: ones the API cannot write
 * (timestamps, derived columns, silent bulk rows) and storage facts the tests assert. Every SQL
 * statement of the server, tests included, lives in src/store (docs/architecture.md).
 */

/** The stored token column of every token (hashes only: raw tokens are never stored). */
export function storedTokenHashes(db: Db) {
  return db.query<{ token_sha256: string }>('SELECT token_sha256 FROM api_tokens');
}

/** One column of one row, as stored. */
export async function storedValue<T>(
  db: Db,
  table: string,
  column: string,
  id: number,
): Promise<T | undefined> {
  return (await db.query<{ v: T }>(`SELECT ${column} AS v FROM ${table} WHERE id = $1`, [id]))[0]?.v;
}

/** A widget of the organization; its id. */
export async function addWidget(db: Db, organizationId: number, name: string, languageName: string) {
  return (
    await db.query<{ id: number }>(
      'INSERT INTO um_widgets (organization_id, name, language_name) VALUES ($1, $2, $3) RETURNING id',
      [organizationId, name, languageName],
    )
  )[0]!.id;
}

/** Copies of a conversation row without messages (counts need many rows, not renderings). */
export function cloneConversation(db: Db, templateId: number, copies: number, status: string) {
  return db.query(
    `INSERT INTO conversations (organization_id, customer_id, contact_identity_id, conversation_contact_uuid,
       um_widget_id, um_widget_ids, status)
     SELECT organization_id, customer_id, contact_identity_id, gen_random_uuid(), um_widget_id, um_widget_ids, $3
       FROM conversations, generate_series(1, $2) WHERE id = $1`,
    [templateId, copies, status],
  );
}

/** The conversation was conducted partly through another widget too. */
export function addConversationWidget(db: Db, conversationId: number, widgetId: number) {
  return db.query('UPDATE conversations SET um_widget_ids = um_widget_ids || $2::int WHERE id = $1', [
    conversationId,
    widgetId,
  ]);
}

/** Sets columns of every row of a table that belongs to a conversation (its messages, its parts). */
export function setConversationRows(
  db: Db,
  table: 'messages' | 'conversation_parts',
  conversationId: number,
  columns: Record<string, unknown>,
) {
  return updateColumns(db, table, { conversation_id: conversationId }, columns);
}

/**
 * n contacts in one statement, optionally without the search triggers (bulk-load mode: pages do not
 * need the vectors): `Bulk <n>`, `bulk<n>@example.org`, locales alternating de_DE/en_US. Returns
 * every contact id of the organization, ascending.
 */
export async function bulkContacts(db: Db, organizationId: number, n: number, { silent = true } = {}) {
  await db.transaction(async (tx) => {
    if (silent) await tx.exec(`SET LOCAL app.bulk_load = 'on'`);
    await tx.query(
      `INSERT INTO contact_identities (organization_id, name, email, locale)
       SELECT $1, 'Bulk ' || n, 'bulk' || n || '@example.org', CASE WHEN n % 2 = 0 THEN 'de_DE' ELSE 'en_US' END
         FROM generate_series(1, $2) n`,
      [organizationId, n],
    );
  });
  return (
    await db.query<{ id: number }>(
      'SELECT id FROM contact_identities WHERE organization_id = $1 ORDER BY id',
      [organizationId],
    )
  ).map((r) => r.id);
}

/** How many contacts the organization holds, counted in the database (no cache). */
export async function storedContactCount(db: Db, organizationId: number) {
  return (
    await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contact_identities WHERE organization_id = $1',
      [organizationId],
    )
  )[0]!.n;
}

/** A contact inserted in bulk-load mode, which notifies nothing (0013): only an uncached count sees it. */
export function silentContact(db: Db, organizationId: number) {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('app.bulk_load', 'on', true)`);
    await tx.query(
      `INSERT INTO contact_identities (organization_id, name, email, contact_uuids)
       VALUES ($1, 'Silent', $2, ARRAY[gen_random_uuid()])`,
      [organizationId, `silent-${crypto.randomUUID()}@example.org`],
    );
  });
}

/** An organization token of the organization, stored as its hash. */
export function addOrganizationToken(db: Db, organizationId: number, customerId: number, token: string) {
  return db.query(
    `INSERT INTO api_tokens (organization_id, customer_id, kind, token_sha256) VALUES ($1, $2, 'organization', $3)`,
    [organizationId, customerId, hashToken(token)],
  );
}

export function deleteToken(db: Db, token: string) {
  return db.query('DELETE FROM api_tokens WHERE token_sha256 = $1', [hashToken(token)]);
}

export function deleteOperator(db: Db, id: number) {
  return db.query('DELETE FROM operators WHERE id = $1', [id]);
}

/** Another organization of the customer; its id. */
export async function addOrganization(db: Db, customerId: number, name: string) {
  return (
    await db.query<{ id: number }>(
      'INSERT INTO organizations (customer_id, name, is_default) VALUES ($1, $2, false) RETURNING id',
      [customerId, name],
    )
  )[0]!.id;
}

/**
 * Another customer with one organization and a customer token (raw `token`): none of the world's
 * data is its. Returns the organization's id.
 */
export async function foreignCustomer(db: Db, token: string) {
  const [customer] = await db.query<{ id: number }>(
    `INSERT INTO customers (name) VALUES ('Other') RETURNING id`,
  );
  const [org] = await db.query<{ id: number }>(
    `INSERT INTO organizations (customer_id, name, is_default) VALUES ($1, 'Other org', true) RETURNING id`,
    [customer!.id],
  );
  await db.query(
    `INSERT INTO api_tokens (organization_id, customer_id, kind, token_sha256) VALUES ($1, $2, 'customer', $3)`,
    [org!.id, customer!.id, hashToken(token)],
  );
  return org!.id;
}

/** An operator status data point with an exact (microsecond) time and no widgets. */
export function insertStatusPoint(db: Db, org: number, time: string, value: number, operatorId: number) {
  return db.query(
    `INSERT INTO analytics_data_points (metric, organization_id, um_widget_ids, operator_id, time, value, value_str)
     VALUES ('um_operator_status', $1, '{}', $2, $3::timestamptz, $4, 'online')`,
    [org, operatorId, time, value],
  );
}

/** A metric's stored points of whole days [from, to], in (time, id) order. */
export function storedPoints(db: Db, metric: string, from: string, to: string) {
  return db.query<{ time: string; value: number; value_str: string; operator_id: number }>(
    `SELECT time, value, value_str, operator_id FROM analytics_data_points
      WHERE metric = $1 AND time >= $2::date AND time < $3::date + 1 ORDER BY time, id`,
    [metric, from, to],
  );
}

/** Row counts of the given tables. */
export async function tableCounts<T extends string>(
  db: Db,
  tables: readonly T[],
): Promise<Record<T, number>> {
  const [row] = await db.query<Record<T, number>>(
    `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')}`,
  );
  return row!;
}

/** Whether some session of this database holds the advisory lock `key`. */
export async function advisoryLockHeld(db: Db, key: number) {
  return (
    (
      await db.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND objid = $1 AND granted`,
        [key],
      )
    ).length > 0
  );
}

/** Notes whose body starts with `prefix`, with their contacts. */
export function notesStartingWith(db: Db, prefix: string) {
  return db.query<{ id: number; contact_identity_id: number }>(
    `SELECT id, contact_identity_id FROM notes WHERE body LIKE $1 || '%'`,
    [prefix],
  );
}

/** The contacts among `ids` whose search vector does not match the word (english stemming). */
export function contactsNotFound(db: Db, ids: number[], word: string) {
  return db.query(
    `SELECT 1 FROM contact_identities c
      WHERE c.id = ANY ($1::int[]) AND NOT c.search_vector @@ to_tsquery('english', $2)`,
    [ids, word],
  );
}

/** Each contact of the organization with its name and how many conversations it has. */
export function contactsWithConversationCounts(db: Db, organizationId: number) {
  return db.query<{ id: number; name: string; conversations: number }>(
    `SELECT c.id, c.name, (SELECT count(*)::int FROM conversations v WHERE v.contact_identity_id = c.id) AS conversations
       FROM contact_identities c WHERE c.organization_id = $1`,
    [organizationId],
  );
}

/** How many contacts of the organization have this email (an upsert creates at most one). */
export async function contactCountWithEmail(db: Db, organizationId: number, email: string) {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM contact_identities WHERE organization_id = $1 AND email = $2',
    [organizationId, email],
  );
  return row!.n;
}

/** Each conversation of the organization with its contact's name and its topic texts (sorted). */
export function conversationsWithContactAndTopics(db: Db, organizationId: number) {
  return db.query<{ id: number; contact_name: string; topics: string[] }>(
    `SELECT v.id, c.name AS contact_name,
            ARRAY(SELECT t.text FROM conversation_topics ct JOIN topics t ON t.id = ct.topic_id
                   WHERE ct.conversation_id = v.id ORDER BY t.text) AS topics
       FROM conversations v JOIN contact_identities c ON c.id = v.contact_identity_id
      WHERE v.organization_id = $1`,
    [organizationId],
  );
}

/** The operator groups of the organizations, by id. */
export function operatorGroupsOf(db: Db, organizationIds: number[]) {
  return db.query<{ id: number; organization_id: number }>(
    'SELECT id, organization_id FROM operator_groups WHERE organization_id = ANY ($1::int[]) ORDER BY id',
    [organizationIds],
  );
}

/** Hides a table (renamed away) so that a request reading it faults; the returned function restores it. */
export async function hideTable(db: Db, table: string) {
  await db.exec(`ALTER TABLE ${table} RENAME TO ${table}_gone`);
  return () => db.exec(`ALTER TABLE ${table}_gone RENAME TO ${table}`);
}

/** The version of a conversation and of its stored single-conversation render (0017; null: none). */
export async function storedDetailVersions(db: Db, conversationId: number) {
  return (
    await db.query<{ version: number; stored: number | null }>(
      `SELECT v.version, r.version AS stored FROM conversations v
         LEFT JOIN ${rendersTableOf('conversation_details')} r ON r.id = v.id WHERE v.id = $1`,
      [conversationId],
    )
  )[0];
}

/** The stored day renders of analytics points: which days hold a render, and of how many points. */
export function storedDayRenders(db: Db, organizationId: number) {
  return db.query<{
    metric: string;
    day: string;
    generation: number;
    points: number | null;
    rendered: boolean;
  }>(
    `SELECT metric, day::text AS day, generation, points, json IS NOT NULL AS rendered
       FROM analytics_day_renders WHERE organization_id = $1 ORDER BY metric, day`,
    [organizationId],
  );
}

/** The filtered day renders (0020) of an organization: which days, filters and generations. */
export function storedFilteredDayRenders(db: Db, organizationId: number) {
  return db.query<{ metric: string; day: string; filter: string; generation: number; points: number }>(
    `SELECT metric, day::text AS day, filter, generation, points
       FROM analytics_filtered_day_renders WHERE organization_id = $1 ORDER BY metric, filter, day`,
    [organizationId],
  );
}

/** Data points of a metric with the given times (one statement), copies of the organization's first point. */
export function copyPointAt(db: Db, metric: string, organizationId: number, times: string[]) {
  return copyPointWith(
    db,
    metric,
    organizationId,
    times.map((time) => ({ time })),
  );
}

/** Deletes the data points of a metric at exactly this time. */
export function deletePointsAt(db: Db, metric: string, organizationId: number, time: string) {
  return db.query(
    `DELETE FROM analytics_data_points WHERE metric = $1 AND organization_id = $2 AND time = $3::timestamptz`,
    [metric, organizationId, time],
  );
}

/** Moves the data points of a metric at one time to another. */
export function movePoints(db: Db, metric: string, organizationId: number, time: string, to: string) {
  return db.query(
    `UPDATE analytics_data_points SET time = $4::timestamptz WHERE metric = $1 AND organization_id = $2 AND time = $3::timestamptz`,
    [metric, organizationId, time, to],
  );
}

/** The first and last day holding data points of a metric in an organization. */
export async function pointDays(db: Db, metric: string, organizationId: number) {
  const [row] = await db.query<{ first: string; last: string }>(
    `SELECT (min(time) AT TIME ZONE 'UTC')::date::text AS first, (max(time) AT TIME ZONE 'UTC')::date::text AS last
       FROM analytics_data_points WHERE metric = $1 AND organization_id = $2`,
    [metric, organizationId],
  );
  return row!;
}

/**
 * Copies of the organization's first point of a metric with these times, and these values and
 * value_str where given (one statement).
 */
export function copyPointWith(
  db: Db,
  metric: string,
  organizationId: number,
  points: Array<{ time: string; value?: number; value_str?: string }>,
) {
  return db.query(
    `INSERT INTO analytics_data_points (metric, organization_id, um_widget_ids, operator_id, operator_group_id, time,
            value, value_str, conversation_id, conversation_part_id, conversation_session_id, is_chatbot_metric,
            chatbot_interaction, human_interaction)
     SELECT p.metric, p.organization_id, p.um_widget_ids, p.operator_id, p.operator_group_id, t.time,
            coalesce(t.value, p.value), coalesce(t.value_str, p.value_str), p.conversation_id,
            p.conversation_part_id, p.conversation_session_id,
            p.is_chatbot_metric, p.chatbot_interaction, p.human_interaction
       FROM (SELECT * FROM analytics_data_points WHERE metric = $1 AND organization_id = $2 ORDER BY id LIMIT 1) p,
            unnest($3::timestamptz[], $4::float8[], $5::text[]) AS t(time, value, value_str)`,
    [
      metric,
      organizationId,
      points.map((x) => x.time),
      points.map((x) => (x.value === undefined ? null : String(x.value))),
      points.map((x) => x.value_str ?? null),
    ],
  );
}

/** A metric's points of an organization in [from, to) as dataPointJson reads them, in (time, id) order. */
export function pointRowsOf(db: Db, metric: string, organizationId: number, from: string, to: string) {
  return db.query<PointRow>(
    `SELECT ${POINT_COLUMNS} FROM analytics_data_points d
      WHERE d.metric = $1 AND d.organization_id = $2 AND d.time >= $3::timestamptz AND d.time < $4::timestamptz
      ORDER BY d.time, d.id`,
    [metric, organizationId, from, to],
  );
}

/**
 * Changes a part's type in `tx`: its conversation's row stays locked until `tx` ends, so a test can
 * hold a write that others conflict with.
 */
export function writePartType(tx: Db, partId: number, partType: string) {
  return tx.query(`UPDATE conversation_parts SET part_type = $2 WHERE id = $1`, [partId, partType]);
}

/** Whether a statement on this database waits for a row lock it asked FOR NO KEY UPDATE (a write waiting). */
export async function aWriteWaitsForALock(db: Db) {
  return (
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR NO KEY UPDATE%'`,
      )
    )[0]!.n > 0
  );
}
