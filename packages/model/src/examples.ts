import type { AnalyticsDataPoint } from './records/analytics.js';
import type { ContactIdentity, EmbeddedContact } from './records/contact.js';
import type {
  Conversation,
  ConversationDetail,
  ConversationPart,
  Message,
  Topic,
} from './records/conversation.js';
import type { NavigationEvent } from './records/navigation-event.js';
import type { Note } from './records/note.js';
import type { Operator, OperatorSlots } from './records/operator.js';

/** Realistic examples of every record; a test validates each against its schema. */
const BASE = 'http://localhost:3000';

/** The organization the examples speak of (the pacts' token's own). */
export const EXAMPLE_ORGANIZATION_ID = 7;

export const embeddedContactExample: EmbeddedContact = {
  id: 4711,
  name: 'Lena Hoffmann',
  email: 'lena.hoffmann@example.org',
  email_verified: true,
  salutation: 'ms',
  gender: 'female',
  company: 'Hoffmann Logistik GmbH',
  position: 'Head of Purchasing',
  street: 'Torstraße 112',
  city: 'Berlin',
  country: 'DE',
  phone_number: '+49 30 1234567',
  mobile_number: '+49 171 2345678',
  is_mobile_number_verified: false,
  verified: true,
  locale: 'de_DE',
  contact_by_email: true,
  contact_by_phone: false,
  contact_by_service_channels: true,
  contact_by_service_messenger: false,
  external_customer_id: 'CRM-100234',
  is_blocked: false,
  needs_register: false,
  created_at: '2024-02-01T08:15:02.120000Z',
  first_message_sent_at: '2024-02-01T08:15:40.000000Z',
  last_message_sent_at: '2024-03-14T09:26:53.589793Z',
  loc_lat: 52.52,
  loc_lon: 13.405,
  url_facebook: null,
  url_linkedin: 'https://www.linkedin.com/in/lena-hoffmann',
  url_profile_picture: null,
  url_twitter: null,
  read_permission: true,
  write_permission: true,
};

export const contactIdentityExample: ContactIdentity = {
  ...embeddedContactExample,
  contact_uuids: ['6f1c2b9e-8d4a-4e5f-9a7b-3c2d1e0f4a5b'],
  conversation_count: 1,
};

export const topicExample: Topic = {
  id: 31,
  organization_id: EXAMPLE_ORGANIZATION_ID,
  text: 'Invoice',
  read_permission: true,
  write_permission: true,
};

export const messageExample: Message = {
  id: '1042.2077.3',
  msgid: '1042.2077.3',
  conversation_id: 1042,
  conversation: { id: 1042 },
  part_id: 2077,
  sent_at: '2024-03-14T09:26:53.589793Z',
  sent_at_time: '09:26:53.589793',
  type: 'message',
  event: null,
  body: 'Your invoice is attached. Is there anything else I can help with?',
  reference: null,
  url: null,
  state: { type: 4, error_code: null, message: 'Read by user' },
  sender: { type: 'operator', id: 12 },
  operator_id: 12,
  operator_name: 'Jonas Weber',
  operator_display_name: 'Jonas',
  operator_is_bot: false,
  name: 'Jonas Weber',
  display_name: 'Jonas',
  marked_read_contact: true,
  marked_read_operator: true,
};

export const conversationPartExample: ConversationPart = {
  id: 2077,
  browser: { name: 'Firefox', os: 'Windows', version: '123.0' },
  created_at: '2024-03-14T09:14:22.000000Z',
  ended_at: '2024-03-14T09:26:53.589793Z',
  duration: '00:12:31',
  location: { city: 'Berlin', country: 'DE', lat: 52.52, lon: 13.405 },
  name_friendly: 'Chat on 14 Mar 2024',
  part_type: 'ChatMeta',
  referrer: null,
  read_permission: true,
  write_permission: true,
};

export const conversationExample: Conversation = {
  id: 1042,
  accepts_messages: true,
  addon_urls: { crm: 'https://crm.example.org/contacts/CRM-100234' },
  contact: embeddedContactExample,
  contact_channel: { state: 'online', type: 'widget' },
  contact_first_message_sent_at: '2024-03-14T09:14:25.000000Z',
  contact_last_message_sent_at: '2024-03-14T09:25:10.000000Z',
  contact_last_update_at: '2024-03-14T09:25:10.000000Z',
  conversation_contact_uuid: '6f1c2b9e-8d4a-4e5f-9a7b-3c2d1e0f4a5b',
  created_at: '2024-03-14T09:14:22.000000Z',
  custom: { plan: 'business' },
  customer_id: 1,
  data_privacy: true,
  expiry_state: 0,
  feedback_message: null,
  language_name: 'German',
  last_message: messageExample,
  last_message_sent_at: '2024-03-14T09:26:53.589793Z',
  locale: 'de_DE',
  marked_read_contact: true,
  marked_read_operator: true,
  operator_assigned_to: 12,
  organization_id: EXAMPLE_ORGANIZATION_ID,
  page_impressions: 4,
  post_survey_option: null,
  pre_survey_option: null,
  rate: 5,
  read_permission: true,
  slot_reserved: false,
  status: 'ended',
  status_description: 'Ended',
  subject: 'Question about invoice 2024-0311',
  topics: [topicExample],
  um_widget: { id: 3, language_name: 'German', name: 'Website DE' },
  um_widget_goals: [],
  unread_messages_operator: [],
  updated_at: '2024-03-14T09:27:00.000000Z',
  visits: null,
  write_permission: true,
};

export const conversationDetailExample: ConversationDetail = {
  ...conversationExample,
  conversation_part_set: [conversationPartExample],
};

export const noteExample: Note = {
  id: 88,
  contact_identity_id: 4711,
  operator_id: 12,
  body: 'Prefers invoices by email; VIP customer since 2021.',
  created_at: '2024-03-14T09:30:00.000000Z',
  updated_at: '2024-03-14T09:30:00.000000Z',
};

export const navigationEventExample: NavigationEvent = {
  id: 90211,
  organization_id: EXAMPLE_ORGANIZATION_ID,
  contact_identity_id: 4711,
  conversation_id: 1042,
  um_widget_id: 3,
  url: 'https://shop.example.org/account/invoices',
  title: 'Your invoices',
  referrer: 'https://shop.example.org/account',
  created_at: '2024-03-14T09:13:58.000000Z',
};

export const operatorExample: Operator = {
  id: 12,
  organization_id: EXAMPLE_ORGANIZATION_ID,
  name: 'Jonas Weber',
  display_name: 'Jonas',
  email: 'jonas.weber@example.com',
  is_bot: false,
  role: 'operator',
  operator_group_ids: [2],
  is_away: false,
  status: 'online',
  locale: 'de_DE',
  created_at: '2023-11-02T10:00:00.000000Z',
  updated_at: '2024-03-14T08:00:00.000000Z',
};

export const operatorSlotsExample: OperatorSlots = {
  operator_id: 12,
  total_slots: 5,
  used_slots: 2,
  free_slots: 3,
};

export const dataPointExample: AnalyticsDataPoint = {
  um_widget_id: [3],
  organization_id: EXAMPLE_ORGANIZATION_ID,
  operator_id: 12,
  operator_group_id: 2,
  time: '2024-03-14T09:26:53',
  value: 751,
  value_str: '',
  conversation_id: 1042,
  is_chatbot_metric: false,
  chatbot_interaction: false,
  human_interaction: true,
};

export const exampleLinks = {
  next: (path: string, query: string) => `${BASE}${path}?${query}`,
};
