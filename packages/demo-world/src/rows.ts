import type { DataPointDraft } from './analytics.js';
import type { ColumnSpec } from './columns.js';
import type { ContactProfile, NoteDraft } from './contacts.js';
import type { CustomerWorld, OperatorInfo, OrgWorld } from './organizations.js';
import { MESSAGE_STATE_TEXT, type ScriptConversation, STATUS_DESCRIPTIONS } from './script-types.js';
import { type Micros, formatMicros as ts } from './time.js';

/**
 * The columns the generator fills, per table, in foreign-key order (parents first), and the
 * mapping from world objects to row values. Columns left out take their schema defaults.
 */
export const WORLD_TABLES = [
  [
    'customers',
    [
      ['id', 'integer'],
      ['name', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'organizations',
    [
      ['id', 'integer'],
      ['customer_id', 'integer'],
      ['name', 'text'],
      ['is_default', 'boolean'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'api_tokens',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['customer_id', 'integer'],
      ['kind', 'text'],
      // The raw token: the store keeps only its hash (see the store's seeding).
      ['token', 'text', 'input'],
      ['label', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'um_widgets',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['name', 'text'],
      ['language_name', 'text'],
      ['goals', 'jsonb'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'operator_groups',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['name', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'operators',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['name', 'text'],
      ['display_name', 'text'],
      ['email', 'text'],
      ['is_bot', 'boolean'],
      ['role', 'text'],
      ['operator_group_ids', 'integer[]'],
      ['is_away', 'boolean'],
      ['status', 'text'],
      ['locale', 'text'],
      ['total_slots', 'integer'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
  ],
  [
    'topics',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['text', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'contact_identities',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['contact_uuids', 'uuid[]'],
      ['name', 'text'],
      ['email', 'text'],
      ['email_verified', 'boolean'],
      ['salutation', 'text'],
      ['gender', 'text'],
      ['company', 'text'],
      ['position', 'text'],
      ['street', 'text'],
      ['city', 'text'],
      ['country', 'text'],
      ['phone_number', 'text'],
      ['mobile_number', 'text'],
      ['is_mobile_number_verified', 'boolean'],
      ['locale', 'text'],
      ['contact_by_email', 'boolean'],
      ['contact_by_phone', 'boolean'],
      ['contact_by_service_channels', 'boolean'],
      ['contact_by_service_messenger', 'boolean'],
      ['external_customer_id', 'text'],
      ['is_blocked', 'boolean'],
      ['needs_register', 'boolean'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
      ['loc_lat', 'double'],
      ['loc_lon', 'double'],
      ['url_facebook', 'text'],
      ['url_linkedin', 'text'],
      ['url_profile_picture', 'text'],
      ['url_twitter', 'text'],
      ['first_message_sent_at', 'timestamptz'],
      ['last_message_sent_at', 'timestamptz'],
      ['notes_text', 'text', 'input'],
    ],
  ],
  [
    'notes',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['contact_identity_id', 'integer'],
      ['operator_id', 'integer'],
      ['body', 'text'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
  ],
  [
    'conversations',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['customer_id', 'integer'],
      ['contact_identity_id', 'integer'],
      ['conversation_contact_uuid', 'uuid'],
      ['um_widget_id', 'integer'],
      ['um_widget_ids', 'integer[]'],
      ['operator_assigned_to', 'integer'],
      ['status', 'text'],
      ['status_description', 'text'],
      ['accepts_messages', 'boolean'],
      ['addon_urls', 'jsonb'],
      ['contact_channel_state', 'text'],
      ['contact_channel_type', 'text'],
      ['contact_first_message_sent_at', 'timestamptz'],
      ['contact_last_message_sent_at', 'timestamptz'],
      ['contact_last_update_at', 'timestamptz'],
      ['last_message_sent_at', 'timestamptz'],
      ['last_activity_at', 'timestamptz'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
      ['custom', 'jsonb'],
      ['data_privacy', 'boolean'],
      ['feedback_message', 'text'],
      ['language_name', 'text'],
      ['locale', 'text'],
      ['marked_read_contact', 'boolean'],
      ['marked_read_operator', 'boolean'],
      ['page_impressions', 'integer'],
      ['post_survey_option', 'jsonb'],
      ['pre_survey_option', 'jsonb'],
      ['rate', 'integer'],
      ['slot_reserved', 'boolean'],
      ['subject', 'text'],
      ['um_widget_goals', 'jsonb'],
      ['unread_messages_operator', 'jsonb'],
      ['topic_ids', 'integer[]'],
      ['search_name', 'text', 'input'],
      ['search_email', 'text', 'input'],
      ['search_street', 'text', 'input'],
      ['search_city', 'text', 'input'],
      ['search_messages', 'text', 'input'],
    ],
  ],
  [
    'conversation_parts',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['conversation_id', 'integer'],
      ['um_widget_id', 'integer'],
      ['operator_id', 'integer'],
      ['category', 'text'],
      ['browser_name', 'text'],
      ['browser_os', 'text'],
      ['browser_version', 'text'],
      ['location_city', 'text'],
      ['location_country', 'text'],
      ['location_lat', 'double'],
      ['location_lon', 'double'],
      ['name_friendly', 'text'],
      ['referrer', 'text'],
      ['created_at', 'timestamptz'],
      ['ended_at', 'timestamptz'],
    ],
  ],
  [
    'messages',
    [
      ['organization_id', 'integer'],
      ['conversation_id', 'integer'],
      ['part_id', 'integer'],
      ['sequence', 'integer'],
      ['sent_at', 'timestamptz'],
      ['body', 'text'],
      ['state_type', 'integer'],
      ['state_message', 'text'],
      ['sender_type', 'text'],
      ['sender_id', 'integer'],
      ['operator_id', 'integer'],
      ['name', 'text'],
      ['display_name', 'text'],
      ['operator_is_bot', 'boolean'],
      ['marked_read_contact', 'boolean'],
      ['marked_read_operator', 'boolean'],
    ],
  ],
  [
    'conversation_topics',
    [
      ['organization_id', 'integer'],
      ['conversation_id', 'integer'],
      ['topic_id', 'integer'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'navigation_events',
    [
      ['id', 'integer'],
      ['organization_id', 'integer'],
      ['contact_identity_id', 'integer'],
      ['conversation_id', 'integer'],
      ['um_widget_id', 'integer'],
      ['url', 'text'],
      ['title', 'text'],
      ['referrer', 'text'],
      ['created_at', 'timestamptz'],
    ],
  ],
  [
    'analytics_data_points',
    [
      ['id', 'integer'],
      ['metric', 'text'],
      ['organization_id', 'integer'],
      ['um_widget_ids', 'integer[]'],
      ['operator_id', 'integer'],
      ['operator_group_id', 'integer'],
      ['time', 'timestamptz'],
      ['value', 'double'],
      ['value_str', 'text'],
      ['conversation_id', 'integer'],
      ['conversation_part_id', 'integer'],
      ['conversation_session_id', 'integer'],
      ['is_chatbot_metric', 'boolean'],
      ['chatbot_interaction', 'boolean'],
      ['human_interaction', 'boolean'],
    ],
  ],
] as const satisfies readonly (readonly [string, readonly ColumnSpec[]])[];

export type WorldTable = (typeof WORLD_TABLES)[number][0];

/** Sink for rows: (table, values in WORLD_TABLES column order). */
export type RowSink = (table: WorldTable, values: readonly unknown[]) => void;

export function customerRows(emit: RowSink, customer: CustomerWorld): void {
  emit('customers', [customer.id, customer.name, ts(customer.createdAt)]);
}

export function organizationRows(
  emit: RowSink,
  customer: CustomerWorld,
  org: OrgWorld,
  tokenIds: { organization: number; customer: number | null },
): void {
  emit('organizations', [org.id, org.customerId, org.name, org.isDefault, ts(org.createdAt)]);
  emit('api_tokens', [
    tokenIds.organization,
    org.id,
    org.customerId,
    'organization',
    org.token,
    `${org.name} API token`,
    ts(org.createdAt),
  ]);
  if (tokenIds.customer !== null) {
    // A customer token belongs to its customer's default organization: a request naming no
    // organization of its customer runs there.
    emit('api_tokens', [
      tokenIds.customer,
      org.id,
      customer.id,
      'customer',
      customer.token,
      `${customer.name} customer API token`,
      ts(customer.createdAt),
    ]);
  }
  for (const widget of org.widgets) {
    emit('um_widgets', [
      widget.id,
      org.id,
      widget.name,
      widget.languageName,
      widget.goals,
      ts(org.createdAt),
    ]);
  }
  for (const group of org.groups) emit('operator_groups', [group.id, org.id, group.name, ts(org.createdAt)]);
  for (const operator of org.operators) operatorRow(emit, operator);
  for (const topic of org.topics) emit('topics', [topic.id, org.id, topic.text, ts(org.createdAt)]);
}

function operatorRow(emit: RowSink, o: OperatorInfo): void {
  emit('operators', [
    o.id,
    o.organizationId,
    o.name,
    o.displayName,
    o.email,
    o.isBot,
    o.role,
    o.groupIds,
    o.isAway,
    o.status,
    o.locale,
    o.totalSlots,
    ts(o.createdAt),
    ts(o.updatedAt),
  ]);
}

/**
 * A contact is written after its organization's conversations, which tell its first and last
 * message times (its creation time when it has none).
 */
export function contactRows(
  emit: RowSink,
  c: ContactProfile,
  notes: readonly NoteDraft[],
  noteIds: number,
  messageTimes: { first: Micros; last: Micros } | null,
): void {
  emit('contact_identities', [
    c.id,
    c.organizationId,
    c.uuids,
    c.name,
    c.email,
    c.emailVerified,
    c.salutation,
    c.gender,
    c.company,
    c.position,
    c.street,
    c.city,
    c.countryCode,
    c.phoneNumber,
    c.mobileNumber,
    c.isMobileNumberVerified,
    c.locale,
    c.contactByEmail,
    c.contactByPhone,
    c.contactByServiceChannels,
    c.contactByServiceMessenger,
    c.externalCustomerId,
    c.isBlocked,
    c.needsRegister,
    ts(c.createdAt),
    ts(c.updatedAt),
    c.locLat,
    c.locLon,
    c.urlFacebook,
    c.urlLinkedin,
    c.urlProfilePicture,
    c.urlTwitter,
    ts(messageTimes?.first ?? c.createdAt),
    ts(messageTimes?.last ?? c.createdAt),
    // Joined like refresh_contact_search joins them: one space, in note id order.
    notes.length > 0 ? notes.map((note) => note.body).join(' ') : null,
  ]);
  notes.forEach((note, i) => {
    emit('notes', [
      noteIds + i,
      c.organizationId,
      c.id,
      note.operatorId,
      note.body,
      ts(note.createdAt),
      ts(note.createdAt),
    ]);
  });
}

const maxTime = (...times: Micros[]) => Math.max(...times);

export function conversationRows(emit: RowSink, c: ScriptConversation): void {
  const messages = c.messages;
  const contactMessages = messages.filter((m) => m.sender === 'contact');
  const operatorMessages = messages.filter((m) => m.sender === 'operator');
  const lastMessage = messages[messages.length - 1]!;
  const lastAssignment = c.assignments[c.assignments.length - 1];
  const unread = contactMessages
    .filter((m) => !m.markedReadOperator)
    .map((m) => `${c.id}.${m.partId}.${m.sequence}`);
  const lastOperatorMessage = operatorMessages[operatorMessages.length - 1];
  const language = c.contact.country.language === c.widget.languageName ? c.contact.locale : c.widget.locale;
  emit('conversations', [
    c.id,
    c.org.id,
    c.org.customerId,
    c.contact.id,
    c.contactUuid,
    c.widget.id,
    [...new Set(c.parts.map((p) => p.widget.id))],
    lastAssignment?.operator.id ?? null,
    c.status,
    STATUS_DESCRIPTIONS[c.status] ?? c.status,
    c.status !== 'ended',
    c.addonUrls,
    c.channelState,
    c.channelType,
    ts(contactMessages[0]!.sentAt),
    ts(contactMessages[contactMessages.length - 1]!.sentAt),
    ts(c.contact.updatedAt),
    ts(lastMessage.sentAt),
    ts(maxTime(lastMessage.sentAt, lastAssignment?.at ?? 0)),
    ts(c.createdAt),
    ts(c.updatedAt),
    c.custom,
    c.dataPrivacy,
    c.feedbackMessage,
    c.widget.languageName,
    language,
    lastOperatorMessage ? lastOperatorMessage.markedReadContact : true,
    unread.length === 0,
    c.pageImpressions,
    c.postSurvey ? { index: c.postSurvey.index, label: c.postSurvey.label } : null,
    c.preSurvey ? { index: c.preSurvey.index, label: c.preSurvey.label } : null,
    c.rate,
    c.slotReserved,
    c.subject,
    c.goal ? [{ id: c.goal.id, name: c.goal.name }] : [],
    unread,
    c.topics.map((t) => t.id),
    c.contact.name,
    c.contact.email,
    c.contact.street,
    c.contact.city,
    // Joined like refresh_conversation_search joins them: one space, in sequence order.
    messages.map((m) => m.body).join(' '),
  ]);
  for (const part of c.parts) {
    const handledBy = c.assignments.filter((a) => a.at <= part.endedAt).pop()?.operator.id ?? null;
    emit('conversation_parts', [
      part.id,
      c.org.id,
      c.id,
      part.widget.id,
      handledBy,
      part.category,
      part.browser.name,
      part.browser.os,
      part.browser.version,
      part.location.city,
      part.location.country,
      part.location.lat,
      part.location.lon,
      part.nameFriendly,
      part.referrer,
      ts(part.createdAt),
      ts(part.endedAt),
    ]);
  }
  const contactName = c.contact.name ?? 'Visitor';
  for (const m of messages) {
    const operator = m.operator;
    emit('messages', [
      c.org.id,
      c.id,
      m.partId,
      m.sequence,
      ts(m.sentAt),
      m.body,
      m.stateType,
      MESSAGE_STATE_TEXT[m.stateType],
      m.sender,
      operator ? operator.id : c.contact.id,
      operator?.id ?? null,
      operator ? operator.name : contactName,
      operator ? operator.displayName : (c.contact.firstName ?? contactName),
      operator?.isBot ?? false,
      m.markedReadContact,
      m.markedReadOperator,
    ]);
  }
  // Topics as they stand after the last change, each dated by the change that added it.
  for (const topic of c.topics) {
    const added = c.topicChanges.find((change) => change.added.includes(topic.id))!;
    emit('conversation_topics', [c.org.id, c.id, topic.id, ts(added.at)]);
  }
  for (const nav of c.navigation) {
    emit('navigation_events', [
      nav.id,
      c.org.id,
      c.contact.id,
      nav.linked ? c.id : null,
      c.widget.id,
      nav.url,
      nav.title,
      nav.referrer,
      ts(nav.at),
    ]);
  }
}

export function dataPointRow(emit: RowSink, id: number, p: DataPointDraft): void {
  emit('analytics_data_points', [
    id,
    p.metric,
    p.organizationId,
    p.umWidgetIds,
    p.operatorId,
    p.operatorGroupId,
    ts(p.time),
    p.value,
    p.valueStr,
    p.conversationId,
    p.conversationPartId,
    p.conversationSessionId,
    p.isChatbotMetric,
    p.chatbotInteraction,
    p.humanInteraction,
  ]);
}
