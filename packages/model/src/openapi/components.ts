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
import * as contact from '../records/contact.js';
import * as conversation from '../records/conversation.js';
import { NavigationEventSchema } from '../records/navigation-event.js';
import * as note from '../records/note.js';
import * as operator from '../records/operator.js';

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
    CountryCode: contact.CountryCodeSchema,
    MessageId: conversation.MessageIdSchema,
    ErrorBody: ErrorBodySchema,
    Topic: conversation.TopicSchema,
    EmbeddedContact: contact.EmbeddedContactSchema,
    ContactIdentity: contact.ContactIdentitySchema,
    ContactPatch: contact.ContactPatchSchema,
    ContactUpsert: contact.ContactUpsertSchema,
    Message: conversation.MessageSchema,
    ConversationPart: conversation.ConversationPartSchema,
    Conversation: conversation.ConversationSchema,
    ConversationDetail: conversation.ConversationDetailSchema,
    ConversationPatch: conversation.ConversationPatchSchema,
    Note: note.NoteSchema,
    NoteCreate: note.NoteCreateSchema,
    NavigationEvent: NavigationEventSchema,
    Operator: operator.OperatorSchema,
    OperatorPatch: operator.OperatorPatchSchema,
    OperatorSlots: operator.OperatorSlotsSchema,
    OperatorAway: operator.OperatorAwaySchema,
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
