import type {
  ContactIdentity,
  Conversation,
  ConversationPart,
  EmbeddedContact,
  Message,
  NavigationEvent,
  Note,
  Operator,
  Topic,
} from '@org/model';
import { parseTimestamp } from './timestamps.js';

/**
 * Rows (as the drivers or to_jsonb return them) -> API records. Each function's return type is the
 * model's inferred type, so the compiler holds the field list to the model: a field added there
 * fails here until it is rendered.
 */
type Row = Record<string, any>;

/** Timestamps from to_jsonb carry +00:00; columns come already normalised. */
function ts(value: unknown, fallback?: unknown): string {
  const v = value ?? fallback;
  return typeof v === 'string' ? parseTimestamp(v) : new Date(0).toISOString().replace('Z', '000Z');
}

function contactFields(c: Row): EmbeddedContact {
  return {
    id: c.id,
    name: c.name ?? null,
    email: c.email ?? null,
    email_verified: c.email_verified,
    salutation: c.salutation ?? null,
    gender: c.gender ?? null,
    company: c.company ?? null,
    position: c.position ?? null,
    street: c.street ?? null,
    city: c.city ?? null,
    country: c.country ?? null,
    phone_number: c.phone_number ?? null,
    mobile_number: c.mobile_number ?? null,
    is_mobile_number_verified: c.is_mobile_number_verified,
    verified: c.verified,
    locale: c.locale,
    contact_by_email: c.contact_by_email,
    contact_by_phone: c.contact_by_phone,
    contact_by_service_channels: c.contact_by_service_channels,
    contact_by_service_messenger: c.contact_by_service_messenger,
    external_customer_id: c.external_customer_id ?? null,
    is_blocked: c.is_blocked,
    needs_register: c.needs_register,
    created_at: ts(c.created_at),
    first_message_sent_at: ts(c.first_message_sent_at, c.created_at),
    last_message_sent_at: ts(c.last_message_sent_at, c.first_message_sent_at ?? c.created_at),
    loc_lat: c.loc_lat ?? 0,
    loc_lon: c.loc_lon ?? 0,
    url_facebook: c.url_facebook ?? null,
    url_linkedin: c.url_linkedin ?? null,
    url_profile_picture: c.url_profile_picture ?? null,
    url_twitter: c.url_twitter ?? null,
    read_permission: c.read_permission,
    write_permission: c.write_permission,
  };
}

export function renderContact(c: Row): ContactIdentity {
  return {
    ...contactFields(c),
    contact_uuids: c.contact_uuids ?? [],
    conversation_count: Number(c.conversation_count ?? 0),
  };
}

function renderTopic(t: Row): Topic {
  return {
    id: t.id,
    organization_id: t.organization_id,
    text: t.text,
    read_permission: t.read_permission,
    write_permission: t.write_permission,
  };
}

export function renderMessage(m: Row): Message {
  const sentAt = ts(m.sent_at);
  const isOperator = m.sender_type === 'operator';
  const id = `${m.conversation_id}.${m.part_id}.${m.sequence}`;
  return {
    id,
    msgid: id,
    conversation_id: m.conversation_id,
    conversation: { id: m.conversation_id },
    part_id: m.part_id,
    sent_at: sentAt,
    sent_at_time: sentAt.slice(11, 26),
    type: m.type,
    event: m.event ?? null,
    body: m.body,
    reference: m.reference ?? null,
    url: m.url ?? null,
    state: { type: m.state_type, error_code: m.state_error_code ?? null, message: m.state_message },
    sender: { type: m.sender_type, id: m.sender_id },
    operator_id: isOperator ? m.operator_id : null,
    operator_name: isOperator ? m.name : '',
    operator_display_name: isOperator ? m.display_name : '',
    operator_is_bot: isOperator ? m.operator_is_bot : false,
    name: m.name,
    display_name: m.display_name,
    marked_read_contact: m.marked_read_contact,
    marked_read_operator: m.marked_read_operator,
  };
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}
/** A part's duration as HH:MM:SS, from its two timestamps (an open part lasts until now). */
function durationOf(createdAt: string, endedAt: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(createdAt)) / 1000));
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export function renderPart(p: Row): ConversationPart {
  const createdAt = ts(p.created_at);
  const endedAt = ts(p.ended_at, p.created_at);
  return {
    id: p.id,
    browser: { name: p.browser_name, os: p.browser_os, version: p.browser_version },
    created_at: createdAt,
    ended_at: endedAt,
    duration: durationOf(createdAt, endedAt),
    location: {
      city: p.location_city,
      country: p.location_country,
      lat: p.location_lat,
      lon: p.location_lon,
    },
    name_friendly: p.name_friendly,
    part_type: p.part_type,
    referrer: p.referrer ?? null,
    read_permission: p.read_permission,
    write_permission: p.write_permission,
  };
}

/** A conversation row with its contact, widget, last message and topics joined (see repos/conversations). */
export function renderConversation(v: Row): Conversation {
  return {
    id: v.id,
    accepts_messages: v.accepts_messages,
    addon_urls: v.addon_urls ?? {},
    contact: contactFields(v.contact),
    contact_channel: { state: v.contact_channel_state, type: v.contact_channel_type },
    contact_first_message_sent_at: ts(v.contact_first_message_sent_at, v.created_at),
    contact_last_message_sent_at: ts(
      v.contact_last_message_sent_at,
      v.contact_first_message_sent_at ?? v.created_at,
    ),
    contact_last_update_at: ts(v.contact_last_update_at, v.created_at),
    conversation_contact_uuid: v.conversation_contact_uuid,
    created_at: ts(v.created_at),
    custom: v.custom ?? {},
    customer_id: v.customer_id,
    data_privacy: v.data_privacy,
    expiry_state: v.expiry_state,
    feedback_message: v.feedback_message ?? null,
    language_name: v.language_name,
    last_message: renderMessage(v.last_message),
    last_message_sent_at: ts(v.last_message_sent_at, v.last_message?.sent_at ?? v.created_at),
    locale: v.locale,
    marked_read_contact: v.marked_read_contact,
    marked_read_operator: v.marked_read_operator,
    operator_assigned_to: v.operator_assigned_to ?? null,
    organization_id: v.organization_id,
    page_impressions: v.page_impressions,
    post_survey_option: v.post_survey_option ?? null,
    pre_survey_option: v.pre_survey_option ?? null,
    rate: v.rate ?? null,
    read_permission: v.read_permission,
    slot_reserved: v.slot_reserved,
    status: v.status,
    status_description: v.status_description,
    subject: v.subject ?? null,
    topics: (v.topics ?? []).map(renderTopic),
    um_widget: { id: v.um_widget_id, language_name: v.widget_language_name, name: v.widget_name },
    um_widget_goals: v.um_widget_goals ?? [],
    unread_messages_operator: v.unread_messages_operator ?? [],
    updated_at: ts(v.updated_at),
    visits: v.visits ?? null,
    write_permission: v.write_permission,
  };
}

export function renderNote(n: Row): Note {
  return {
    id: n.id,
    contact_identity_id: n.contact_identity_id,
    operator_id: n.operator_id ?? null,
    body: n.body,
    created_at: ts(n.created_at),
    updated_at: ts(n.updated_at),
  };
}

export function renderNavigationEvent(e: Row): NavigationEvent {
  return {
    id: e.id,
    organization_id: e.organization_id,
    contact_identity_id: e.contact_identity_id,
    conversation_id: e.conversation_id ?? null,
    um_widget_id: e.um_widget_id,
    url: e.url,
    title: e.title,
    referrer: e.referrer ?? null,
    created_at: ts(e.created_at),
  };
}

export function renderOperator(o: Row): Operator {
  return {
    id: o.id,
    organization_id: o.organization_id,
    name: o.name,
    display_name: o.display_name,
    email: o.email ?? `operator-${o.id}@example.com`,
    is_bot: o.is_bot,
    role: o.role,
    operator_group_ids: o.operator_group_ids ?? [],
    is_away: o.is_away,
    status: o.status,
    locale: o.locale,
    created_at: ts(o.created_at),
    updated_at: ts(o.updated_at),
  };
}
