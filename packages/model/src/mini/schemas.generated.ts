// Generated from the classic schemas by `pnpm generate` (scripts/write-mini.ts): do not edit.
// The same rules as `@org/model`, built with zod mini so a bundle keeps only the schemas it
// imports.
import * as z from 'zod/v4/mini';
import type * as classic from '../index.js';
import { isAnalyticsTime, isCountryCode, isV3Timestamp } from '../refinements.js';
import * as formats from './formats.js';

export const IdSchema = /*#__PURE__*/ z
  .number()
  .check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gt(0), /*#__PURE__*/ z.lte(2147483647));

export const AnalyticsTimeSchema = /*#__PURE__*/ z
  .string()
  .check(
    /*#__PURE__*/ formats.refine(isAnalyticsTime, 'Expected a UTC time of the form YYYY-mm-ddTHH:MM:SS.'),
  ) as unknown as z.ZodMiniType<
  z.output<typeof classic.AnalyticsTimeSchema>,
  z.input<typeof classic.AnalyticsTimeSchema>
>;

export const AnalyticsDataPointSchema = /*#__PURE__*/ z.object({
  um_widget_id: /*#__PURE__*/ z.array(IdSchema),
  organization_id: IdSchema,
  operator_id: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(IdSchema)),
  operator_group_id: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(IdSchema)),
  time: AnalyticsTimeSchema,
  value: /*#__PURE__*/ z.number(),
  value_str: /*#__PURE__*/ z.string(),
  conversation_id: /*#__PURE__*/ z.optional(IdSchema),
  conversation_part_id: /*#__PURE__*/ z.optional(IdSchema),
  conversation_session_id: /*#__PURE__*/ z.optional(IdSchema),
  is_chatbot_metric: /*#__PURE__*/ z.boolean(),
  chatbot_interaction: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean()),
  human_interaction: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean()),
});

export const AnalyticsResponseSchema = /*#__PURE__*/ z.object({
  results: /*#__PURE__*/ z.array(AnalyticsDataPointSchema),
  next: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  ),
});

export const SalutationSchema = /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
  z.output<typeof classic.SalutationSchema>,
  z.input<typeof classic.SalutationSchema>
>;

export const GenderSchema = /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
  z.output<typeof classic.GenderSchema>,
  z.input<typeof classic.GenderSchema>
>;

export const CountryCodeSchema = /*#__PURE__*/ z
  .string()
  .check(
    /*#__PURE__*/ formats.refine(isCountryCode, 'Expected a two-letter ISO 3166-1 country code, e.g. DE.'),
  ) as unknown as z.ZodMiniType<
  z.output<typeof classic.CountryCodeSchema>,
  z.input<typeof classic.CountryCodeSchema>
>;

export const TimestampSchema = /*#__PURE__*/ z
  .string()
  .check(
    /*#__PURE__*/ formats.refine(
      isV3Timestamp,
      'Expected a UTC timestamp of the form YYYY-MM-DDTHH:MM:SS.ffffffZ.',
    ),
  ) as unknown as z.ZodMiniType<
  z.output<typeof classic.TimestampSchema>,
  z.input<typeof classic.TimestampSchema>
>;

export const UuidSchema = /*#__PURE__*/ z
  .string()
  .check(/*#__PURE__*/ formats.uuid()) as unknown as z.ZodMiniType<
  z.output<typeof classic.UuidSchema>,
  z.input<typeof classic.UuidSchema>
>;

export const ContactIdentitySchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  name: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  email: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  email_verified: /*#__PURE__*/ z.boolean(),
  salutation: /*#__PURE__*/ z.nullable(SalutationSchema),
  gender: /*#__PURE__*/ z.nullable(GenderSchema),
  company: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  position: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  street: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  city: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  country: /*#__PURE__*/ z.nullable(CountryCodeSchema),
  phone_number: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  mobile_number: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  is_mobile_number_verified: /*#__PURE__*/ z.boolean(),
  verified: /*#__PURE__*/ z.boolean(),
  locale: /*#__PURE__*/ z.string(),
  contact_by_email: /*#__PURE__*/ z.boolean(),
  contact_by_phone: /*#__PURE__*/ z.boolean(),
  contact_by_service_channels: /*#__PURE__*/ z.boolean(),
  contact_by_service_messenger: /*#__PURE__*/ z.boolean(),
  external_customer_id: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  is_blocked: /*#__PURE__*/ z.boolean(),
  needs_register: /*#__PURE__*/ z.boolean(),
  created_at: TimestampSchema,
  first_message_sent_at: TimestampSchema,
  last_message_sent_at: TimestampSchema,
  loc_lat: /*#__PURE__*/ z.number(),
  loc_lon: /*#__PURE__*/ z.number(),
  url_facebook: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  url_linkedin: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  url_profile_picture: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  url_twitter: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  read_permission: /*#__PURE__*/ z.boolean(),
  write_permission: /*#__PURE__*/ z.boolean(),
  contact_uuids: /*#__PURE__*/ z.array(UuidSchema),
  conversation_count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
});

export const ContactCursorPageSchema = /*#__PURE__*/ z.object({
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(ContactIdentitySchema),
  count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
});

export const ContactPageSchema = /*#__PURE__*/ z.object({
  count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(ContactIdentitySchema),
});

export const EmailSchema = /*#__PURE__*/ z
  .string()
  .check(
    /*#__PURE__*/ z.maxLength(500, { error: 'Ensure this field has no more than 500 characters.' }),
    /*#__PURE__*/ formats.regex(/^[^\s@]+@[^\s@]+$/, 'Enter a valid email address (one @, no spaces).'),
  ) as unknown as z.ZodMiniType<z.output<typeof classic.EmailSchema>, z.input<typeof classic.EmailSchema>>;

export const ShortStringSchema = /*#__PURE__*/ z
  .string()
  .check(
    /*#__PURE__*/ z.maxLength(500, { error: 'Ensure this field has no more than 500 characters.' }),
  ) as unknown as z.ZodMiniType<
  z.output<typeof classic.ShortStringSchema>,
  z.input<typeof classic.ShortStringSchema>
>;

export const ContactPatchSchema = /*#__PURE__*/ z.strictObject({
  email: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(EmailSchema)),
  name: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema)),
  salutation: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(SalutationSchema)),
  gender: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(GenderSchema)),
  street: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema)),
  city: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema)),
  country: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(CountryCodeSchema)),
  phone_number: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema)),
  mobile_number: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema)),
  contact_by_phone: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean()),
  contact_by_email: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean()),
  contact_by_service_messenger: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean()),
});

export const ContactUpsertSchema = /*#__PURE__*/ z.strictObject({
  email: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(EmailSchema))),
  name: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema))),
  salutation: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(SalutationSchema))),
  gender: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(GenderSchema))),
  street: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema))),
  city: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema))),
  country: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(CountryCodeSchema))),
  phone_number: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema)),
  ),
  mobile_number: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z.optional(/*#__PURE__*/ z.nullable(ShortStringSchema)),
  ),
  contact_by_phone: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean())),
  contact_by_email: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean())),
  contact_by_service_messenger: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean())),
  external_customer_id: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z.nullable(
      /*#__PURE__*/ z
        .string()
        .check(
          /*#__PURE__*/ z.maxLength(500, { error: 'Ensure this field has no more than 500 characters.' }),
          /*#__PURE__*/ z.minLength(1),
        ),
    ),
  ),
});

export const UrlSchema = /*#__PURE__*/ z
  .string()
  .check(/*#__PURE__*/ formats.url()) as unknown as z.ZodMiniType<
  z.output<typeof classic.UrlSchema>,
  z.input<typeof classic.UrlSchema>
>;

export const EmbeddedContactSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  name: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  email: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  email_verified: /*#__PURE__*/ z.boolean(),
  salutation: /*#__PURE__*/ z.nullable(SalutationSchema),
  gender: /*#__PURE__*/ z.nullable(GenderSchema),
  company: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  position: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  street: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  city: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  country: /*#__PURE__*/ z.nullable(CountryCodeSchema),
  phone_number: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  mobile_number: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  is_mobile_number_verified: /*#__PURE__*/ z.boolean(),
  verified: /*#__PURE__*/ z.boolean(),
  locale: /*#__PURE__*/ z.string(),
  contact_by_email: /*#__PURE__*/ z.boolean(),
  contact_by_phone: /*#__PURE__*/ z.boolean(),
  contact_by_service_channels: /*#__PURE__*/ z.boolean(),
  contact_by_service_messenger: /*#__PURE__*/ z.boolean(),
  external_customer_id: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  is_blocked: /*#__PURE__*/ z.boolean(),
  needs_register: /*#__PURE__*/ z.boolean(),
  created_at: TimestampSchema,
  first_message_sent_at: TimestampSchema,
  last_message_sent_at: TimestampSchema,
  loc_lat: /*#__PURE__*/ z.number(),
  loc_lon: /*#__PURE__*/ z.number(),
  url_facebook: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  url_linkedin: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  url_profile_picture: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  url_twitter: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  read_permission: /*#__PURE__*/ z.boolean(),
  write_permission: /*#__PURE__*/ z.boolean(),
});

export const MessageIdSchema = /*#__PURE__*/ z
  .string()
  .check(
    /*#__PURE__*/ formats.regex(/^(\d+)\.(\d+)\.(\d+)$/, 'Expected <conversation_id>.<part_id>.<sequence>.'),
  ) as unknown as z.ZodMiniType<
  z.output<typeof classic.MessageIdSchema>,
  z.input<typeof classic.MessageIdSchema>
>;

export const MessageTypeSchema = /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
  z.output<typeof classic.MessageTypeSchema>,
  z.input<typeof classic.MessageTypeSchema>
>;

export const MessageStateTypeSchema = /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int());

export const MessageStateSchema = /*#__PURE__*/ z.object({
  type: MessageStateTypeSchema,
  error_code: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  message: /*#__PURE__*/ z.string(),
});

export const MessageSenderSchema = /*#__PURE__*/ z.object({
  type: /*#__PURE__*/ /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
    'contact' | 'operator' | (string & {})
  >,
  id: IdSchema,
});

export const MessageSchema = /*#__PURE__*/ z.object({
  id: MessageIdSchema,
  msgid: MessageIdSchema,
  conversation_id: IdSchema,
  conversation: /*#__PURE__*/ z.object({ id: IdSchema }),
  part_id: IdSchema,
  sent_at: TimestampSchema,
  sent_at_time: /*#__PURE__*/ z
    .string()
    .check(
      /*#__PURE__*/ formats.regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}$/, 'Expected HH:MM:SS.ffffff.'),
    ),
  type: MessageTypeSchema,
  event: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  body: /*#__PURE__*/ z.string(),
  reference: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  url: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  state: MessageStateSchema,
  sender: MessageSenderSchema,
  operator_id: /*#__PURE__*/ z.nullable(IdSchema),
  operator_name: /*#__PURE__*/ z.string(),
  operator_display_name: /*#__PURE__*/ z.string(),
  operator_is_bot: /*#__PURE__*/ z.boolean(),
  name: /*#__PURE__*/ z.string(),
  display_name: /*#__PURE__*/ z.string(),
  marked_read_contact: /*#__PURE__*/ z.boolean(),
  marked_read_operator: /*#__PURE__*/ z.boolean(),
});

export const ConversationStatusSchema = /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
  z.output<typeof classic.ConversationStatusSchema>,
  z.input<typeof classic.ConversationStatusSchema>
>;

export const TopicSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  organization_id: IdSchema,
  text: /*#__PURE__*/ z.string(),
  read_permission: /*#__PURE__*/ z.boolean(),
  write_permission: /*#__PURE__*/ z.boolean(),
});

export const WidgetRefSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  language_name: /*#__PURE__*/ z.string(),
  name: /*#__PURE__*/ z.string(),
});

export const ConversationSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  accepts_messages: /*#__PURE__*/ z.boolean(),
  addon_urls: /*#__PURE__*/ z.record(/*#__PURE__*/ z.string(), UrlSchema),
  contact: EmbeddedContactSchema,
  contact_channel: /*#__PURE__*/ z.object({
    state: /*#__PURE__*/ z.string(),
    type: /*#__PURE__*/ z.string(),
  }),
  contact_first_message_sent_at: TimestampSchema,
  contact_last_message_sent_at: TimestampSchema,
  contact_last_update_at: TimestampSchema,
  conversation_contact_uuid: UuidSchema,
  created_at: TimestampSchema,
  custom: /*#__PURE__*/ z.record(/*#__PURE__*/ z.string(), /*#__PURE__*/ z.unknown()),
  customer_id: IdSchema,
  data_privacy: /*#__PURE__*/ z.boolean(),
  expiry_state: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int()),
  feedback_message: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  language_name: /*#__PURE__*/ z.string(),
  last_message: MessageSchema,
  last_message_sent_at: TimestampSchema,
  locale: /*#__PURE__*/ z
    .string()
    .check(/*#__PURE__*/ formats.regex(/^[a-z]{2,3}_[A-Z]{2}$/, 'Expected language_TERRITORY, e.g. de_DE.')),
  marked_read_contact: /*#__PURE__*/ z.boolean(),
  marked_read_operator: /*#__PURE__*/ z.boolean(),
  operator_assigned_to: /*#__PURE__*/ z.nullable(IdSchema),
  organization_id: IdSchema,
  page_impressions: /*#__PURE__*/ z.number(),
  post_survey_option: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  pre_survey_option: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  rate: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int())),
  read_permission: /*#__PURE__*/ z.boolean(),
  slot_reserved: /*#__PURE__*/ z.boolean(),
  status: ConversationStatusSchema,
  status_description: /*#__PURE__*/ z.string(),
  subject: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  topics: /*#__PURE__*/ z.array(TopicSchema),
  um_widget: WidgetRefSchema,
  um_widget_goals: /*#__PURE__*/ z.array(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown())),
  unread_messages_operator: /*#__PURE__*/ z.array(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown())),
  updated_at: TimestampSchema,
  visits: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  write_permission: /*#__PURE__*/ z.boolean(),
});

export const ConversationCursorPageSchema = /*#__PURE__*/ z.object({
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(ConversationSchema),
  count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
});

export const PartTypeSchema = /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
  z.output<typeof classic.PartTypeSchema>,
  z.input<typeof classic.PartTypeSchema>
>;

export const ConversationPartSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  browser: /*#__PURE__*/ z.object({
    name: /*#__PURE__*/ z.string(),
    os: /*#__PURE__*/ z.string(),
    version: /*#__PURE__*/ z.string(),
  }),
  created_at: TimestampSchema,
  ended_at: TimestampSchema,
  duration: /*#__PURE__*/ z
    .string()
    .check(/*#__PURE__*/ formats.regex(/^\d{2,}:[0-5]\d:[0-5]\d$/, 'Expected HH:MM:SS.')),
  location: /*#__PURE__*/ z.object({
    city: /*#__PURE__*/ z.string(),
    country: /*#__PURE__*/ z.string(),
    lat: /*#__PURE__*/ z.number(),
    lon: /*#__PURE__*/ z.number(),
  }),
  name_friendly: /*#__PURE__*/ z.string(),
  part_type: PartTypeSchema,
  referrer: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  read_permission: /*#__PURE__*/ z.boolean(),
  write_permission: /*#__PURE__*/ z.boolean(),
});

export const ConversationDetailSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  accepts_messages: /*#__PURE__*/ z.boolean(),
  addon_urls: /*#__PURE__*/ z.record(/*#__PURE__*/ z.string(), UrlSchema),
  contact: EmbeddedContactSchema,
  contact_channel: /*#__PURE__*/ z.object({
    state: /*#__PURE__*/ z.string(),
    type: /*#__PURE__*/ z.string(),
  }),
  contact_first_message_sent_at: TimestampSchema,
  contact_last_message_sent_at: TimestampSchema,
  contact_last_update_at: TimestampSchema,
  conversation_contact_uuid: UuidSchema,
  created_at: TimestampSchema,
  custom: /*#__PURE__*/ z.record(/*#__PURE__*/ z.string(), /*#__PURE__*/ z.unknown()),
  customer_id: IdSchema,
  data_privacy: /*#__PURE__*/ z.boolean(),
  expiry_state: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int()),
  feedback_message: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  language_name: /*#__PURE__*/ z.string(),
  last_message: MessageSchema,
  last_message_sent_at: TimestampSchema,
  locale: /*#__PURE__*/ z
    .string()
    .check(/*#__PURE__*/ formats.regex(/^[a-z]{2,3}_[A-Z]{2}$/, 'Expected language_TERRITORY, e.g. de_DE.')),
  marked_read_contact: /*#__PURE__*/ z.boolean(),
  marked_read_operator: /*#__PURE__*/ z.boolean(),
  operator_assigned_to: /*#__PURE__*/ z.nullable(IdSchema),
  organization_id: IdSchema,
  page_impressions: /*#__PURE__*/ z.number(),
  post_survey_option: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  pre_survey_option: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  rate: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int())),
  read_permission: /*#__PURE__*/ z.boolean(),
  slot_reserved: /*#__PURE__*/ z.boolean(),
  status: ConversationStatusSchema,
  status_description: /*#__PURE__*/ z.string(),
  subject: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  topics: /*#__PURE__*/ z.array(TopicSchema),
  um_widget: WidgetRefSchema,
  um_widget_goals: /*#__PURE__*/ z.array(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown())),
  unread_messages_operator: /*#__PURE__*/ z.array(/*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown())),
  updated_at: TimestampSchema,
  visits: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.unknown()),
  write_permission: /*#__PURE__*/ z.boolean(),
  conversation_part_set: /*#__PURE__*/ z.array(ConversationPartSchema),
});

export const ConversationPageSchema = /*#__PURE__*/ z.object({
  count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(ConversationSchema),
});

export const ConversationPatchSchema = /*#__PURE__*/ z.strictObject({
  topics: /*#__PURE__*/ z
    .array(
      /*#__PURE__*/ z
        .string()
        .check(
          /*#__PURE__*/ z.maxLength(500, { error: 'Ensure this field has no more than 500 characters.' }),
          /*#__PURE__*/ z.minLength(1),
        ),
    )
    .check(/*#__PURE__*/ z.maxLength(100)),
});

export const FieldErrorsSchema = /*#__PURE__*/ z.record(
  /*#__PURE__*/ z.string(),
  /*#__PURE__*/ z.array(/*#__PURE__*/ z.string()),
);

export const ErrorBodySchema = /*#__PURE__*/ z.object({
  detail: /*#__PURE__*/ z.string(),
  code: /*#__PURE__*/ /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
    | 'invalid'
    | 'parse_error'
    | 'not_authenticated'
    | 'authentication_failed'
    | 'permission_denied'
    | 'not_found'
    | 'method_not_allowed'
    | 'gone'
    | 'uri_too_long'
    | 'unsupported_media_type'
    | 'throttled'
    | 'headers_too_large'
    | 'error'
    | 'unavailable'
    | (string & {})
  >,
  errors: /*#__PURE__*/ z.optional(FieldErrorsSchema),
});

export const ErrorCodeSchema = /*#__PURE__*/ z.enum([
  'invalid',
  'parse_error',
  'not_authenticated',
  'authentication_failed',
  'permission_denied',
  'not_found',
  'method_not_allowed',
  'gone',
  'uri_too_long',
  'unsupported_media_type',
  'throttled',
  'headers_too_large',
  'error',
  'unavailable',
]);

export const MessagePageSchema = /*#__PURE__*/ z.object({
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(MessageSchema),
});

export const NavigationEventSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  organization_id: IdSchema,
  contact_identity_id: IdSchema,
  conversation_id: /*#__PURE__*/ z.nullable(IdSchema),
  um_widget_id: IdSchema,
  url: /*#__PURE__*/ z.string(),
  title: /*#__PURE__*/ z.string(),
  referrer: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string()),
  created_at: TimestampSchema,
});

export const NavigationEventPageSchema = /*#__PURE__*/ z.object({
  count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(NavigationEventSchema),
});

export const NoteCreateSchema = /*#__PURE__*/ z.strictObject({
  contact_identity_id: IdSchema,
  body: /*#__PURE__*/ z
    .string()
    .check(
      /*#__PURE__*/ z.maxLength(10000, { error: 'Ensure this field has no more than 10000 characters.' }),
      /*#__PURE__*/ z.minLength(1, { error: 'A note needs a body.' }),
    ),
});

export const NoteSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  contact_identity_id: IdSchema,
  operator_id: /*#__PURE__*/ z.nullable(IdSchema),
  body: /*#__PURE__*/ z.string(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

export const NotePageSchema = /*#__PURE__*/ z.object({
  count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(NoteSchema),
});

export const OperatorAwaySchema = /*#__PURE__*/ z.strictObject({ is_away: /*#__PURE__*/ z.boolean() });

export const OperatorSchema = /*#__PURE__*/ z.object({
  id: IdSchema,
  organization_id: IdSchema,
  name: /*#__PURE__*/ z.string(),
  display_name: /*#__PURE__*/ z.string(),
  email: EmailSchema,
  is_bot: /*#__PURE__*/ z.boolean(),
  role: /*#__PURE__*/ /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
    'admin' | 'operator' | 'restricted' | (string & {})
  >,
  operator_group_ids: /*#__PURE__*/ z.array(IdSchema),
  is_away: /*#__PURE__*/ z.boolean(),
  status: /*#__PURE__*/ /*#__PURE__*/ z.string() as unknown as z.ZodMiniType<
    'online' | 'away' | 'offline' | (string & {})
  >,
  locale: /*#__PURE__*/ z.string(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

export const OperatorPageSchema = /*#__PURE__*/ z.object({
  count: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
  next: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  previous: /*#__PURE__*/ z.nullable(/*#__PURE__*/ z.string().check(/*#__PURE__*/ formats.url())),
  results: /*#__PURE__*/ z.array(OperatorSchema),
});

export const OperatorRoleSchema = /*#__PURE__*/ z.enum(['admin', 'operator', 'restricted']);

export const OperatorPresenceSchema = /*#__PURE__*/ z.enum(['online', 'away', 'offline']);

export const OperatorPatchSchema = /*#__PURE__*/ z.strictObject({
  name: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z
      .string()
      .check(
        /*#__PURE__*/ z.maxLength(500, { error: 'Ensure this field has no more than 500 characters.' }),
        /*#__PURE__*/ z.minLength(1),
      ),
  ),
  display_name: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z
      .string()
      .check(
        /*#__PURE__*/ z.maxLength(500, { error: 'Ensure this field has no more than 500 characters.' }),
        /*#__PURE__*/ z.minLength(1),
      ),
  ),
  email: /*#__PURE__*/ z.optional(EmailSchema),
  role: /*#__PURE__*/ z.optional(OperatorRoleSchema),
  operator_group_ids: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z.array(IdSchema).check(/*#__PURE__*/ z.maxLength(100)),
  ),
  status: /*#__PURE__*/ z.optional(OperatorPresenceSchema),
  locale: /*#__PURE__*/ z.optional(
    /*#__PURE__*/ z
      .string()
      .check(
        /*#__PURE__*/ z.maxLength(500, { error: 'Ensure this field has no more than 500 characters.' }),
        /*#__PURE__*/ z.minLength(2),
      ),
  ),
  is_away: /*#__PURE__*/ z.optional(/*#__PURE__*/ z.boolean()),
});

export const OperatorSlotsSchema = /*#__PURE__*/ z.object({
  operator_id: IdSchema,
  total_slots: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
  used_slots: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
  free_slots: /*#__PURE__*/ z.number().check(/*#__PURE__*/ formats.int(), /*#__PURE__*/ z.gte(0)),
});

export const SenderTypeSchema = /*#__PURE__*/ z.enum(['contact', 'operator']);

export const TextSchema = /*#__PURE__*/ z
  .string()
  .check(
    /*#__PURE__*/ z.maxLength(10000, { error: 'Ensure this field has no more than 10000 characters.' }),
  ) as unknown as z.ZodMiniType<z.output<typeof classic.TextSchema>, z.input<typeof classic.TextSchema>>;
