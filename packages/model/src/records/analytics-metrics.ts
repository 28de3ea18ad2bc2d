/**
 * Every analytics metric (Analytics API v1, section 6): what it tracks, what value and value_str mean,
 * and which kind of event it is. The kind decides which ids a data point carries (section 2):
 * - conversation: tracked from a conversation event: conversation_id and the interaction flags;
 * - session: tracked from a single conversation session event: also conversation_part_id and
 *   conversation_session_id;
 * - operator: operator status and slot changes: conversation ids only on some entries;
 * - missed: no operator could be routed: operator_id and operator_group_id are absent.
 */
export type MetricKind = 'conversation' | 'session' | 'operator' | 'missed';

export interface MetricInfo {
  readonly tracks: string;
  readonly value: string;
  readonly valueStr: string;
  readonly kind: MetricKind;
  /** value_str takes one of these values (section 6.1, 6.2 or the status list). */
  readonly valueStrValues?: readonly string[];
  /** Set where the description does not show the format of value or value_str and we chose it. */
  readonly decided?: true;
  /** Set on a second spelling of a metric: the name it is an alias of; both serve the same data. */
  readonly aliasOf?: string;
}

export const INACTIVITY_ACTIONS = {
  status_reassign:
    'a conversation stayed in New or Open too long without reaction; it was unassigned so that all operators see that action is needed',
  status_unassign: 'same situation; the conversation was assigned to a different available operator',
  status_reassign_fail: 'same situation; no reassignment possible because no other operator had a free slot',
  active_notification:
    'the assigned operator of a live conversation did not reply in time; the contact was notified',
  active_reassign:
    'the assigned operator did not reply in time; the conversation went to another available operator; also triggered after an inactivity message',
  active_reassign_fail: 'no reassignment possible because no other operator had a free slot',
  offline_reassign: 'a contact resumed a conversation while the last assigned operator was unavailable',
  offline_reassign_fail: 'same, but no other operator had a free slot',
} as const;
export type InactivityAction = keyof typeof INACTIVITY_ACTIONS;

export const CONVERSATION_CATEGORIES = {
  live: 'started by operator or contact while both are available',
  offline: 'started by the contact while the operator is unavailable',
  're-engage': 'started by the operator while the contact is unavailable',
} as const;
export const CONVERSATION_PART_CATEGORIES = {
  live: 'started while operator and contact are online and a slot is reserved',
  offline: 'started while only the contact is online, or both are online and no slot is reserved',
  're-engage': 'started while only the contact is online',
} as const;
export type ConversationCategory = keyof typeof CONVERSATION_CATEGORIES;

export const OPERATOR_STATUS_VALUES = ['online', 'slots_full', 'away', 'offline', 'removed_widget'] as const;
export type OperatorStatusValue = (typeof OPERATOR_STATUS_VALUES)[number];

/** operator_mode: the two keywords that narrow; any other value gives all operators. */
export const OPERATOR_MODES = {
  human: 'a human operator was involved',
  bot: 'a chatbot operator was involved',
} as const;

const SERVICE_TIME = 'seconds; service time must be enabled';
const serviceTimeOf = (base: MetricInfo): MetricInfo => ({
  ...base,
  tracks: `${base.tracks}, considering service times`,
  value: SERVICE_TIME,
});
const forward = (state: string, target: 'an operator' | 'an operator group'): MetricInfo => ({
  tracks: `${state} session reassigned to ${target}`,
  value: '1',
  valueStr:
    target === 'an operator'
      ? 'operator ids as `from:<id>;to:<id>;by:<id>` (an id is empty when unknown)'
      : 'ids as `from:<operator id>;to:<operator group id>;by:<operator id>`; the state of the session at reassignment decides the category',
  kind: 'session',
  decided: true,
});

/** A metric whose value is a duration in seconds and whose value_str is empty. */
const secondsMetric = (
  tracks: string,
  kind: MetricKind,
  extra: Pick<MetricInfo, 'decided'> = {},
): MetricInfo => ({ tracks, value: 'seconds', valueStr: 'empty', kind, ...extra });

const responseTimeFirst = secondsMetric('first operator response in a session', 'session');
const responseTimeConversationFirst = secondsMetric(
  'first operator response in the first session of a conversation',
  'session',
);
const responseTime = secondsMetric('operator responses in a session, all but the first', 'session');
const unansweredFirst = secondsMetric(
  'first response in the first session started while no operator was available',
  'session',
);
const unanswered = secondsMetric('response in a session started while no operator was available', 'session');
const backchannel = secondsMetric('contact responds to an offline reply of an operator', 'conversation');
const contactResponseTime = secondsMetric(
  'contact response time; named in the version list of paths only, served like um_contact_response_time_backchannel',
  'conversation',
  { decided: true },
);
const groupReEngage = forward('re-engage', 'an operator group');

export const ANALYTICS_METRICS = {
  um_conversation_first_message: {
    tracks: 'first message of a conversation, from operator or contact',
    value: '1',
    valueStr: 'who sent it: `contact` or `operator`',
    kind: 'conversation',
    valueStrValues: ['contact', 'operator'],
    decided: true,
  },
  um_conversation_first_message_assignment_update: {
    tracks:
      'first message of a conversation; the assigned operator follows the current state of the conversation',
    value: '1',
    valueStr: 'who sent it: `contact` or `operator`',
    kind: 'conversation',
    valueStrValues: ['contact', 'operator'],
    decided: true,
  },
  um_conversation_duration: {
    tracks: 'conversation ends; can occur several times if the conversation is resumed and ends again',
    value: 'duration in seconds',
    valueStr: 'empty',
    kind: 'conversation',
  },
  um_chat_messages_total: {
    tracks: 'messages sent and received in a session, tracked at session end',
    value: 'message count',
    valueStr: 'empty',
    kind: 'session',
  },
  um_chat_messages_ct: {
    tracks: 'messages sent by an operator in a session, tracked at session end',
    value: 'message count',
    valueStr: 'empty',
    kind: 'session',
  },
  um_chat_messages_co: {
    tracks: 'messages received (from the contact) in a session, tracked at session end',
    value: 'message count',
    valueStr: 'empty',
    kind: 'session',
  },
  um_operator_status: {
    tracks: 'operator status changes through an operator action or a slot change',
    value: '1',
    valueStr: 'the new status: online, slots_full, away, offline or removed_widget',
    kind: 'operator',
    valueStrValues: OPERATOR_STATUS_VALUES,
  },
  um_operator_slot_usage: {
    tracks: 'number of occupied chat slots changes',
    value: 'utilization in percent',
    valueStr: '`<current_slots>:<total_slots>`',
    kind: 'operator',
  },
  um_operator_response_time_first: responseTimeFirst,
  um_operator_response_time_first_service_time: serviceTimeOf(responseTimeFirst),
  um_operator_response_time_conversation_first: responseTimeConversationFirst,
  um_operator_response_time_conversation_first_service_time: serviceTimeOf(responseTimeConversationFirst),
  um_operator_response_time: responseTime,
  um_operator_response_time_service_time: serviceTimeOf(responseTime),
  um_operator_response_time_to_unanswered_session_first: unansweredFirst,
  um_operator_response_time_to_unanswered_session_first_service_time: serviceTimeOf(unansweredFirst),
  um_operator_response_time_to_unanswered_session: unanswered,
  um_operator_response_time_to_unanswered_session_service_time: serviceTimeOf(unanswered),
  um_conversation_rating: {
    tracks: 'contact rates a conversation; only the latest rating per conversation',
    value: 'the rating',
    valueStr: 'empty',
    kind: 'conversation',
  },
  um_conversation_feedback: {
    tracks: 'contact leaves feedback (occurrence only, not the content)',
    value: '1',
    valueStr: 'empty',
    kind: 'conversation',
  },
  um_conversation_unanswered_live: {
    tracks:
      'live session times out without operator reply; one event per conversation; counts only if an operator was online, slot status ignored',
    value: '1',
    valueStr: 'empty',
    kind: 'conversation',
  },
  um_conversation_unanswered_ended: {
    tracks: 'conversation ends without an operator reply; one event per conversation',
    value: '1',
    valueStr: 'empty',
    kind: 'conversation',
  },
  um_conversation_inactivity_action: {
    tracks: 'inactivity prevention action triggered, per widget settings',
    value: '1',
    valueStr: 'one of the inactivity actions (section 6.1)',
    kind: 'conversation',
    valueStrValues: Object.keys(INACTIVITY_ACTIONS),
  },
  um_conversation_goal_reached: {
    tracks: 'conversation goal reached',
    value: 'goal id',
    valueStr: 'goal name',
    kind: 'conversation',
  },
  um_conversation_reopen: {
    tracks: 'ended conversation resumed',
    value: '1',
    valueStr: 'new status',
    kind: 'conversation',
  },
  um_missed_opportunity: {
    tracks: 'contact tries to start a conversation while no operator is available',
    value: '1',
    valueStr: 'conversation id as text',
    kind: 'missed',
  },
  um_conversation_topic: {
    tracks: 'topics of a conversation set; one event per conversation, the latest change',
    value: 'topic ids (the first topic id; all ids are in value_str order)',
    valueStr: 'topic names, comma-separated, in the order of their ids',
    kind: 'conversation',
    decided: true,
  },
  um_conversation_topic_change: {
    tracks: 'topics changed for a conversation',
    value: 'number of topics after the change',
    valueStr: '`added:<ids>;removed:<ids>` with comma-separated topic ids',
    kind: 'conversation',
    decided: true,
  },
  um_conversation_pre_survey: {
    tracks: 'pre-conversation survey answered',
    value: 'index id of the chosen option',
    valueStr: 'label of the option',
    kind: 'conversation',
  },
  um_conversation_post_survey: {
    tracks: 'post-conversation survey answered',
    value: 'index id of the chosen option',
    valueStr: 'label of the option',
    kind: 'conversation',
  },
  um_contact_unique_visit: {
    tracks: 'visitor identified by cookie starts a conversation; registered at session end',
    value: '1',
    valueStr: 'conversation id as text',
    kind: 'session',
  },
  um_contact_country: {
    tracks: 'contact starts or resumes a conversation; country tracked once',
    value: '1',
    valueStr: 'country identification (two-letter ISO code)',
    kind: 'conversation',
    decided: true,
  },
  um_contact_browser: {
    tracks: 'contact starts or resumes a conversation; browser tracked once',
    value: '1',
    valueStr: 'browser identification (browser name)',
    kind: 'conversation',
    decided: true,
  },
  um_contact_response_time_backchannel: backchannel,
  um_contact_response_time_backchannel_service_time: serviceTimeOf(backchannel),
  um_contact_response_time: contactResponseTime,
  um_contact_response_time_service_time: serviceTimeOf(contactResponseTime),
  um_conversation_category: {
    tracks: 'conversation starts; status by availability of operator and contact',
    value: '1',
    valueStr: 'category (section 6.2): live, offline or re-engage',
    kind: 'conversation',
    valueStrValues: Object.keys(CONVERSATION_CATEGORIES),
    decided: true,
  },
  um_conversation_part_category: {
    tracks: 'conversation part starts; state by availability',
    value: '1',
    valueStr: 'category (section 6.2): live, offline or re-engage',
    kind: 'session',
    valueStrValues: Object.keys(CONVERSATION_PART_CATEGORIES),
  },
  um_conversation_session_count: {
    tracks:
      'number of sessions in a conversation; updated with each new session; event time stays that of the first session',
    value: 'session count',
    valueStr: 'empty',
    kind: 'conversation',
  },
  um_conversation_session_duration_live: {
    tracks: 'session with operator and contact active together',
    value: 'seconds',
    valueStr: 'live',
    kind: 'session',
  },
  um_conversation_session_duration_offline: {
    tracks: 'session with only the contact active (the dashboard merges offline and re_engage)',
    value: 'seconds',
    valueStr: 'offline',
    kind: 'session',
  },
  um_conversation_session_duration_re_engage: {
    tracks: 'session with only operators active (the dashboard merges offline and re_engage)',
    value: 'seconds',
    valueStr: 're-engage',
    kind: 'session',
  },
  um_conversation_status_duration: {
    tracks:
      'time a conversation stays in an active status (New, Open, Pending); one record per status value per conversation',
    value: 'seconds',
    valueStr: 'status value',
    kind: 'conversation',
  },
  um_conversation_unassigned_duration: {
    tracks:
      'time a conversation is unassigned in an active status; recorded when the conversation is assigned or ended without assignee; one value per conversation per status',
    value: 'seconds',
    valueStr: 'status value',
    kind: 'conversation',
  },
  um_chat_session_manual_forward_live: forward('live', 'an operator'),
  um_chat_session_manual_forward_offline: forward('offline', 'an operator'),
  um_chat_session_manual_forward_re_engage: forward('re-engage', 'an operator'),
  um_chat_session_manual_forward_group_live: forward('live', 'an operator group'),
  um_chat_session_manual_forward_group_offline: forward('offline', 'an operator group'),
  um_chat_session_manual_forward_group_re_engage: groupReEngage,
  um_chat_session_manual_forward_re_group_engage: {
    ...groupReEngage,
    aliasOf: 'um_chat_session_manual_forward_group_re_engage',
  },
  um_chat_session_bot_forward_received: {
    tracks:
      'conversation first assigned to a chatbot, then reassigned to another operator; attributed to the receiving operator',
    value: '1',
    valueStr: 'empty',
    kind: 'conversation',
  },
} as const satisfies Record<string, MetricInfo>;

export type AnalyticsMetric = keyof typeof ANALYTICS_METRICS;
export const ANALYTICS_METRIC_NAMES = Object.keys(ANALYTICS_METRICS) as [
  AnalyticsMetric,
  ...AnalyticsMetric[],
];
/** The name a metric's data is stored under (the alias resolves to its canonical spelling). */
export function canonicalMetric(metric: AnalyticsMetric): AnalyticsMetric {
  const info: MetricInfo = ANALYTICS_METRICS[metric];
  return (info.aliasOf as AnalyticsMetric | undefined) ?? metric;
}
