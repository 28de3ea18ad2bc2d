import type { z } from 'zod/v4';
import {
  ContactCursorPageSchema,
  ContactPageSchema,
  ConversationCursorPageSchema,
  ConversationPageSchema,
  MessagePageSchema,
  NavigationEventPageSchema,
  NotePageSchema,
  OperatorPageSchema,
} from '../endpoints/v3.js';
import { ERROR_STATUSES, ErrorBodySchema } from '../errors.js';
import { AnalyticsTimeSchema, TimestampSchema } from '../primitives.js';
import {
  AnalyticsDataPointSchema,
  AnalyticsResponseSchema,
  dataPointSchemaFor,
} from '../records/analytics.js';
import { ANALYTICS_METRIC_NAMES, type AnalyticsMetric } from '../records/analytics-metrics.js';
import {
  ContactIdentitySchema,
  ContactPatchSchema,
  ContactUpsertSchema,
  CountryCodeSchema,
  EmbeddedContactSchema,
} from '../records/contact.js';
import {
  ConversationDetailSchema,
  ConversationPartSchema,
  ConversationPatchSchema,
  ConversationSchema,
  MessageIdSchema,
  MessageSchema,
  TopicSchema,
} from '../records/conversation.js';
import { NavigationEventSchema } from '../records/navigation-event.js';
import { NoteCreateSchema, NoteSchema } from '../records/note.js';
import {
  OperatorAwaySchema,
  OperatorPatchSchema,
  OperatorSchema,
  OperatorSlotsSchema,
} from '../records/operator.js';

const toPascal = (metric: string) =>
  metric
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/**
 * Every reusable schema with its OpenAPI component name. The generator turns each place where one
 * of these appears into a $ref, so the document names what the model names.
 */
export function componentSchemas(): Record<string, z.ZodType> {
  return {
    Timestamp: TimestampSchema,
    AnalyticsTime: AnalyticsTimeSchema,
    CountryCode: CountryCodeSchema,
    MessageId: MessageIdSchema,
    ErrorBody: ErrorBodySchema,
    Topic: TopicSchema,
    EmbeddedContact: EmbeddedContactSchema,
    ContactIdentity: ContactIdentitySchema,
    ContactPatch: ContactPatchSchema,
    ContactUpsert: ContactUpsertSchema,
    Message: MessageSchema,
    ConversationPart: ConversationPartSchema,
    Conversation: ConversationSchema,
    ConversationDetail: ConversationDetailSchema,
    ConversationPatch: ConversationPatchSchema,
    Note: NoteSchema,
    NoteCreate: NoteCreateSchema,
    NavigationEvent: NavigationEventSchema,
    Operator: OperatorSchema,
    OperatorPatch: OperatorPatchSchema,
    OperatorSlots: OperatorSlotsSchema,
    OperatorAway: OperatorAwaySchema,
    ConversationPage: ConversationPageSchema,
    ConversationCursorPage: ConversationCursorPageSchema,
    MessagePage: MessagePageSchema,
    ContactPage: ContactPageSchema,
    ContactCursorPage: ContactCursorPageSchema,
    NotePage: NotePageSchema,
    NavigationEventPage: NavigationEventPageSchema,
    OperatorPage: OperatorPageSchema,
    AnalyticsDataPoint: AnalyticsDataPointSchema,
    AnalyticsResponse: AnalyticsResponseSchema,
    ...Object.fromEntries(
      ANALYTICS_METRIC_NAMES.map((m: AnalyticsMetric) => [`${toPascal(m)}DataPoint`, dataPointSchemaFor(m)]),
    ),
  };
}

export const ERROR_RESPONSE_STATUSES = ERROR_STATUSES;
