import { createHash } from 'node:crypto';
import type { WorldSummary } from '@org/demo-world';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../engine/reset-db.js';
import { hashDatabase } from '../test-support/dump-hash.js';
import { useTestDb } from '../test-support/test-databases.js';
import { seedWorld } from './seed-world.js';

const SMALL = {
  organizations: 3,
  contactsPerOrg: 25,
  conversationsPerOrg: 24,
  messagesPerConversation: 6,
} as const;

const db = useTestDb();
beforeEach(() => resetDb(db));

const one = async <T extends object>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params))[0]!;
const values = async (sql: string, params?: unknown[]) =>
  (await db.query<{ v: unknown }>(sql, params)).map((row) => row.v);

describe('the demo world', () => {
  it('builds the tenancy: a customer, a default organization, tokens stored only as hashes', async () => {
    const summary = await seedWorld(db, {
      ...SMALL,
      tokens: { customer: 'customer-secret', organizations: ['org-secret-1', 'org-secret-2'] },
    });
    expect(summary.organizationIds).toHaveLength(3);
    expect(summary.defaultOrganizationId).toBe(summary.organizationIds[0]);
    expect(summary.tokens.customer).toBe('customer-secret');
    expect(summary.tokens.organizations[summary.organizationIds[0]!]).toBe('org-secret-1');
    expect(summary.tokens.organizations[summary.organizationIds[2]!]).toMatch(/^[0-9a-f]{40}$/);

    const tokens = await db.query<{ kind: string; organization_id: number; token_sha256: string }>(
      'SELECT kind, organization_id, token_sha256 FROM api_tokens ORDER BY id',
    );
    const sha = (raw: string) => createHash('sha256').update(raw).digest('hex');
    expect(tokens).toContainEqual({
      kind: 'customer',
      organization_id: summary.defaultOrganizationId,
      token_sha256: sha('customer-secret'),
    });
    for (const org of summary.organizations) {
      expect(tokens).toContainEqual({
        kind: 'organization',
        organization_id: org.id,
        token_sha256: sha(org.token),
      });
    }
    const leaked = await one<{ n: number }>(
      `SELECT count(*) AS n FROM api_tokens WHERE token_sha256 IN ('customer-secret', 'org-secret-1')`,
    );
    expect(leaked.n).toBe(0);
    expect(await values('SELECT id AS v FROM organizations WHERE is_default')).toEqual([
      summary.defaultOrganizationId,
    ]);

    for (const org of summary.organizations) {
      const roles = await db.query<{ id: number; role: string; is_bot: boolean }>(
        'SELECT id, role, is_bot FROM operators WHERE organization_id = $1',
        [org.id],
      );
      expect(roles).toContainEqual({ id: org.operators.admin, role: 'admin', is_bot: false });
      expect(roles).toContainEqual({ id: org.operators.operator, role: 'operator', is_bot: false });
      expect(roles).toContainEqual({ id: org.operators.restricted, role: 'restricted', is_bot: false });
      expect(roles).toContainEqual({ id: org.operators.bot!, role: 'operator', is_bot: true });
    }
    const counted = await one<Record<string, number>>(
      `SELECT (SELECT count(*) FROM conversations) AS conversations, (SELECT count(*) FROM messages) AS messages,
              (SELECT count(*) FROM analytics_data_points) AS points, (SELECT count(*) FROM contact_identities) AS contacts`,
    );
    expect(counted).toEqual({
      conversations: summary.counts.conversations,
      messages: summary.counts.messages,
      points: summary.counts.analytics_data_points,
      contacts: summary.counts.contact_identities,
    });
  });

  it('covers every status, message state, sender kind, part category, and the optional extras', async () => {
    const summary = await seedWorld(db, SMALL);
    for (const org of summary.organizationIds) {
      expect(
        await values('SELECT DISTINCT status AS v FROM conversations WHERE organization_id = $1 ORDER BY 1', [
          org,
        ]),
      ).toEqual(['ended', 'new', 'on_hold', 'open', 'pending']);
    }
    expect(await values('SELECT DISTINCT state_type AS v FROM messages ORDER BY 1')).toEqual([1, 3, 4]);
    expect(await values('SELECT DISTINCT state_type || state_message AS v FROM messages ORDER BY 1')).toEqual(
      ['1Submitted', '3Delivered to contact', '4Read by user'],
    );
    expect(await values('SELECT DISTINCT sender_type AS v FROM messages ORDER BY 1')).toEqual([
      'contact',
      'operator',
    ]);
    expect(
      await values('SELECT DISTINCT operator_is_bot AS v FROM messages WHERE sender_type = $1 ORDER BY 1', [
        'operator',
      ]),
    ).toEqual([false, true]);
    expect(await values('SELECT DISTINCT category AS v FROM conversation_parts ORDER BY 1')).toEqual([
      'live',
      'offline',
      're-engage',
    ]);
    const extras = await one<Record<string, number>>(`SELECT
      count(*) FILTER (WHERE rate IS NOT NULL) AS rated,
      count(*) FILTER (WHERE feedback_message IS NOT NULL) AS feedback,
      count(*) FILTER (WHERE pre_survey_option IS NOT NULL) AS pre_survey,
      count(*) FILTER (WHERE post_survey_option IS NOT NULL) AS post_survey,
      count(*) FILTER (WHERE jsonb_array_length(um_widget_goals) > 0) AS goals,
      count(*) FILTER (WHERE operator_assigned_to IS NULL) AS unassigned,
      count(*) FILTER (WHERE slot_reserved) AS slot_reserved,
      count(*) FILTER (WHERE jsonb_array_length(unread_messages_operator) > 0) AS unread
      FROM conversations`);
    for (const [extra, count] of Object.entries(extras)) expect(count, extra).toBeGreaterThan(0);
    const more = await one<Record<string, number>>(`SELECT
      (SELECT count(*) FROM notes) AS notes,
      (SELECT count(*) FROM notes WHERE operator_id IS NULL) AS authorless_notes,
      (SELECT count(*) FROM navigation_events WHERE conversation_id IS NULL) AS unlinked_navigation,
      (SELECT count(*) FROM navigation_events WHERE conversation_id IS NOT NULL) AS linked_navigation,
      (SELECT count(*) FROM conversation_topics) AS topics,
      (SELECT count(*) FROM conversation_parts GROUP BY conversation_id ORDER BY 1 DESC LIMIT 1) AS most_parts,
      (SELECT count(DISTINCT status) FROM operators) AS operator_statuses`);
    for (const [what, count] of Object.entries(more)) expect(count, what).toBeGreaterThan(0);
    expect(more.most_parts).toBeGreaterThan(1);
    expect(more.operator_statuses).toBe(3);
  });

  it('is deterministic: the same seed gives the same bytes, another seed other bytes', async () => {
    await seedWorld(db, SMALL);
    const first = await hashDatabase(db);
    await resetDb(db);
    await seedWorld(db, SMALL);
    expect(await hashDatabase(db)).toEqual(first);
    await resetDb(db);
    await seedWorld(db, { ...SMALL, seed: 2 });
    expect((await hashDatabase(db)).total).not.toBe(first.total);
  });

  it('builds the indexes it set aside for the load again, as the migrations made them', async () => {
    const indexes = () =>
      db.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`,
      );
    const before = await indexes();
    await seedWorld(db, SMALL, { bulkLoadFromRows: 0 });
    expect(await indexes()).toEqual(before);
  });

  it('passes every foreign key check, and checking them changes nothing', async () => {
    await seedWorld(db, SMALL);
    const fast = await hashDatabase(db);
    await resetDb(db);
    await seedWorld(db, { ...SMALL, checkForeignKeys: true });
    expect(await hashDatabase(db)).toEqual(fast);
    // The same bytes when the indexes are set aside for the load, checks kept or not.
    for (const checkForeignKeys of [false, true]) {
      await resetDb(db);
      await seedWorld(db, { ...SMALL, checkForeignKeys }, { bulkLoadFromRows: 0 });
      expect(await hashDatabase(db)).toEqual(fast);
    }
  });

  it('keeps records consistent with each other', async () => {
    const summary: WorldSummary = await seedWorld(db, SMALL);
    const problems = await db.query(
      `
      SELECT 'contact message times' AS problem, c.id FROM contact_identities c
        JOIN LATERAL (SELECT min(contact_first_message_sent_at) f, max(contact_last_message_sent_at) l
                      FROM conversations v WHERE v.contact_identity_id = c.id) s ON true
        WHERE c.first_message_sent_at IS DISTINCT FROM coalesce(s.f, c.created_at)
           OR c.last_message_sent_at IS DISTINCT FROM coalesce(s.l, c.created_at)
      UNION ALL
      SELECT 'conversation uuid not the contact''s', v.id FROM conversations v JOIN contact_identities c ON c.id = v.contact_identity_id
        WHERE NOT v.conversation_contact_uuid = ANY (c.contact_uuids)
      UNION ALL
      SELECT 'contact created after its conversation', v.id FROM conversations v JOIN contact_identities c ON c.id = v.contact_identity_id
        WHERE c.created_at > v.created_at
      UNION ALL
      SELECT 'last message time', v.id FROM conversations v
        WHERE v.last_message_sent_at <> (SELECT max(sent_at) FROM messages m WHERE m.conversation_id = v.id)
           OR v.contact_first_message_sent_at <> (SELECT min(sent_at) FROM messages m WHERE m.conversation_id = v.id AND sender_type = 'contact')
      UNION ALL
      SELECT 'message outside its part', m.conversation_id FROM messages m JOIN conversation_parts p ON p.id = m.part_id
        WHERE m.sent_at < p.created_at OR m.sent_at > p.ended_at
      UNION ALL
      SELECT 'message order', m.conversation_id FROM messages m JOIN messages n
        ON n.conversation_id = m.conversation_id AND n.sequence = m.sequence + 1 WHERE n.sent_at < m.sent_at
      UNION ALL
      SELECT 'operator of another organization', m.conversation_id FROM messages m JOIN operators o ON o.id = m.operator_id
        WHERE o.organization_id <> m.organization_id
      UNION ALL
      SELECT 'future', id FROM conversations WHERE updated_at > $1::timestamptz
      UNION ALL
      SELECT 'ended but accepts messages', id FROM conversations WHERE (status = 'ended') = accepts_messages
      UNION ALL
      SELECT 'slot without ongoing human assignment', v.id FROM conversations v LEFT JOIN operators o ON o.id = v.operator_assigned_to
        WHERE v.slot_reserved AND (v.status = 'ended' OR o.is_bot IS NOT FALSE)
      UNION ALL
      SELECT 'slots overbooked', o.id FROM operators o
        WHERE o.total_slots < (SELECT count(*) FROM conversations v WHERE v.operator_assigned_to = o.id AND v.slot_reserved AND v.status <> 'ended')
      UNION ALL
      SELECT 'away flag', id FROM operators WHERE is_away <> (status = 'away')
      UNION ALL
      SELECT 'verified', id FROM contact_identities WHERE verified <> (email_verified OR is_mobile_number_verified)
      UNION ALL
      SELECT 'conversation search vector differs from the triggers''', v.id FROM conversations v
        JOIN contact_identities c ON c.id = v.contact_identity_id
        WHERE v.search_vector <> conversation_search_vector(c.name, c.email, c.street, c.city,
          (SELECT string_agg(m.body, ' ' ORDER BY m.sequence) FROM messages m WHERE m.conversation_id = v.id))
      UNION ALL
      SELECT 'contact search vector differs from the triggers''', c.id FROM contact_identities c
        WHERE c.search_vector <> contact_search_vector(c.name, c.email, c.street, c.city, c.country,
          (SELECT string_agg(n.body, ' ' ORDER BY n.id) FROM notes n WHERE n.contact_identity_id = c.id))
      UNION ALL
      SELECT 'empty search vector', id FROM conversations WHERE search_vector = ''::tsvector`,
      [summary.now],
    );
    expect(problems).toEqual([]);
    // Microseconds are real, not zero-padded milliseconds.
    const fractions = await values(
      `SELECT DISTINCT right(to_char(sent_at, 'US'), 3) AS v FROM messages LIMIT 5`,
    );
    expect(fractions.length).toBeGreaterThan(1);
  });
});
