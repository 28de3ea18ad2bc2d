import {
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  CONVERSATION_CATEGORIES,
  dataPointSchemaFor,
  type MetricInfo,
  OPERATOR_STATUS_VALUES,
} from '@org/model';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectTimeAscending,
  groupBy,
  key,
  METRICS,
  type Point,
  readAll,
  useAnalyticsWorld,
  WINDOW,
} from '../test-support/analytics.js';

/**
 * Analytics API v1 on the seeded demo world, metric by metric: section 2 (keys of a data point and
 * their presence rules, rules 1-2), section 6 (what value and value_str mean, 6.1, 6.2, the rules
 * "one event per conversation"), the value formats we chose where the description shows none, the
 * order (time ascending), both spellings of the re-engage group forward and the unversioned path.
 * Every response is parsed with the metric's own schema by the test client.
 */
const w = useAnalyticsWorld();

const info = (metric: AnalyticsMetric): MetricInfo => ANALYTICS_METRICS[metric];
/** All data points of the world's window, per metric, read once with the customer token. */
const data = new Map<AnalyticsMetric, Point[]>();
const of = (metric: AnalyticsMetric) => data.get(metric)!;
/** Operators of the world: id -> is_bot and organization. */
const operators = new Map<number, { isBot: boolean; organizationId: number; groups: number[] }>();

beforeAll(async () => {
  for (const metric of METRICS) data.set(metric, await readAll(w.customer, metric));
  for (const [orgId, api] of w.orgApi) {
    const page = await api.ok('listOperators', { query: { limit: 100 } });
    for (const o of page.results)
      operators.set(o.id, { isBot: o.is_bot, organizationId: orgId, groups: o.operator_group_ids });
  }
});

describe('every metric of section 6', () => {
  it('has data points in every organization of the demo world, under both spellings of the alias', () => {
    const missing: string[] = [];
    for (const metric of METRICS)
      for (const org of w.orgIds)
        if (!of(metric).some((p) => p.organization_id === org)) missing.push(`${metric} in ${org}`);
    expect(missing).toEqual([]);
  });

  it('is served under both spellings of the re-engage group forward with the same data', () => {
    expect(of('um_chat_session_manual_forward_re_group_engage')).toEqual(
      of('um_chat_session_manual_forward_group_re_engage'),
    );
  });

  it('is ordered by time ascending with times of the form YYYY-mm-ddTHH:MM:SS inside the range', () => {
    for (const metric of METRICS) {
      expectTimeAscending(of(metric), metric);
      for (const p of of(metric)) {
        expect(p.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
        expect(p.time >= WINDOW.event_date_from && p.time < `${WINDOW.event_date_to}T23:59:60`).toBe(true);
      }
    }
  });

  it('answers the unversioned path (the latest version) with the same data, parseable with the metric schema', async () => {
    for (const metric of METRICS) {
      const latest = await readAll(w.customer, metric, WINDOW, { latest: true });
      expect(latest, metric).toEqual(of(metric));
      const schema = dataPointSchemaFor(metric);
      for (const p of latest) schema.parse(p);
    }
  });
});

describe('presence rules (section 2)', () => {
  const COMMON = ['um_widget_id', 'organization_id', 'time', 'value', 'value_str', 'is_chatbot_metric'];
  const OPERATOR = ['operator_id', 'operator_group_id'];
  const CONVERSATION = ['conversation_id', 'chatbot_interaction', 'human_interaction'];
  const SESSION = ['conversation_part_id', 'conversation_session_id'];
  const keysOf = (p: Point) => Object.keys(p).sort();

  it('a conversation event carries conversation_id and both interaction flags, no session ids', () => {
    const expected = [...COMMON, ...OPERATOR, ...CONVERSATION].sort();
    for (const metric of METRICS.filter((m) => info(m).kind === 'conversation'))
      for (const p of of(metric)) expect(keysOf(p), metric).toEqual(expected);
  });

  it('a session event carries conversation_part_id and conversation_session_id as well', () => {
    const expected = [...COMMON, ...OPERATOR, ...CONVERSATION, ...SESSION].sort();
    for (const metric of METRICS.filter((m) => info(m).kind === 'session'))
      for (const p of of(metric)) {
        expect(keysOf(p), metric).toEqual(expected);
        expect(p.conversation_session_id).toBe(p.conversation_part_id);
      }
  });

  it('um_missed_opportunity carries neither operator_id nor operator_group_id', () => {
    const expected = [...COMMON, ...CONVERSATION].sort();
    for (const p of of('um_missed_opportunity')) expect(keysOf(p)).toEqual(expected);
  });

  it('operator status and slot events carry the operator, and conversation ids only on some entries', () => {
    for (const metric of ['um_operator_status', 'um_operator_slot_usage'] as const) {
      const withConversation = of(metric).filter((p) => 'conversation_id' in p);
      for (const p of of(metric)) {
        const k = keysOf(p);
        expect(k).not.toContain('chatbot_interaction');
        expect(k).not.toContain('human_interaction');
        expect(k, metric).toEqual(
          [...COMMON, ...OPERATOR, ...('conversation_id' in p ? ['conversation_id', ...SESSION] : [])].sort(),
        );
        expect(p.operator_id).not.toBeNull();
      }
      expect(withConversation.length, metric).toBeLessThan(of(metric).length);
    }
    // "also on some entries": a slot taken by a conversation, and the status it fills (slots_full).
    expect(of('um_operator_slot_usage').some((p) => 'conversation_id' in p)).toBe(true);
    for (const p of of('um_operator_status'))
      expect('conversation_id' in p, key(p)).toBe(p.value_str === 'slots_full');
  });

  it('is_chatbot_metric is true exactly when the operator of the point is a chatbot (rule 1)', () => {
    for (const metric of METRICS)
      for (const p of of(metric)) {
        const operator = p.operator_id == null ? undefined : operators.get(p.operator_id);
        if (p.operator_id != null) expect(operator, `${metric}: operator ${p.operator_id}`).toBeDefined();
        expect(p.is_chatbot_metric, metric).toBe(operator?.isBot ?? false);
      }
  });

  it('a conversation can have both interaction flags while is_chatbot_metric is false (rule 1)', () => {
    const both = METRICS.flatMap(of).filter(
      (p) => p.chatbot_interaction && p.human_interaction && !p.is_chatbot_metric,
    );
    expect(both.length).toBeGreaterThan(0);
  });

  it('operator_id and operator_group_id are null together; the ids belong to the organization (rule 2)', () => {
    let unassigned = 0;
    for (const metric of METRICS)
      for (const p of of(metric)) {
        if (!('operator_id' in p)) continue;
        if (p.operator_id === null) {
          unassigned++;
          expect(p.operator_group_id, metric).toBeNull();
        } else expect(operators.get(p.operator_id!)!.organizationId, metric).toBe(p.organization_id);
        expect(p.um_widget_id.length, metric).toBeGreaterThan(0);
      }
    expect(unassigned).toBeGreaterThan(0);
  });
});

// ---- value and value_str per metric (section 6, 6.1, 6.2, our formats where it shows none) ----

type Rule = (p: Point) => void;
const one: Rule = (p) => expect(p.value).toBe(1);
const emptyStr: Rule = (p) => expect(p.value_str).toBe('');
const seconds: Rule = (p) => {
  expect(p.value).toBeGreaterThanOrEqual(0);
  expect(p.value_str).toBe('');
};
const count: Rule = (p) => {
  expect(Number.isInteger(p.value)).toBe(true);
  expect(p.value).toBeGreaterThanOrEqual(0);
  expect(p.value_str).toBe('');
};
const all =
  (...rules: Rule[]): Rule =>
  (p) => {
    for (const rule of rules) rule(p);
  };
const nonEmpty: Rule = (p) => expect(p.value_str.length).toBeGreaterThan(0);
const categoryIs =
  (category: string): Rule =>
  (p) => {
    expect(p.value).toBeGreaterThanOrEqual(0);
    expect(p.value_str).toBe(category);
  };
const FORWARD = /^from:(\d*);to:(\d+);by:(\d*)$/;
const forwardToOperator: Rule = (p) => {
  one(p);
  const m = FORWARD.exec(p.value_str);
  expect(m, p.value_str).not.toBeNull();
  // The point's operator is the one the session went to.
  expect(Number(m![2])).toBe(p.operator_id);
};
const forwardToGroup: Rule = (p) => {
  one(p);
  const m = FORWARD.exec(p.value_str);
  expect(m, p.value_str).not.toBeNull();
  expect(Number(m![2])).toBe(p.operator_group_id);
};
const ACTIVE = ['new', 'open', 'pending'];

/** One rule per metric: the type makes a new metric without a rule a compile error. */
const VALUE_RULES: Record<AnalyticsMetric, Rule> = {
  um_conversation_first_message: one,
  um_conversation_first_message_assignment_update: one,
  um_conversation_duration: (p) => {
    expect(p.value).toBeGreaterThan(0);
    emptyStr(p);
  },
  um_chat_messages_total: count,
  um_chat_messages_ct: count,
  um_chat_messages_co: count,
  um_operator_status: all(one, (p) => expect(OPERATOR_STATUS_VALUES).toContain(p.value_str)),
  um_operator_slot_usage: (p) => {
    const m = /^(\d+):(\d+)$/.exec(p.value_str);
    expect(m, p.value_str).not.toBeNull();
    const [current, total] = [Number(m![1]), Number(m![2])];
    expect(total).toBeGreaterThan(0);
    expect(current).toBeLessThanOrEqual(total);
    expect(p.value).toBeCloseTo((current / total) * 100, 2);
  },
  um_operator_response_time_first: seconds,
  um_operator_response_time_first_service_time: seconds,
  um_operator_response_time_conversation_first: seconds,
  um_operator_response_time_conversation_first_service_time: seconds,
  um_operator_response_time: seconds,
  um_operator_response_time_service_time: seconds,
  um_operator_response_time_to_unanswered_session_first: seconds,
  um_operator_response_time_to_unanswered_session_first_service_time: seconds,
  um_operator_response_time_to_unanswered_session: seconds,
  um_operator_response_time_to_unanswered_session_service_time: seconds,
  um_conversation_rating: (p) => {
    expect(Number.isInteger(p.value)).toBe(true);
    expect(p.value).toBeGreaterThanOrEqual(1);
    expect(p.value).toBeLessThanOrEqual(5);
    emptyStr(p);
  },
  um_conversation_feedback: all(one, emptyStr),
  um_conversation_unanswered_live: all(one, emptyStr),
  um_conversation_unanswered_ended: all(one, emptyStr),
  um_conversation_inactivity_action: one, // value_str: the schema's enum of 6.1
  um_conversation_goal_reached: (p) => {
    expect(Number.isInteger(p.value) && p.value > 0).toBe(true);
    nonEmpty(p);
  },
  um_conversation_reopen: all(one, nonEmpty),
  um_missed_opportunity: all(one, (p) => expect(p.value_str).toBe(String(p.conversation_id))),
  um_conversation_topic: (p) => {
    expect(Number.isInteger(p.value) && p.value > 0).toBe(true);
    nonEmpty(p);
  },
  um_conversation_topic_change: (p) => {
    expect(Number.isInteger(p.value) && p.value >= 0).toBe(true);
    expect(p.value_str).toMatch(/^added:(\d+(,\d+)*)?;removed:(\d+(,\d+)*)?$/);
  },
  um_conversation_pre_survey: (p) => {
    expect(Number.isInteger(p.value) && p.value >= 0).toBe(true);
    nonEmpty(p);
  },
  um_conversation_post_survey: (p) => {
    expect(Number.isInteger(p.value) && p.value >= 0).toBe(true);
    nonEmpty(p);
  },
  um_contact_unique_visit: all(one, (p) => expect(p.value_str).toBe(String(p.conversation_id))),
  um_contact_country: all(one, (p) => expect(p.value_str).toMatch(/^[A-Z]{2}$/)),
  um_contact_browser: all(one, nonEmpty),
  um_contact_response_time_backchannel: seconds,
  um_contact_response_time_backchannel_service_time: seconds,
  um_contact_response_time: seconds,
  um_contact_response_time_service_time: seconds,
  um_conversation_category: all(one, (p) =>
    expect(Object.keys(CONVERSATION_CATEGORIES)).toContain(p.value_str),
  ),
  um_conversation_part_category: one, // value_str: the schema's enum of 6.2
  um_conversation_session_count: (p) => {
    expect(Number.isInteger(p.value) && p.value >= 1).toBe(true);
    emptyStr(p);
  },
  um_conversation_session_duration_live: categoryIs('live'),
  um_conversation_session_duration_offline: categoryIs('offline'),
  um_conversation_session_duration_re_engage: categoryIs('re-engage'),
  um_conversation_status_duration: (p) => {
    expect(p.value).toBeGreaterThanOrEqual(0);
    expect(ACTIVE).toContain(p.value_str);
  },
  um_conversation_unassigned_duration: (p) => {
    expect(p.value).toBeGreaterThanOrEqual(0);
    expect(ACTIVE).toContain(p.value_str);
  },
  um_chat_session_manual_forward_live: forwardToOperator,
  um_chat_session_manual_forward_offline: forwardToOperator,
  um_chat_session_manual_forward_re_engage: forwardToOperator,
  um_chat_session_manual_forward_group_live: forwardToGroup,
  um_chat_session_manual_forward_group_offline: forwardToGroup,
  um_chat_session_manual_forward_group_re_engage: forwardToGroup,
  um_chat_session_manual_forward_re_group_engage: forwardToGroup,
  um_chat_session_bot_forward_received: (p) => {
    all(one, emptyStr)(p);
    // Attributed to the receiving operator, who is not the chatbot.
    expect(p.operator_id).not.toBeNull();
    expect(operators.get(p.operator_id!)!.isBot).toBe(false);
    expect(p.is_chatbot_metric).toBe(false);
  },
};

describe('value and value_str of each metric (section 6, our formats where it shows none)', () => {
  it.each(METRICS)('%s', (metric) => {
    for (const p of of(metric)) {
      try {
        VALUE_RULES[metric](p);
      } catch (error) {
        throw new Error(`${metric} ${key(p)}: ${(error as Error).message}`);
      }
    }
  });
});

/** Points of a metric keyed by session (part id) or conversation id. */
const byPart = (metric: AnalyticsMetric) => groupBy(of(metric), (p) => p.conversation_part_id!);
const byConversation = (metric: AnalyticsMetric) => groupBy(of(metric), (p) => p.conversation_id!);
const sessionKey = (p: Point) => `${p.conversation_part_id}@${p.time}`;

describe('relations between metrics', () => {
  it('one event per conversation where section 6 says so (and once per session for session totals)', () => {
    const perConversation: AnalyticsMetric[] = [
      'um_conversation_first_message',
      'um_conversation_first_message_assignment_update',
      'um_conversation_rating',
      'um_conversation_unanswered_live',
      'um_conversation_unanswered_ended',
      'um_conversation_topic',
      'um_conversation_session_count',
      'um_conversation_category',
      'um_missed_opportunity',
      'um_contact_unique_visit',
      'um_contact_country',
      'um_contact_browser',
      'um_operator_response_time_conversation_first',
      'um_operator_response_time_to_unanswered_session_first',
    ];
    for (const metric of perConversation)
      for (const [conversation, points] of byConversation(metric))
        expect(points.length, `${metric} of conversation ${conversation}`).toBe(1);
    // Status and unassigned durations: one record per status value per conversation.
    for (const metric of ['um_conversation_status_duration', 'um_conversation_unassigned_duration'] as const)
      for (const [k, points] of groupBy(of(metric), (p) => `${p.conversation_id}:${p.value_str}`))
        expect(points.length, `${metric} ${k}`).toBe(1);
    // Message counts and part categories: one per session.
    for (const metric of [
      'um_chat_messages_total',
      'um_chat_messages_ct',
      'um_chat_messages_co',
      'um_conversation_part_category',
    ] as const)
      for (const [part, points] of byPart(metric)) expect(points.length, `${metric} of part ${part}`).toBe(1);
  });

  it('first messages: every conversation has one, on the conversation’s first-message time', () => {
    const conversations = new Set(of('um_conversation_category').map((p) => p.conversation_id));
    expect(new Set(of('um_conversation_first_message').map((p) => p.conversation_id))).toEqual(conversations);
    // The assignment-update variant is the same event; only the operator may differ.
    const strip = ({ operator_id: _o, operator_group_id: _g, is_chatbot_metric: _b, ...rest }: Point) => rest;
    expect(of('um_conversation_first_message_assignment_update').map(strip)).toEqual(
      of('um_conversation_first_message').map(strip),
    );
  });

  it('message counts: total = sent by operators (ct) + received from the contact (co), per session', () => {
    const ct = byPart('um_chat_messages_ct');
    const co = byPart('um_chat_messages_co');
    expect(ct.size).toBe(byPart('um_chat_messages_total').size);
    for (const [part, [total]] of byPart('um_chat_messages_total')) {
      expect(total!.value, `part ${part}`).toBe(ct.get(part)![0]!.value + co.get(part)![0]!.value);
      expect(total!.value).toBeGreaterThan(0);
      expect(ct.get(part)![0]!.time).toBe(total!.time);
    }
  });

  it('service-time variants: the same events, never longer than the plain seconds', () => {
    const pairs: Array<[AnalyticsMetric, AnalyticsMetric]> = [
      ['um_operator_response_time_first', 'um_operator_response_time_first_service_time'],
      [
        'um_operator_response_time_conversation_first',
        'um_operator_response_time_conversation_first_service_time',
      ],
      ['um_operator_response_time', 'um_operator_response_time_service_time'],
      [
        'um_operator_response_time_to_unanswered_session_first',
        'um_operator_response_time_to_unanswered_session_first_service_time',
      ],
      [
        'um_operator_response_time_to_unanswered_session',
        'um_operator_response_time_to_unanswered_session_service_time',
      ],
      ['um_contact_response_time_backchannel', 'um_contact_response_time_backchannel_service_time'],
    ];
    for (const [plain, service] of pairs) {
      const a = of(plain);
      const b = of(service);
      expect(b.length, service).toBe(a.length);
      a.forEach((p, i) => {
        const q = b[i]!;
        expect({ ...q, value: 0 }, service).toEqual({ ...p, value: 0 });
        expect(q.value, service).toBeLessThanOrEqual(p.value + 1e-9);
      });
      // Some response falls outside service hours in a month of data.
      expect(
        b.some((q, i) => q.value < a[i]!.value),
        service,
      ).toBe(true);
    }
  });

  it('first responses: the conversation’s first is its first session’s first; unanswered ones are a subset', () => {
    const firstOfSession = new Set(of('um_operator_response_time_first').map(key));
    for (const p of of('um_operator_response_time_conversation_first'))
      expect(firstOfSession.has(key(p))).toBe(true);
    const unanswered = new Set(of('um_operator_response_time_to_unanswered_session').map(key));
    for (const p of of('um_operator_response_time_to_unanswered_session_first'))
      expect(unanswered.has(key(p))).toBe(true);
    // Later responses never coincide with a first response of the same session.
    const firsts = new Set(of('um_operator_response_time_first').map(sessionKey));
    for (const p of of('um_operator_response_time')) expect(firsts.has(sessionKey(p))).toBe(false);
    // Unanswered sessions started offline (6.2).
    const categories = byPart('um_conversation_part_category');
    for (const p of of('um_operator_response_time_to_unanswered_session'))
      expect(categories.get(p.conversation_part_id!)![0]!.value_str).toBe('offline');
  });

  it('um_contact_response_time(_service_time) are served like the backchannel metrics', () => {
    expect(of('um_contact_response_time')).toEqual(of('um_contact_response_time_backchannel'));
    expect(of('um_contact_response_time_service_time')).toEqual(
      of('um_contact_response_time_backchannel_service_time'),
    );
  });

  it('categories: sessions per conversation = session count; the conversation category is its first session’s', () => {
    const parts = byConversation('um_conversation_part_category');
    for (const p of of('um_conversation_session_count')) {
      const sessions = parts.get(p.conversation_id!)!;
      expect(sessions.length, `conversation ${p.conversation_id}`).toBe(p.value);
      // "event time stays that of the first session"
      expect(p.time).toBe(sessions[0]!.time);
    }
    for (const p of of('um_conversation_category'))
      expect(p.value_str, `conversation ${p.conversation_id}`).toBe(
        parts.get(p.conversation_id!)![0]!.value_str,
      );
    // Resumed conversations: one reopen per session after the first.
    const reopens = byConversation('um_conversation_reopen');
    for (const p of of('um_conversation_session_count'))
      expect(reopens.get(p.conversation_id!)?.length ?? 0).toBe(p.value - 1);
  });

  it('session durations: one per session, in the metric of the session’s category', () => {
    const categories = byPart('um_conversation_part_category');
    let sessions = 0;
    for (const metric of [
      'um_conversation_session_duration_live',
      'um_conversation_session_duration_offline',
      'um_conversation_session_duration_re_engage',
    ] as const)
      for (const p of of(metric)) {
        sessions++;
        expect(categories.get(p.conversation_part_id!)![0]!.value_str, metric).toBe(p.value_str);
      }
    expect(sessions).toBe(of('um_conversation_part_category').length);
  });

  it('manual forwards: the state of the session at reassignment decides the category', () => {
    const categories = byPart('um_conversation_part_category');
    const metrics = {
      live: ['um_chat_session_manual_forward_live', 'um_chat_session_manual_forward_group_live'],
      offline: ['um_chat_session_manual_forward_offline', 'um_chat_session_manual_forward_group_offline'],
      're-engage': [
        'um_chat_session_manual_forward_re_engage',
        'um_chat_session_manual_forward_group_re_engage',
      ],
    } as const;
    for (const [category, names] of Object.entries(metrics))
      for (const metric of names)
        for (const p of of(metric))
          expect(categories.get(p.conversation_part_id!)![0]!.value_str).toBe(category);
  });

  it('topics: replaying the changes gives the topic event of the conversation (one per conversation, the latest)', () => {
    const topics = byConversation('um_conversation_topic');
    for (const [conversation, changes] of byConversation('um_conversation_topic_change')) {
      const set = new Set<number>();
      for (const change of changes) {
        const [, added = '', removed = ''] = /^added:([\d,]*);removed:([\d,]*)$/.exec(change.value_str)!;
        for (const id of added.split(',').filter(Boolean)) set.add(Number(id));
        for (const id of removed.split(',').filter(Boolean)) set.delete(Number(id));
        expect(change.value, `conversation ${conversation}`).toBe(set.size);
      }
      const topic = topics.get(conversation)?.[0];
      const last = changes[changes.length - 1]!;
      if (set.size === 0) expect(topic).toBeUndefined();
      else {
        expect(topic, `conversation ${conversation}`).toBeDefined();
        expect(topic!.value).toBe(Math.min(...set));
        expect(topic!.value_str.split(',')).toHaveLength(set.size);
        expect(topic!.time).toBe(last.time);
      }
    }
    for (const conversation of topics.keys())
      expect(byConversation('um_conversation_topic_change').has(conversation)).toBe(true);
  });

  it('goals: a goal id always has the same name', () => {
    const names = new Map<number, Set<string>>();
    for (const p of of('um_conversation_goal_reached'))
      names.set(p.value, (names.get(p.value) ?? new Set()).add(p.value_str));
    for (const [goal, set] of names) expect([...set], `goal ${goal}`).toHaveLength(1);
  });

  it('missed opportunities are offline starts (no operator available)', () => {
    const categories = byConversation('um_conversation_category');
    for (const p of of('um_missed_opportunity'))
      expect(categories.get(p.conversation_id!)![0]!.value_str).toBe('offline');
  });

  it('operator status: bots only come online; slots_full follows the slot usage reaching 100%', () => {
    const bots = [...operators].filter(([, o]) => o.isBot).map(([id]) => id);
    expect(bots.length).toBeGreaterThan(0);
    for (const bot of bots) {
      const statuses = of('um_operator_status').filter((p) => p.operator_id === bot);
      expect(statuses.map((p) => p.value_str)).toEqual(['online']);
      expect(of('um_operator_slot_usage').filter((p) => p.operator_id === bot)).toEqual([]);
    }
    const full = of('um_operator_slot_usage').filter((p) => p.value === 100);
    const slotsFull = of('um_operator_status').filter((p) => p.value_str === 'slots_full');
    for (const p of slotsFull)
      expect(
        full.some((u) => u.operator_id === p.operator_id && u.time === p.time),
        key(p),
      ).toBe(true);
  });
});
