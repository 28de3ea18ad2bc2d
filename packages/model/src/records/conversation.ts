import * as z from 'zod/v4';
import { decided } from '../decisions.js';
import {
  ConversationStatusSchema,
  MessageStateTypeSchema,
  MessageTypeSchema,
  PartTypeSchema,
  SenderTypeSchema,
} from '../enums.js';
import { LIMITS } from '../limits.js';
import { doc } from '../openapi-meta.js';
import { IdSchema, ShortStringSchema, TimestampSchema, UrlSchema, UuidSchema } from '../primitives.js';
import { openEnumOf } from '../strict.js';
import { EmbeddedContactSchema } from './contact.js';

/**
 * JSON whose shape the description does not show, so any value is accepted; null is one such value,
 * and so is a field left out (zod 4 requires a `z.unknown()` key unless it is optional).
 */
const freeForm = (what: string) =>
  doc(z.unknown(), { description: `${what} Shape not described (D19).`, ...decided('D19') }).optional();

export const TopicSchema = doc(
  z.object({
    id: IdSchema,
    organization_id: IdSchema,
    text: z.string(),
    read_permission: z.boolean(),
    write_permission: z.boolean(),
  }),
  { description: 'A topic (tag) of conversations.' },
);
export type Topic = z.infer<typeof TopicSchema>;

export const MESSAGE_ID_PATTERN = /^(\d+)\.(\d+)\.(\d+)$/;
export const MessageIdSchema = doc(
  z.string().regex(MESSAGE_ID_PATTERN, 'Expected <conversation_id>.<part_id>.<sequence>.'),
  {
    description: 'Of the form <conversation_id>.<part_id>.<sequence>.',
    example: '1042.2077.3',
  },
);
/** Builds a message id from its parts. */
export function messageId(conversationId: number, partId: number, sequence: number): string {
  return `${conversationId}.${partId}.${sequence}`;
}

/** A message id: `<conversation>.<part>.<sequence>`. */
export type MessageId = z.infer<typeof MessageIdSchema>;

export const MessageStateSchema = z.object({
  type: MessageStateTypeSchema,
  error_code: freeForm('Error code of a failed delivery; null when delivered.'),
  message: z
    .string()
    .describe('Text of the state type: 1 Submitted, 3 Delivered to contact, 4 Read by user.'),
});

/** A message's delivery state, embedded in a message. */
export type MessageState = z.infer<typeof MessageStateSchema>;

export const MessageSenderSchema = z.object({ type: openEnumOf(SenderTypeSchema), id: IdSchema });
/** Who wrote a message, embedded in it: the contact or an operator (`type`) and its id. */
export type MessageSender = z.infer<typeof MessageSenderSchema>;

const TimeOfDaySchema = doc(
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}$/, 'Expected HH:MM:SS.ffffff.'),
  {
    example: '09:26:53.589793',
  },
);

export const MessageSchema = doc(
  z.object({
    id: MessageIdSchema,
    msgid: MessageIdSchema.describe('The same value as id.'),
    conversation_id: IdSchema,
    conversation: z.object({ id: IdSchema }),
    part_id: IdSchema,
    sent_at: TimestampSchema,
    sent_at_time: TimeOfDaySchema,
    type: MessageTypeSchema,
    event: freeForm('Event payload.'),
    body: z.string(),
    reference: freeForm('Reference to another message.'),
    url: z.string().nullable(),
    state: MessageStateSchema,
    sender: MessageSenderSchema,
    operator_id: IdSchema.nullable().describe('Null for contact messages.'),
    operator_name: z.string().describe('Empty for contact messages.'),
    operator_display_name: z.string().describe('Empty for contact messages.'),
    operator_is_bot: z.boolean(),
    name: z.string().describe('Sender name.'),
    display_name: z.string().describe('Sender display name.'),
    marked_read_contact: z.boolean(),
    marked_read_operator: z.boolean(),
  }),
  { description: 'A message of a conversation.' },
);
export type Message = z.infer<typeof MessageSchema>;

const DurationSchema = doc(z.string().regex(/^\d{2,}:[0-5]\d:[0-5]\d$/, 'Expected HH:MM:SS.'), {
  example: '00:12:31',
});

export const ConversationPartSchema = doc(
  z.object({
    id: IdSchema,
    browser: z.object({ name: z.string(), os: z.string(), version: z.string() }),
    created_at: TimestampSchema,
    ended_at: TimestampSchema,
    duration: DurationSchema,
    location: z.object({ city: z.string(), country: z.string(), lat: z.number(), lon: z.number() }),
    name_friendly: z.string(),
    part_type: PartTypeSchema,
    referrer: freeForm('Referrer of the session.'),
    read_permission: z.boolean(),
    write_permission: z.boolean(),
  }),
  { description: 'A conversation part (session).' },
);
export type ConversationPart = z.infer<typeof ConversationPartSchema>;

export const WidgetRefSchema = z.object({ id: IdSchema, language_name: z.string(), name: z.string() });
/** The widget a conversation came through, embedded in it. */
export type WidgetRef = z.infer<typeof WidgetRefSchema>;

const conversationFields = {
  id: IdSchema,
  accepts_messages: z.boolean(),
  addon_urls: z.record(z.string(), UrlSchema).describe('Integration name -> URL; can be empty.'),
  contact: EmbeddedContactSchema,
  contact_channel: z.object({ state: z.string(), type: z.string() }),
  contact_first_message_sent_at: TimestampSchema,
  contact_last_message_sent_at: TimestampSchema,
  contact_last_update_at: TimestampSchema,
  conversation_contact_uuid: UuidSchema,
  created_at: TimestampSchema,
  custom: z.record(z.string(), z.unknown()).describe('Free-form JSON.'),
  customer_id: IdSchema,
  data_privacy: z.boolean(),
  expiry_state: z.number().int(),
  feedback_message: z.string().nullable(),
  language_name: z.string(),
  last_message: MessageSchema,
  last_message_sent_at: TimestampSchema,
  locale: doc(z.string().regex(/^[a-z]{2,3}_[A-Z]{2}$/, 'Expected language_TERRITORY, e.g. de_DE.'), {
    example: 'de_DE',
  }),
  marked_read_contact: z.boolean(),
  marked_read_operator: z.boolean(),
  operator_assigned_to: IdSchema.nullable().describe('Operator id.'),
  organization_id: IdSchema,
  page_impressions: z.number(),
  post_survey_option: freeForm('Chosen post-conversation survey option.'),
  pre_survey_option: freeForm('Chosen pre-conversation survey option.'),
  rate: z.number().int().nullable().describe('Rating given by the contact.'),
  read_permission: z.boolean(),
  slot_reserved: z.boolean(),
  status: ConversationStatusSchema,
  status_description: z.string(),
  subject: z.string().nullable(),
  topics: z.array(TopicSchema),
  um_widget: WidgetRefSchema,
  um_widget_goals: z.array(freeForm('A widget goal.')),
  unread_messages_operator: z.array(freeForm('An unread message reference.')),
  updated_at: TimestampSchema,
  visits: freeForm('Visits of the contact.'),
  write_permission: z.boolean(),
};

/** A conversation as lists show it: without conversation_part_set. */
export const ConversationSchema = doc(z.object(conversationFields), {
  description: 'A conversation as list endpoints return it (no conversation_part_set).',
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** A conversation as the single-conversation endpoint shows it: with its parts. */
export const ConversationDetailSchema = doc(
  z.object({ ...conversationFields, conversation_part_set: z.array(ConversationPartSchema) }),
  { description: 'A conversation with its parts, as the single-conversation endpoint returns it.' },
);
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const ConversationPatchSchema = doc(
  z
    .object({
      topics: z
        .array(ShortStringSchema.min(1))
        .max(LIMITS.maxArrayItems)
        .describe('Topic texts; unknown texts create topics.'),
    })
    .strict(),
  {
    description:
      'Topics to set on the conversation; replaces the current set. Other fields answer 400 (D12).',
  },
);
export type ConversationPatch = z.infer<typeof ConversationPatchSchema>;
