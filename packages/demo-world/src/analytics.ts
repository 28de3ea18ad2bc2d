import type { AnalyticsMetric } from '@org/model';
import type { SlotLedger } from './conversation-script.js';
import type { OperatorInfo, OrgWorld } from './organizations.js';
import {
  ACTIVE_STATUSES,
  type Assignment,
  type ScriptConversation,
  type ScriptPart,
  type SurveyAnswer,
} from './script-types.js';
import { DAY, HOUR, MINUTE, type Micros, SECOND, serviceSeconds, startOfDay, toSeconds } from './time.js';

/**
 * Which analytics data points the world's activity implies, metric by metric (analytics spec
 * section 6, and the value formats the API chose where the spec shows none). Everything is read off
 * the same conversation story the rows come from, so the checks "message counts = stored messages",
 * "rating = conversation.rate", "session durations = part durations" hold by construction. Data is
 * stored under the canonical metric name; the alternative re-engage group spelling is served by the
 * API as an alias.
 */
export type CanonicalMetric = Exclude<AnalyticsMetric, 'um_chat_session_manual_forward_re_group_engage'>;
type OperatorMetric = 'um_operator_status' | 'um_operator_slot_usage';
type ConversationMetric = Exclude<CanonicalMetric, OperatorMetric>;

export interface DataPointDraft {
  readonly metric: CanonicalMetric;
  readonly organizationId: number;
  readonly umWidgetIds: readonly number[];
  readonly operatorId: number | null;
  readonly operatorGroupId: number | null;
  readonly time: Micros;
  readonly value: number;
  readonly valueStr: string;
  readonly conversationId: number | null;
  readonly conversationPartId: number | null;
  readonly conversationSessionId: number | null;
  readonly isChatbotMetric: boolean;
  /** null on operator events: the flags exist only on conversation events */
  readonly chatbotInteraction: boolean | null;
  readonly humanInteraction: boolean | null;
}

/** What a derivation needs to know about one conversation, computed once. */
class ConversationFacts {
  readonly firstPart: ScriptPart;
  readonly lastPart: ScriptPart;

  constructor(readonly c: ScriptConversation) {
    this.firstPart = c.parts[0]!;
    this.lastPart = c.parts[c.parts.length - 1]!;
  }

  /** The assignment in force at `t` (the latest at or before it). */
  assignmentAt(t: Micros): Assignment | null {
    let found: Assignment | null = null;
    for (const assignment of this.c.assignments) {
      if (assignment.at <= t) found = assignment;
      else break;
    }
    return found;
  }

  /** A conversation event: operator at `t`, who took part so far, widgets used so far. */
  point(
    metric: CanonicalMetric,
    t: Micros,
    value: number,
    valueStr = '',
    assignment: Assignment | null = this.assignmentAt(t),
  ): DataPointDraft {
    const operator = assignment?.operator ?? null;
    let chatbot = false;
    let human = false;
    for (const message of this.c.messages) {
      if (message.sentAt > t) break;
      if (message.operator?.isBot) chatbot = true;
      else if (message.operator) human = true;
    }
    const widgets = [...new Set(this.c.parts.filter((p) => p.createdAt <= t).map((p) => p.widget.id))];
    return {
      metric,
      organizationId: this.c.org.id,
      umWidgetIds: widgets.length > 0 ? widgets : [this.c.widget.id],
      operatorId: operator?.id ?? null,
      operatorGroupId: operator ? assignment!.groupId : null,
      time: t,
      value,
      valueStr,
      conversationId: this.c.id,
      conversationPartId: null,
      conversationSessionId: null,
      isChatbotMetric: operator?.isBot ?? false,
      chatbotInteraction: chatbot,
      humanInteraction: human,
    };
  }

  /** A session event: a conversation event of one part (the session id is the part id). */
  sessionPoint(
    metric: CanonicalMetric,
    part: ScriptPart,
    t: Micros,
    value: number,
    valueStr = '',
  ): DataPointDraft {
    return {
      ...this.point(metric, t, value, valueStr),
      umWidgetIds: [part.widget.id],
      conversationPartId: part.id,
      conversationSessionId: part.id,
    };
  }

  /** Session ends after which the conversation had ended (each resumption reopens it). */
  conversationEnds(): ScriptPart[] {
    return this.c.parts.filter((part) => part !== this.lastPart || this.c.status === 'ended');
  }
}

interface Response {
  /** the operator message that answered */
  readonly at: Micros;
  /** the first contact message it answered */
  readonly since: Micros;
}

/** Operator answers in a session: each operator message that follows unanswered contact messages. */
function responsesIn(part: ScriptPart): Response[] {
  const responses: Response[] = [];
  let waitingSince: Micros | null = null;
  for (const message of part.messages) {
    if (message.sender === 'contact') waitingSince ??= message.sentAt;
    else if (waitingSince !== null) {
      responses.push({ at: message.sentAt, since: waitingSince });
      waitingSince = null;
    }
  }
  return responses;
}

/** The contact's answer to an operator message written while the contact was away. */
function backchannelIn(part: ScriptPart): Response | null {
  if (part.category === 'live') return null;
  const offlineReply = part.messages.findIndex((m) => m.sender === 'operator');
  if (offlineReply < 0) return null;
  const answer = part.messages.slice(offlineReply + 1).find((m) => m.sender === 'contact');
  return answer ? { at: answer.sentAt, since: part.messages[offlineReply]!.sentAt } : null;
}

const seconds = (r: Response) => toSeconds(r.at - r.since);
const serviceTime = (r: Response) => serviceSeconds(r.since, r.at);

type Derivation = (f: ConversationFacts) => DataPointDraft[];

/** Response-time metrics: plain seconds, and the same interval counted within service hours. */
function responseMetrics<P extends CanonicalMetric, S extends CanonicalMetric>(
  plain: P,
  withServiceTime: S,
  select: (f: ConversationFacts) => { part: ScriptPart; response: Response }[],
): Record<P | S, Derivation> {
  return {
    [plain]: (f: ConversationFacts) =>
      select(f).map(({ part, response }) => f.sessionPoint(plain, part, response.at, seconds(response))),
    [withServiceTime]: (f: ConversationFacts) =>
      select(f).map(({ part, response }) =>
        f.sessionPoint(withServiceTime, part, response.at, serviceTime(response)),
      ),
  } as Record<P | S, Derivation>;
}

const firstResponses = (f: ConversationFacts) =>
  f.c.parts.flatMap((part) =>
    responsesIn(part)
      .slice(0, 1)
      .map((response) => ({ part, response })),
  );
const laterResponses = (f: ConversationFacts) =>
  f.c.parts.flatMap((part) =>
    responsesIn(part)
      .slice(1)
      .map((response) => ({ part, response })),
  );
const conversationFirstResponse = (f: ConversationFacts) =>
  responsesIn(f.firstPart)
    .slice(0, 1)
    .map((response) => ({ part: f.firstPart, response }));
const unansweredSessionResponses = (f: ConversationFacts) =>
  f.c.parts
    .filter((part) => part.category === 'offline')
    .flatMap((part) =>
      responsesIn(part)
        .slice(0, 1)
        .map((response) => ({ part, response })),
    );
const firstUnansweredSessionResponse = (f: ConversationFacts) => unansweredSessionResponses(f).slice(0, 1);

function backchannelMetrics<P extends CanonicalMetric, S extends CanonicalMetric>(
  plain: P,
  withServiceTime: S,
): Record<P | S, Derivation> {
  const answers = (f: ConversationFacts) =>
    f.c.parts.map(backchannelIn).filter((r): r is Response => r !== null);
  return {
    [plain]: (f: ConversationFacts) => answers(f).map((r) => f.point(plain, r.at, seconds(r))),
    [withServiceTime]: (f: ConversationFacts) =>
      answers(f).map((r) => f.point(withServiceTime, r.at, serviceTime(r))),
  } as Record<P | S, Derivation>;
}

/** A survey answer as a point: the chosen option's index and label; none when the survey went unanswered. */
const surveyAnswerMetric =
  (metric: CanonicalMetric, answerOf: (c: ScriptConversation) => SurveyAnswer | null): Derivation =>
  (f) => {
    const answer = answerOf(f.c);
    return answer ? [f.point(metric, answer.at, answer.index, answer.label)] : [];
  };

const sessionDuration = (part: ScriptPart) => toSeconds(part.endedAt - part.createdAt);

function sessionDurationMetric(metric: CanonicalMetric, category: ScriptPart['category']): Derivation {
  return (f) =>
    f.c.parts
      .filter((part) => part.category === category)
      .map((part) => f.sessionPoint(metric, part, part.endedAt, sessionDuration(part), category));
}

function forwardMetric(
  metric: CanonicalMetric,
  category: ScriptPart['category'],
  toGroup: boolean,
): Derivation {
  return (f) =>
    f.c.assignments
      .filter((a) => a.kind === (toGroup ? 'group_forward' : 'forward'))
      .map((a) => ({ a, part: f.c.parts.find((p) => p.id === a.partId)! }))
      .filter(({ part }) => part.category === category)
      .map(({ a, part }) =>
        f.sessionPoint(
          metric,
          part,
          a.at,
          1,
          `from:${a.from?.id ?? ''};to:${toGroup ? (a.groupId ?? '') : a.operator.id};by:${a.by?.id ?? ''}`,
        ),
      );
}

function messageCountMetric(metric: CanonicalMetric, sender: 'contact' | 'operator' | null): Derivation {
  return (f) =>
    f.c.parts.map((part) =>
      f.sessionPoint(
        metric,
        part,
        part.endedAt,
        part.messages.filter((m) => sender === null || m.sender === sender).length,
      ),
    );
}

export const CONVERSATION_DERIVATIONS = {
  um_conversation_first_message: (f) => {
    const first = f.c.messages[0]!;
    return [f.point('um_conversation_first_message', first.sentAt, 1, first.sender)];
  },
  um_conversation_first_message_assignment_update: (f) => {
    const first = f.c.messages[0]!;
    const current = f.c.assignments[f.c.assignments.length - 1] ?? null;
    return [
      f.point('um_conversation_first_message_assignment_update', first.sentAt, 1, first.sender, current),
    ];
  },
  um_conversation_duration: (f) => {
    let total = 0;
    return f.c.parts.flatMap((part) => {
      total += sessionDuration(part);
      return f.conversationEnds().includes(part)
        ? [f.point('um_conversation_duration', part.endedAt, total)]
        : [];
    });
  },
  um_chat_messages_total: messageCountMetric('um_chat_messages_total', null),
  um_chat_messages_ct: messageCountMetric('um_chat_messages_ct', 'operator'),
  um_chat_messages_co: messageCountMetric('um_chat_messages_co', 'contact'),
  ...responseMetrics(
    'um_operator_response_time_first',
    'um_operator_response_time_first_service_time',
    firstResponses,
  ),
  ...responseMetrics(
    'um_operator_response_time_conversation_first',
    'um_operator_response_time_conversation_first_service_time',
    conversationFirstResponse,
  ),
  ...responseMetrics('um_operator_response_time', 'um_operator_response_time_service_time', laterResponses),
  ...responseMetrics(
    'um_operator_response_time_to_unanswered_session_first',
    'um_operator_response_time_to_unanswered_session_first_service_time',
    firstUnansweredSessionResponse,
  ),
  ...responseMetrics(
    'um_operator_response_time_to_unanswered_session',
    'um_operator_response_time_to_unanswered_session_service_time',
    unansweredSessionResponses,
  ),
  um_conversation_rating: (f) =>
    f.c.rate === null || f.c.ratedAt === null
      ? []
      : [f.point('um_conversation_rating', f.c.ratedAt, f.c.rate)],
  um_conversation_feedback: (f) =>
    f.c.feedbackAt === null ? [] : [f.point('um_conversation_feedback', f.c.feedbackAt, 1)],
  um_conversation_unanswered_live: (f) => {
    const part = f.c.parts.find(
      (p) =>
        p.category === 'live' &&
        !p.messages.some((m) => m.sender === 'operator') &&
        f.assignmentAt(p.endedAt)?.operator.isBot === false,
    );
    return part ? [f.point('um_conversation_unanswered_live', part.endedAt, 1)] : [];
  },
  um_conversation_unanswered_ended: (f) => {
    const end = f
      .conversationEnds()
      .find((part) => !f.c.messages.some((m) => m.sender === 'operator' && m.sentAt <= part.endedAt));
    return end ? [f.point('um_conversation_unanswered_ended', end.endedAt, 1)] : [];
  },
  um_conversation_inactivity_action: (f) =>
    f.c.inactivityAction
      ? [
          f.point(
            'um_conversation_inactivity_action',
            f.c.inactivityAction.at,
            1,
            f.c.inactivityAction.action,
          ),
        ]
      : [],
  um_conversation_goal_reached: (f) =>
    f.c.goal ? [f.point('um_conversation_goal_reached', f.c.goal.at, f.c.goal.id, f.c.goal.name)] : [],
  um_conversation_reopen: (f) =>
    f.c.parts.slice(1).map((part) => f.point('um_conversation_reopen', part.createdAt, 1, 'open')),
  um_missed_opportunity: (f) => {
    if (f.firstPart.category !== 'offline') return [];
    const tried = f.firstPart.messages.find((m) => m.sender === 'contact') ?? f.firstPart.messages[0]!;
    // No operator could be routed: the point carries no operator (section 2, rule 2).
    return [f.point('um_missed_opportunity', tried.sentAt, 1, String(f.c.id), null)];
  },
  um_conversation_topic: (f) => {
    const last = f.c.topicChanges[f.c.topicChanges.length - 1];
    if (!last || f.c.topics.length === 0) return [];
    return [
      f.point('um_conversation_topic', last.at, f.c.topics[0]!.id, f.c.topics.map((t) => t.text).join(',')),
    ];
  },
  um_conversation_topic_change: (f) =>
    f.c.topicChanges.map((change) =>
      f.point(
        'um_conversation_topic_change',
        change.at,
        change.countAfter,
        `added:${change.added.join(',')};removed:${change.removed.join(',')}`,
      ),
    ),
  um_conversation_pre_survey: surveyAnswerMetric('um_conversation_pre_survey', (c) => c.preSurvey),
  um_conversation_post_survey: surveyAnswerMetric('um_conversation_post_survey', (c) => c.postSurvey),
  um_contact_unique_visit: (f) => [
    f.sessionPoint('um_contact_unique_visit', f.firstPart, f.firstPart.endedAt, 1, String(f.c.id)),
  ],
  um_contact_country: (f) => [
    f.point('um_contact_country', f.firstPart.createdAt, 1, f.firstPart.location.country),
  ],
  um_contact_browser: (f) => [
    f.point('um_contact_browser', f.firstPart.createdAt, 1, f.firstPart.browser.name),
  ],
  ...backchannelMetrics(
    'um_contact_response_time_backchannel',
    'um_contact_response_time_backchannel_service_time',
  ),
  // Named in the version list only, with no format shown: served like the backchannel metrics.
  ...backchannelMetrics('um_contact_response_time', 'um_contact_response_time_service_time'),
  um_conversation_category: (f) => [
    f.point('um_conversation_category', f.c.createdAt, 1, f.firstPart.category),
  ],
  um_conversation_part_category: (f) =>
    f.c.parts.map((part) =>
      f.sessionPoint('um_conversation_part_category', part, part.createdAt, 1, part.category),
    ),
  um_conversation_session_count: (f) => [
    f.point('um_conversation_session_count', f.firstPart.createdAt, f.c.parts.length),
  ],
  um_conversation_session_duration_live: sessionDurationMetric(
    'um_conversation_session_duration_live',
    'live',
  ),
  um_conversation_session_duration_offline: sessionDurationMetric(
    'um_conversation_session_duration_offline',
    'offline',
  ),
  um_conversation_session_duration_re_engage: sessionDurationMetric(
    'um_conversation_session_duration_re_engage',
    're-engage',
  ),
  um_conversation_status_duration: (f) =>
    ACTIVE_STATUSES.flatMap((status) => {
      const closed = f.c.timeline.filter((i) => i.status === status && i.to !== null);
      if (closed.length === 0) return [];
      const total = closed.reduce((sum, i) => sum + (i.to! - i.from), 0);
      return [
        f.point('um_conversation_status_duration', closed[closed.length - 1]!.to!, toSeconds(total), status),
      ];
    }),
  um_conversation_unassigned_duration: (f) => {
    const first = f.c.assignments[0];
    if (first) {
      if (first.at <= f.c.createdAt) return [];
      const status = f.c.timeline.filter((i) => i.from <= first.at).pop()?.status ?? 'new';
      return [
        f.point(
          'um_conversation_unassigned_duration',
          first.at,
          toSeconds(first.at - f.c.createdAt),
          status,
          null,
        ),
      ];
    }
    const end = f.conversationEnds()[0];
    return end
      ? [
          f.point(
            'um_conversation_unassigned_duration',
            end.endedAt,
            toSeconds(end.endedAt - f.c.createdAt),
            'new',
            null,
          ),
        ]
      : [];
  },
  um_chat_session_manual_forward_live: forwardMetric('um_chat_session_manual_forward_live', 'live', false),
  um_chat_session_manual_forward_offline: forwardMetric(
    'um_chat_session_manual_forward_offline',
    'offline',
    false,
  ),
  um_chat_session_manual_forward_re_engage: forwardMetric(
    'um_chat_session_manual_forward_re_engage',
    're-engage',
    false,
  ),
  um_chat_session_manual_forward_group_live: forwardMetric(
    'um_chat_session_manual_forward_group_live',
    'live',
    true,
  ),
  um_chat_session_manual_forward_group_offline: forwardMetric(
    'um_chat_session_manual_forward_group_offline',
    'offline',
    true,
  ),
  um_chat_session_manual_forward_group_re_engage: forwardMetric(
    'um_chat_session_manual_forward_group_re_engage',
    're-engage',
    true,
  ),
  um_chat_session_bot_forward_received: (f) =>
    f.c.assignments
      .filter((a) => a.kind === 'bot_handover')
      .map((a) => f.point('um_chat_session_bot_forward_received', a.at, 1)),
} satisfies Record<ConversationMetric, Derivation>;

/** Every data point one conversation implies, in metric order then time. */
export function conversationDataPoints(conversation: ScriptConversation): DataPointDraft[] {
  const facts = new ConversationFacts(conversation);
  const points: DataPointDraft[] = [];
  for (const derive of Object.values(CONVERSATION_DERIVATIONS) as Derivation[]) points.push(...derive(facts));
  return points;
}

interface OperatorFacts {
  readonly org: OrgWorld;
  readonly operator: OperatorInfo;
  readonly now: Micros;
  readonly days: number;
  /** Slots held by the operator's ongoing conversations. */
  readonly reservations: readonly { at: Micros; conversationId: number; partId: number }[];
}

function operatorPoint(
  f: OperatorFacts,
  metric: OperatorMetric,
  t: Micros,
  value: number,
  valueStr: string,
  conversation?: { conversationId: number; partId: number },
): DataPointDraft {
  return {
    metric,
    organizationId: f.org.id,
    umWidgetIds: f.org.widgets.map((w) => w.id),
    operatorId: f.operator.id,
    operatorGroupId: f.operator.groupIds[0] ?? null,
    time: t,
    value,
    valueStr,
    conversationId: conversation?.conversationId ?? null,
    conversationPartId: conversation?.partId ?? null,
    conversationSessionId: conversation?.partId ?? null,
    isChatbotMetric: f.operator.isBot,
    chatbotInteraction: null,
    humanInteraction: null,
  };
}

/** The working day a human operator's status follows: online, lunch away, back, offline. */
function shiftEvents(f: OperatorFacts): { at: Micros; status: string }[] {
  const jitter = (f.operator.id % 30) * MINUTE;
  const today = startOfDay(f.now);
  const events: { at: Micros; status: string }[] = [];
  for (let d = 7; d >= 1; d--) {
    const day = today - d * DAY;
    events.push({ at: day + 8 * HOUR + jitter, status: 'online' });
    if (f.operator.role === 'restricted' && d === 3) {
      events.push({ at: day + 10 * HOUR + jitter, status: 'removed_widget' });
      events.push({ at: day + 10 * HOUR + 5 * MINUTE + jitter, status: 'online' });
    }
    events.push({ at: day + 12 * HOUR + jitter, status: 'away' });
    events.push({ at: day + 12 * HOUR + 45 * MINUTE + jitter, status: 'online' });
    events.push({ at: day + 17 * HOUR + jitter, status: 'offline' });
  }
  // Today ends in the operator's present status (the operators endpoint shows the same).
  const cameOnline = Math.min(today + 8 * HOUR + jitter, f.now - 3 * HOUR);
  events.push({ at: cameOnline, status: 'online' });
  if (f.operator.status === 'away') events.push({ at: f.now - 30 * MINUTE, status: 'away' });
  if (f.operator.status === 'offline') events.push({ at: f.now - 60 * MINUTE, status: 'offline' });
  return events;
}

export const OPERATOR_DERIVATIONS = {
  um_operator_status: (f) => {
    if (f.operator.isBot) {
      return [operatorPoint(f, 'um_operator_status', f.now - f.days * DAY + SECOND, 1, 'online')];
    }
    const events = shiftEvents(f).map((e) => operatorPoint(f, 'um_operator_status', e.at, 1, e.status));
    const held = [...f.reservations].sort((a, b) => a.at - b.at);
    const filling = held[f.operator.totalSlots - 1];
    if (filling && held.length >= f.operator.totalSlots) {
      events.push(operatorPoint(f, 'um_operator_status', filling.at, 1, 'slots_full', filling));
    }
    return events;
  },
  um_operator_slot_usage: (f) => {
    if (f.operator.isBot || f.operator.totalSlots === 0) return [];
    const total = f.operator.totalSlots;
    const held = [...f.reservations].sort((a, b) => a.at - b.at);
    if (held.length === 0) {
      const cameOnline = shiftEvents(f)
        .filter((e) => e.status === 'online')
        .pop()!;
      return [operatorPoint(f, 'um_operator_slot_usage', cameOnline.at, 0, `0:${total}`)];
    }
    return held.map((reservation, i) =>
      operatorPoint(
        f,
        'um_operator_slot_usage',
        reservation.at,
        Math.round(((i + 1) / total) * 10_000) / 100,
        `${i + 1}:${total}`,
        reservation,
      ),
    );
  },
} satisfies Record<OperatorMetric, (f: OperatorFacts) => DataPointDraft[]>;

/** Status and slot events of every operator of an organization, after its conversations. */
export function operatorDataPoints(
  org: OrgWorld,
  slots: SlotLedger,
  now: Micros,
  days: number,
): DataPointDraft[] {
  const points: DataPointDraft[] = [];
  for (const operator of org.operators) {
    const facts: OperatorFacts = {
      org,
      operator,
      now,
      days,
      reservations: slots.reservations.get(operator.id) ?? [],
    };
    for (const derive of Object.values(OPERATOR_DERIVATIONS)) points.push(...derive(facts));
  }
  return points;
}

/** Every canonical metric the world derives (used by tests against the model's list). */
export const DERIVED_METRICS: readonly CanonicalMetric[] = [
  ...(Object.keys(CONVERSATION_DERIVATIONS) as CanonicalMetric[]),
  ...(Object.keys(OPERATOR_DERIVATIONS) as CanonicalMetric[]),
];
