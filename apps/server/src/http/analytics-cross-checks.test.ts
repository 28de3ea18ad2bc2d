import type {
  AnalyticsMetric,
  ContactIdentity,
  ConversationDetail,
  EndpointId,
  Message,
  Operator,
  OperatorSlots,
} from '@org/model';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  groupBy,
  type Point,
  readAll,
  useAnalyticsWorld,
  WINDOW,
  WORLD_NOW,
} from '../test-support/analytics.js';
import type { Api } from '../test-support/api.js';

/**
 * Analytics v1 against the v3 records of the same world, both read through the HTTP API (section 6
 * of the analytics description): message counts per session equal the stored messages of
 * that part, durations equal the parts' and conversations' durations, the rating is
 * conversation.rate (the latest only), topics are the conversation's topics, unique visits and
 * countries follow the contacts, operator status and slot usage follow the operators, and the
 * "one event per conversation" rules hold. A week-long world with three humans per organization
 * makes some operators fill their slots (slots_full).
 */
const w = useAnalyticsWorld({
  seed: { size: 'small', now: WORLD_NOW, operatorsPerOrg: 3, days: 7 },
});

interface OrgRecords {
  conversations: ConversationDetail[];
  messages: Map<number, Message[]>;
  contacts: ContactIdentity[];
  operators: Operator[];
  slots: Map<number, OperatorSlots>;
}
const records = new Map<number, OrgRecords>();
const conversations = new Map<number, ConversationDetail>();
const messagesOf = (conversation: number) => {
  for (const r of records.values()) {
    const m = r.messages.get(conversation);
    if (m) return m;
  }
  throw new Error(`no messages read for conversation ${conversation}`);
};
const points = new Map<AnalyticsMetric, Point[]>();
const of = (metric: AnalyticsMetric) => points.get(metric)!;
const byConversation = (metric: AnalyticsMetric) => groupBy(of(metric), (p) => p.conversation_id!);

/** Every item of a cursor list, following `next`. */
const readCursor = async <T>(api: Api, id: EndpointId, params?: Record<string, number>): Promise<T[]> => {
  let page = (await api.ok(id, { ...(params ? { params } : {}), query: { limit: 100 } })) as {
    results: T[];
    next: string | null;
  };
  const items = [...page.results];
  while (page.next) {
    page = (await api.follow(id, page.next, params)) as { results: T[]; next: string | null };
    items.push(...page.results);
  }
  return items;
};

const METRICS_USED: AnalyticsMetric[] = [
  'um_chat_messages_total',
  'um_chat_messages_ct',
  'um_chat_messages_co',
  'um_conversation_duration',
  'um_conversation_session_duration_live',
  'um_conversation_session_duration_offline',
  'um_conversation_session_duration_re_engage',
  'um_conversation_rating',
  'um_conversation_feedback',
  'um_conversation_topic',
  'um_contact_unique_visit',
  'um_contact_country',
  'um_contact_browser',
  'um_operator_status',
  'um_operator_slot_usage',
  'um_conversation_first_message',
  'um_conversation_first_message_assignment_update',
  'um_conversation_session_count',
  'um_conversation_part_category',
  'um_conversation_reopen',
  'um_conversation_unanswered_live',
  'um_conversation_unanswered_ended',
  'um_missed_opportunity',
  'um_conversation_category',
  'um_operator_response_time_first',
  'um_chat_session_bot_forward_received',
];

beforeAll(async () => {
  for (const [orgId, api] of w.orgApi) {
    const list = await readCursor<{ id: number }>(api, 'listAllConversations');
    const r: OrgRecords = {
      conversations: [],
      messages: new Map(),
      contacts: [],
      operators: [],
      slots: new Map(),
    };
    for (const { id } of list) {
      const detail = await api.ok('getConversation', { params: { id } });
      r.conversations.push(detail);
      conversations.set(id, detail);
      r.messages.set(id, await readCursor<Message>(api, 'listMessages', { id }));
    }
    r.contacts = await readCursor<ContactIdentity>(api, 'listAllContacts');
    r.operators = (await api.ok('listOperators', { query: { limit: 100 } })).results;
    for (const o of r.operators)
      r.slots.set(o.id, await api.ok('getOperatorSlots', { params: { id: o.id } }));
    records.set(orgId, r);
  }
  for (const metric of METRICS_USED) points.set(metric, await readAll(w.customer, metric));
});

/** Microseconds of a v3 timestamp (YYYY-MM-DDTHH:MM:SS.ffffffZ). */
const micros = (ts: string) => Date.parse(`${ts.slice(0, 19)}Z`) * 1000 + Number(ts.slice(20, 26));
const secondsBetween = (from: string, to: string) => (micros(to) - micros(from)) / 1e6;
/** The analytics form of a v3 timestamp. */
const analyticsTime = (ts: string) => ts.slice(0, 19);
/** Seconds of an HH:MM:SS duration. */
const seconds = (hms: string) => {
  const [h, m, s] = hms.split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
};
const allConversations = () => [...conversations.values()];

describe('the world read through v3', () => {
  it('has conversations, parts, messages, contacts and operators in every organization, all in the window', () => {
    for (const [org, r] of records) {
      expect(r.conversations.length, `organization ${org}`).toBeGreaterThan(10);
      expect(r.contacts.length).toBeGreaterThan(0);
      expect(r.operators.length).toBeGreaterThan(0);
      for (const c of r.conversations) {
        expect(c.created_at.slice(0, 10) >= WINDOW.event_date_from).toBe(true);
        expect(r.messages.get(c.id)!.length).toBeGreaterThan(0);
      }
    }
  });

  it('every conversation id of a data point is a conversation of the same organization', () => {
    for (const metric of METRICS_USED)
      for (const p of of(metric)) {
        if (p.conversation_id === undefined) continue;
        const c = conversations.get(p.conversation_id);
        expect(c, `${metric}: conversation ${p.conversation_id}`).toBeDefined();
        expect(c!.organization_id).toBe(p.organization_id);
        if (p.conversation_part_id !== undefined)
          expect(
            c!.conversation_part_set.map((part) => part.id),
            metric,
          ).toContain(p.conversation_part_id);
        // A conversation event involves the conversation's widget (a session event: its session's).
        if (p.conversation_part_id === undefined) expect(p.um_widget_id, metric).toContain(c!.um_widget.id);
      }
  });
});

describe('sessions (conversation parts)', () => {
  it('message counts per session equal the stored messages of that part (total, ct, co)', () => {
    const metrics = {
      um_chat_messages_total: (_m: Message) => true,
      um_chat_messages_ct: (m: Message) => m.sender.type === 'operator',
      um_chat_messages_co: (m: Message) => m.sender.type === 'contact',
    } as const;
    for (const [metric, counts] of Object.entries(metrics) as Array<
      [AnalyticsMetric, (m: Message) => boolean]
    >) {
      const byPart = groupBy(of(metric), (p) => p.conversation_part_id!);
      let sessions = 0;
      for (const c of allConversations())
        for (const part of c.conversation_part_set) {
          sessions++;
          const [p, ...more] = byPart.get(part.id) ?? [];
          expect(p, `${metric} of part ${part.id}`).toBeDefined();
          expect(more).toEqual([]);
          const stored = messagesOf(c.id).filter((m) => m.part_id === part.id && counts(m));
          expect(p!.value, `${metric} of part ${part.id}`).toBe(stored.length);
          // Tracked at session end.
          expect(p!.time).toBe(analyticsTime(part.ended_at));
          expect(p!.conversation_session_id).toBe(part.id);
        }
      expect(of(metric).length, metric).toBe(sessions);
    }
  });

  it('session durations equal the parts’ durations, in the metric of the session’s category', () => {
    const durations = [
      ...of('um_conversation_session_duration_live'),
      ...of('um_conversation_session_duration_offline'),
      ...of('um_conversation_session_duration_re_engage'),
    ];
    const byPart = groupBy(durations, (p) => p.conversation_part_id!);
    const category = groupBy(of('um_conversation_part_category'), (p) => p.conversation_part_id!);
    for (const c of allConversations())
      for (const part of c.conversation_part_set) {
        const [p, ...more] = byPart.get(part.id) ?? [];
        expect(more).toEqual([]);
        expect(p!.value, `part ${part.id}`).toBeCloseTo(secondsBetween(part.created_at, part.ended_at), 6);
        // v3 shows the duration rounded to the second.
        expect(Math.abs(p!.value - seconds(part.duration)), `part ${part.id}`).toBeLessThanOrEqual(0.501);
        expect(p!.time).toBe(analyticsTime(part.ended_at));
        expect(p!.value_str).toBe(category.get(part.id)![0]!.value_str);
        // The part category event is the session's start.
        expect(category.get(part.id)![0]!.time).toBe(analyticsTime(part.created_at));
      }
  });

  it('conversation durations: each end reports the sessions so far; an ended conversation ends on all of them', () => {
    const durations = byConversation('um_conversation_duration');
    for (const c of allConversations()) {
      const parts = c.conversation_part_set;
      const got = durations.get(c.id) ?? [];
      // Every part but an ongoing last one is an end of the conversation.
      const ends = c.status === 'ended' ? parts : parts.slice(0, -1);
      expect(
        got.map((p) => p.time),
        `conversation ${c.id}`,
      ).toEqual(ends.map((part) => analyticsTime(part.ended_at)));
      let total = 0;
      ends.forEach((part, i) => {
        total += secondsBetween(part.created_at, part.ended_at);
        expect(got[i]!.value).toBeCloseTo(total, 6);
      });
      if (c.status === 'ended')
        expect(got[got.length - 1]!.value).toBeCloseTo(
          parts.reduce((sum, part) => sum + secondsBetween(part.created_at, part.ended_at), 0),
          6,
        );
    }
    // Resumed and ended again: several duration events for one conversation.
    expect([...durations.values()].some((list) => list.length > 1)).toBe(true);
  });

  it('sessions per conversation: session count, reopen events and categories follow the parts', () => {
    const counts = byConversation('um_conversation_session_count');
    const reopens = byConversation('um_conversation_reopen');
    const categories = byConversation('um_conversation_category');
    const partCategories = groupBy(of('um_conversation_part_category'), (p) => p.conversation_part_id!);
    for (const c of allConversations()) {
      const parts = c.conversation_part_set;
      const [count, ...more] = counts.get(c.id)!;
      expect(more).toEqual([]);
      expect(count!.value).toBe(parts.length);
      expect(count!.time).toBe(analyticsTime(parts[0]!.created_at));
      expect((reopens.get(c.id) ?? []).map((p) => p.time)).toEqual(
        parts.slice(1).map((part) => analyticsTime(part.created_at)),
      );
      const [category] = categories.get(c.id)!;
      expect(category!.time).toBe(analyticsTime(c.created_at));
      expect(category!.value_str).toBe(partCategories.get(parts[0]!.id)![0]!.value_str);
    }
  });
});

describe('conversation events', () => {
  it('um_conversation_rating equals conversation.rate, only the latest per conversation', () => {
    const ratings = byConversation('um_conversation_rating');
    let rated = 0;
    for (const c of allConversations()) {
      const got = ratings.get(c.id) ?? [];
      if (c.rate === null) expect(got, `conversation ${c.id}`).toEqual([]);
      else {
        rated++;
        expect(
          got.map((p) => p.value),
          `conversation ${c.id}`,
        ).toEqual([c.rate]);
      }
    }
    expect(rated).toBeGreaterThan(0);
    expect(of('um_conversation_rating')).toHaveLength(rated);
  });

  it('um_conversation_feedback: once when the conversation has a feedback message', () => {
    const feedback = byConversation('um_conversation_feedback');
    for (const c of allConversations())
      expect(feedback.get(c.id)?.length ?? 0, `conversation ${c.id}`).toBe(
        c.feedback_message === null ? 0 : 1,
      );
  });

  it('um_conversation_topic equals the conversation’s topics (first id; names in id order), one per conversation', () => {
    const topics = byConversation('um_conversation_topic');
    let withTopics = 0;
    for (const c of allConversations()) {
      const got = topics.get(c.id) ?? [];
      if (c.topics.length === 0) {
        expect(got, `conversation ${c.id}`).toEqual([]);
        continue;
      }
      withTopics++;
      const sorted = [...c.topics].sort((a, b) => a.id - b.id);
      expect(
        got.map((p) => [p.value, p.value_str]),
        `conversation ${c.id}`,
      ).toEqual([[sorted[0]!.id, sorted.map((t) => t.text).join(',')]]);
      for (const t of c.topics) expect(t.organization_id).toBe(c.organization_id);
    }
    expect(withTopics).toBeGreaterThan(0);
  });

  it('the first message: its time and sender; the assignment-update variant names the current operator', () => {
    const first = byConversation('um_conversation_first_message');
    const update = byConversation('um_conversation_first_message_assignment_update');
    for (const c of allConversations()) {
      const messages = [...messagesOf(c.id)].sort((a, b) => micros(a.sent_at) - micros(b.sent_at));
      const [p, ...more] = first.get(c.id)!;
      expect(more).toEqual([]);
      expect(p!.time).toBe(analyticsTime(messages[0]!.sent_at));
      expect(p!.value_str).toBe(messages[0]!.sender.type);
      const [u] = update.get(c.id)!;
      if (c.operator_assigned_to !== null)
        expect(u!.operator_id, `conversation ${c.id}`).toBe(c.operator_assigned_to);
    }
  });

  it('unanswered: no operator message before the event; missed opportunities name their conversation', () => {
    const partCategory = groupBy(of('um_conversation_part_category'), (p) => p.conversation_part_id!);
    const humans = new Set(
      [...records.values()].flatMap((r) => r.operators.filter((o) => !o.is_bot).map((o) => o.id)),
    );
    for (const metric of ['um_conversation_unanswered_ended', 'um_conversation_unanswered_live'] as const) {
      expect(of(metric).length, metric).toBeGreaterThan(0);
      for (const [conversation, [p, ...more]] of byConversation(metric)) {
        expect(more, `${metric}: one event per conversation`).toEqual([]);
        const c = conversations.get(conversation)!;
        // The session whose end (timeout) the event is.
        const index = c.conversation_part_set.findIndex((part) => analyticsTime(part.ended_at) === p!.time);
        expect(index, `${metric} of ${conversation}`).toBeGreaterThanOrEqual(0);
        const part = c.conversation_part_set[index]!;
        const operatorMessages = messagesOf(conversation).filter((m) => m.sender.type === 'operator');
        if (metric === 'um_conversation_unanswered_ended') {
          // No operator reply up to the end; the conversation ended there (it may have been resumed since).
          expect(operatorMessages.filter((m) => analyticsTime(m.sent_at) <= p!.time)).toEqual([]);
          expect(c.status === 'ended' || index < c.conversation_part_set.length - 1).toBe(true);
        } else {
          // A live session without an operator reply, while a (human) operator was online.
          expect(operatorMessages.filter((m) => m.part_id === part.id)).toEqual([]);
          expect(partCategory.get(part.id)![0]!.value_str).toBe('live');
          expect(humans.has(p!.operator_id!)).toBe(true);
        }
      }
    }
    for (const [conversation, [p, ...more]] of byConversation('um_missed_opportunity')) {
      expect(more).toEqual([]);
      expect(p!.value_str).toBe(String(conversation));
      // The contact tried to start it: a contact message at that time.
      expect(messagesOf(conversation).some((m) => analyticsTime(m.sent_at) === p!.time)).toBe(true);
    }
  });

  it('a chatbot handover is attributed to the receiving operator, who took the conversation over', () => {
    const bots = new Set(
      [...records.values()].flatMap((r) => r.operators.filter((o) => o.is_bot).map((o) => o.id)),
    );
    for (const p of of('um_chat_session_bot_forward_received')) {
      const messages = messagesOf(p.conversation_id!);
      // A chatbot had the conversation first: it wrote before the handover.
      expect(
        messages.some(
          (m) => m.operator_id !== null && bots.has(m.operator_id) && analyticsTime(m.sent_at) <= p.time,
        ),
      ).toBe(true);
      expect(bots.has(p.operator_id!)).toBe(false);
    }
  });
});

describe('contacts', () => {
  const contacts = () =>
    new Map([...records.values()].flatMap((r) => r.contacts.map((c) => [c.id, c] as const)));

  it('unique visits: one per conversation, at the end of its first session, from a cookie of its contact', () => {
    const visits = byConversation('um_contact_unique_visit');
    const byContact = new Map<number, number>();
    for (const c of allConversations()) {
      const [p, ...more] = visits.get(c.id)!;
      expect(more).toEqual([]);
      expect(p!.value_str).toBe(String(c.id));
      expect(p!.conversation_part_id).toBe(c.conversation_part_set[0]!.id);
      expect(p!.time).toBe(analyticsTime(c.conversation_part_set[0]!.ended_at));
      const contact = contacts().get(c.contact.id)!;
      expect(contact.contact_uuids, `conversation ${c.id}`).toContain(c.conversation_contact_uuid);
      byContact.set(contact.id, (byContact.get(contact.id) ?? 0) + 1);
    }
    // Every conversation of a contact is one visit.
    for (const [id, count] of byContact)
      expect(count, `contact ${id}`).toBe(contacts().get(id)!.conversation_count);
    expect([...byContact.values()].some((n) => n > 1)).toBe(true);
  });

  it('countries and browsers: once per conversation, from the contact’s first session', () => {
    const countries = byConversation('um_contact_country');
    const browsers = byConversation('um_contact_browser');
    let withCountry = 0;
    for (const c of allConversations()) {
      const first = c.conversation_part_set[0]!;
      const [country, ...more] = countries.get(c.id)!;
      expect(more).toEqual([]);
      expect(country!.value_str).toBe(first.location.country);
      expect(country!.time).toBe(analyticsTime(first.created_at));
      const contact = contacts().get(c.contact.id)!;
      if (contact.country !== null) {
        withCountry++;
        expect(country!.value_str, `conversation ${c.id}`).toBe(contact.country);
      }
      const [browser, ...moreBrowsers] = browsers.get(c.id)!;
      expect(moreBrowsers).toEqual([]);
      expect(browser!.value_str).toBe(first.browser.name);
    }
    expect(withCountry).toBeGreaterThan(0);
  });
});

describe('operators', () => {
  const allOperators = () => [...records.values()].flatMap((r) => r.operators);
  const slotsOf = (id: number) => [...records.values()].find((r) => r.slots.has(id))!.slots.get(id)!;

  it('the last status change of each operator is its present status', () => {
    for (const o of allOperators()) {
      const changes = of('um_operator_status').filter(
        (p) => p.operator_id === o.id && p.value_str !== 'slots_full',
      );
      expect(changes.length, `operator ${o.id}`).toBeGreaterThan(0);
      expect(changes[changes.length - 1]!.value_str, `operator ${o.id}`).toBe(o.status);
      expect(
        changes.every((p) => p.organization_id === o.organization_id && p.is_chatbot_metric === o.is_bot),
      ).toBe(true);
      if (o.operator_group_ids.length > 0)
        expect(o.operator_group_ids).toContain(changes[0]!.operator_group_id);
    }
  });

  it('the last slot usage of each human operator is its used and total slots', () => {
    for (const o of allOperators()) {
      const usage = of('um_operator_slot_usage').filter((p) => p.operator_id === o.id);
      const slots = slotsOf(o.id);
      if (o.is_bot || slots.total_slots === 0) {
        expect(usage, `operator ${o.id}`).toEqual([]);
        continue;
      }
      const last = usage[usage.length - 1]!;
      expect(last.value_str, `operator ${o.id}`).toBe(`${slots.used_slots}:${slots.total_slots}`);
      expect(last.value).toBeCloseTo((slots.used_slots / slots.total_slots) * 100, 2);
    }
  });

  it('slots_full: when an operator’s slots fill up, naming the conversation that filled them', () => {
    const full = of('um_operator_status').filter((p) => p.value_str === 'slots_full');
    expect(full.length).toBeGreaterThan(0);
    for (const p of full) {
      const slots = slotsOf(p.operator_id!);
      const c = conversations.get(p.conversation_id!)!;
      expect(c.operator_assigned_to).toBe(p.operator_id);
      expect(c.slot_reserved).toBe(true);
      expect(p.conversation_part_id).toBe(c.conversation_part_set[0]!.id);
      const usage = of('um_operator_slot_usage').find(
        (u) => u.operator_id === p.operator_id && u.time === p.time,
      )!;
      expect(usage.value_str).toBe(`${slots.total_slots}:${slots.total_slots}`);
    }
    // Slot usage events caused by a conversation name it, and it holds a slot of that operator.
    for (const u of of('um_operator_slot_usage').filter((p) => p.conversation_id !== undefined)) {
      const c = conversations.get(u.conversation_id!)!;
      expect(c.operator_assigned_to).toBe(u.operator_id);
      expect(c.slot_reserved).toBe(true);
    }
  });
});
