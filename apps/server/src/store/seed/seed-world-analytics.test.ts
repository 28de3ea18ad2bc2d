import type { WorldSummary } from '@org/demo-world';
import { DERIVED_METRICS } from '@org/demo-world';
import {
  ANALYTICS_METRIC_NAMES,
  ANALYTICS_METRICS,
  canonicalMetric,
  dataPointSchemaFor,
  type MetricInfo,
} from '@org/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachEngine, type TestDb, useTestDb } from '../test-support/test-databases.js';
import { seedWorld } from './seed-world.js';

/**
 * The analytics data points agree with the records they describe, for every metric of the model.
 * Each check is one SQL query listing violations, so a failure names the offending rows.
 */
const WORLD = {
  organizations: 2,
  contactsPerOrg: 30,
  conversationsPerOrg: 40,
  messagesPerConversation: 7,
} as const;

const info = (metric: string): MetricInfo => ANALYTICS_METRICS[metric as keyof typeof ANALYTICS_METRICS];

describe('metric derivations', () => {
  it('derive every canonical metric of the model, and only those', () => {
    const canonical = [...new Set(ANALYTICS_METRIC_NAMES.map(canonicalMetric))].sort();
    expect([...DERIVED_METRICS].sort()).toEqual(canonical);
  });
});

function consistencySuite(open: () => Promise<TestDb>) {
  const db = useTestDb(open);
  let world: WorldSummary;
  beforeAll(async () => {
    world = await seedWorld(db, WORLD);
  });

  const violations = (sql: string, params: unknown[] = []) => db.query(sql, params);

  it('has data points of every metric in every organization', async () => {
    const rows = await db.query<{ metric: string; organization_id: number }>(
      'SELECT DISTINCT metric, organization_id FROM analytics_data_points',
    );
    for (const org of world.organizationIds) {
      const present = rows.filter((r) => r.organization_id === org).map((r) => r.metric);
      expect(present.sort()).toEqual([...DERIVED_METRICS].sort());
    }
  });

  it('follows the presence rules and value sets of each metric kind', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `SELECT metric, organization_id, um_widget_ids, operator_id, operator_group_id,
              to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS time, value, value_str,
              conversation_id, conversation_part_id, conversation_session_id,
              is_chatbot_metric, chatbot_interaction, human_interaction
         FROM analytics_data_points ORDER BY id`,
    );
    for (const row of rows) {
      const metric = row.metric as keyof typeof ANALYTICS_METRICS;
      const kind = info(metric).kind;
      // What the API would send: the model's presence rules decide which keys exist.
      const point: Record<string, unknown> = {
        um_widget_id: row.um_widget_ids,
        organization_id: row.organization_id,
        time: row.time,
        value: row.value,
        value_str: row.value_str,
        is_chatbot_metric: row.is_chatbot_metric,
      };
      if (kind !== 'missed')
        Object.assign(point, { operator_id: row.operator_id, operator_group_id: row.operator_group_id });
      if (kind !== 'operator') {
        Object.assign(point, {
          conversation_id: row.conversation_id,
          chatbot_interaction: row.chatbot_interaction,
          human_interaction: row.human_interaction,
        });
      }
      if (kind === 'session') {
        Object.assign(point, {
          conversation_part_id: row.conversation_part_id,
          conversation_session_id: row.conversation_session_id,
        });
      }
      if (kind === 'operator' && row.conversation_id !== null) {
        Object.assign(point, {
          conversation_id: row.conversation_id,
          conversation_part_id: row.conversation_part_id,
          conversation_session_id: row.conversation_session_id,
        });
      }
      const parsed = dataPointSchemaFor(metric).safeParse(point);
      expect(parsed.success ? null : { metric, row, issues: parsed.error.issues }).toBeNull();
      if (kind === 'missed') expect([row.operator_id, row.operator_group_id]).toEqual([null, null]);
      if (kind === 'conversation' || kind === 'missed') expect(row.conversation_part_id).toBeNull();
    }
  });

  it('counts messages per session exactly as stored', async () => {
    expect(
      await violations(`
        SELECT p.id, d.metric, d.value, m.total, m.ct, m.co FROM conversation_parts p
        JOIN LATERAL (SELECT count(*) AS total, count(*) FILTER (WHERE sender_type = 'operator') AS ct,
                             count(*) FILTER (WHERE sender_type = 'contact') AS co
                      FROM messages WHERE conversation_id = p.conversation_id AND part_id = p.id) m ON true
        LEFT JOIN analytics_data_points d ON d.conversation_part_id = p.id
          AND d.metric IN ('um_chat_messages_total', 'um_chat_messages_ct', 'um_chat_messages_co')
        WHERE d.id IS NULL
           OR d.value <> CASE d.metric WHEN 'um_chat_messages_total' THEN m.total
                                      WHEN 'um_chat_messages_ct' THEN m.ct ELSE m.co END
           OR d.time <> p.ended_at`),
    ).toEqual([]);
    const [counts] = await db.query<{ points: number; parts: number }>(
      `SELECT (SELECT count(*) FROM analytics_data_points WHERE metric = 'um_chat_messages_total') AS points,
              (SELECT count(*) FROM conversation_parts) AS parts`,
    );
    expect(counts!.points).toBe(counts!.parts);
  });

  it('reports each rating once, equal to conversation.rate', async () => {
    expect(
      await violations(`
        SELECT v.id, v.rate, array_agg(d.value) AS values FROM conversations v
        LEFT JOIN analytics_data_points d ON d.conversation_id = v.id AND d.metric = 'um_conversation_rating'
        GROUP BY v.id, v.rate
        HAVING (v.rate IS NULL AND count(d.id) > 0) OR (v.rate IS NOT NULL AND (count(d.id) <> 1 OR min(d.value) <> v.rate))`),
    ).toEqual([]);
    expect(
      await violations(`
        SELECT v.id FROM conversations v LEFT JOIN analytics_data_points d
          ON d.conversation_id = v.id AND d.metric = 'um_conversation_feedback'
        GROUP BY v.id, v.feedback_message HAVING (v.feedback_message IS NULL) <> (count(d.id) = 0) OR count(d.id) > 1`),
    ).toEqual([]);
  });

  it('reports durations equal to the session and conversation durations', async () => {
    expect(
      await violations(`
        SELECT p.id, p.category, d.metric, d.value FROM conversation_parts p
        JOIN analytics_data_points d ON d.conversation_part_id = p.id AND d.metric LIKE 'um_conversation_session_duration_%'
        WHERE d.metric <> 'um_conversation_session_duration_' || replace(p.category, '-', '_')
           OR abs(d.value - extract(epoch FROM p.ended_at - p.created_at)) > 1e-6 OR d.value_str <> p.category`),
    ).toEqual([]);
    expect(
      await violations(`
        SELECT v.id, last_duration.value, parts.total FROM conversations v
        JOIN LATERAL (SELECT sum(extract(epoch FROM ended_at - created_at)) AS total, count(*) AS n
                      FROM conversation_parts WHERE conversation_id = v.id) parts ON true
        LEFT JOIN LATERAL (SELECT value FROM analytics_data_points
                           WHERE conversation_id = v.id AND metric = 'um_conversation_duration'
                           ORDER BY time DESC LIMIT 1) last_duration ON true
        WHERE v.status = 'ended' AND (last_duration.value IS NULL OR abs(last_duration.value - parts.total) > 1e-6)`),
    ).toEqual([]);
    expect(
      await violations(`
        SELECT v.id FROM conversations v
        JOIN analytics_data_points d ON d.conversation_id = v.id AND d.metric = 'um_conversation_session_count'
        WHERE d.value <> (SELECT count(*) FROM conversation_parts p WHERE p.conversation_id = v.id)`),
    ).toEqual([]);
  });

  it('reports topics as set on the conversation, one event per conversation', async () => {
    expect(
      await violations(`
        SELECT v.id, d.value, d.value_str, t.first_id, t.names FROM conversations v
        LEFT JOIN LATERAL (SELECT min(t.id) AS first_id, string_agg(t.text, ',' ORDER BY t.id) AS names
                           FROM conversation_topics ct JOIN topics t ON t.id = ct.topic_id
                           WHERE ct.conversation_id = v.id) t ON true
        LEFT JOIN analytics_data_points d ON d.conversation_id = v.id AND d.metric = 'um_conversation_topic'
        WHERE (t.first_id IS NULL) <> (d.id IS NULL) OR d.value <> t.first_id OR d.value_str <> t.names`),
    ).toEqual([]);
    expect(
      await violations(`
        SELECT d.conversation_id, d.value FROM analytics_data_points d
        WHERE d.metric = 'um_conversation_topic_change' AND d.time = (
            SELECT max(time) FROM analytics_data_points e
            WHERE e.conversation_id = d.conversation_id AND e.metric = 'um_conversation_topic_change')
          AND d.value <> (SELECT count(*) FROM conversation_topics ct WHERE ct.conversation_id = d.conversation_id)`),
    ).toEqual([]);
  });

  it('emits one event per conversation where the description says so', async () => {
    expect(
      await violations(`
        SELECT metric, conversation_id, count(*) FROM analytics_data_points
        WHERE metric IN ('um_conversation_first_message', 'um_conversation_first_message_assignment_update',
          'um_conversation_unanswered_live', 'um_conversation_unanswered_ended', 'um_conversation_topic',
          'um_conversation_rating', 'um_conversation_session_count', 'um_conversation_category',
          'um_contact_country', 'um_contact_browser', 'um_missed_opportunity', 'um_contact_unique_visit')
        GROUP BY metric, conversation_id HAVING count(*) > 1`),
    ).toEqual([]);
    expect(
      await violations(`
        SELECT v.id FROM conversations v LEFT JOIN analytics_data_points d
          ON d.conversation_id = v.id AND d.metric = 'um_conversation_first_message'
        WHERE d.id IS NULL OR d.time <> (SELECT min(sent_at) FROM messages m WHERE m.conversation_id = v.id)`),
    ).toEqual([]);
    expect(
      await violations(`
        SELECT v.id FROM conversations v JOIN analytics_data_points d
          ON d.conversation_id = v.id AND d.metric = 'um_conversation_unanswered_ended'
        WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = v.id AND m.sender_type = 'operator' AND m.sent_at <= d.time)`),
    ).toEqual([]);
  });

  it('carries no operator on missed opportunities and conversation ids only on conversation events', async () => {
    expect(
      await violations(`
        SELECT id FROM analytics_data_points WHERE metric = 'um_missed_opportunity'
          AND (operator_id IS NOT NULL OR operator_group_id IS NOT NULL OR value_str <> conversation_id::text)`),
    ).toEqual([]);
    // Operator events carry a conversation only when a conversation's slot caused them.
    expect(
      await violations(`
        SELECT d.id FROM analytics_data_points d LEFT JOIN conversations v ON v.id = d.conversation_id
        WHERE d.metric IN ('um_operator_status', 'um_operator_slot_usage') AND d.conversation_id IS NOT NULL
          AND (v.id IS NULL OR NOT v.slot_reserved OR v.operator_assigned_to <> d.operator_id)`),
    ).toEqual([]);
  });

  it('ends each operator status and slot stream in the operator’s present state', async () => {
    expect(
      await violations(`
        SELECT o.id, o.status, last_status.value_str FROM operators o
        JOIN LATERAL (SELECT value_str FROM analytics_data_points
                      WHERE operator_id = o.id AND metric = 'um_operator_status' AND value_str <> 'slots_full'
                      ORDER BY time DESC, id DESC LIMIT 1) last_status ON true
        WHERE last_status.value_str <> o.status`),
    ).toEqual([]);
    expect(
      await violations(`
        SELECT o.id, last_usage.value_str, used.n FROM operators o
        JOIN LATERAL (SELECT count(*) AS n FROM conversations v
                      WHERE v.operator_assigned_to = o.id AND v.slot_reserved AND v.status <> 'ended') used ON true
        JOIN LATERAL (SELECT value_str FROM analytics_data_points WHERE operator_id = o.id AND metric = 'um_operator_slot_usage'
                      ORDER BY time DESC, id DESC LIMIT 1) last_usage ON true
        WHERE NOT o.is_bot AND last_usage.value_str <> used.n || ':' || o.total_slots`),
    ).toEqual([]);
  });

  it('keeps every data point inside the world’s time', async () => {
    expect(
      await violations(
        `SELECT id, metric, time FROM analytics_data_points WHERE time > $1::timestamptz
                          OR time < $1::timestamptz - interval '70 days'`,
        [world.now],
      ),
    ).toEqual([]);
  });
}

describeOnEachEngine('analytics consistency', consistencySuite);
