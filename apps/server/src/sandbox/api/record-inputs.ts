import {
  type AnalyticsMetric,
  ContactIdentitySchema,
  ContactPatchSchema,
  ContactUpsertSchema,
  ConversationPatchSchema,
  ConversationSchema,
  dataPointSchemaFor,
  IdSchema,
  LIMITS,
  MessageSchema,
  MessageSenderSchema,
  NavigationEventSchema,
  NoteCreateSchema,
  NoteSchema,
  OperatorPatchSchema,
  OperatorSchema,
  RESOURCES,
  strictOf,
  type V3RecordTable,
} from '@org/model';
import { z } from 'zod';

/**
 * The bodies of `POST /_sandbox/records/{resource}`: each is the record as the API renders it,
 * without what the server derives (ids, counts, embedded records), every field optional but the
 * references a record cannot do without. Sandbox-only (never in the published document), so they
 * live here, derived from the model's record schemas rather than restating their fields.
 */

const MAX_INT4 = LIMITS.maxId;

/**
 * The API's input bounds for fields the record schemas leave unbounded (they describe answers, not
 * input): strings at most LIMITS.maxStringLength, arrays LIMITS.maxArrayItems items, integers within
 * the column type. The strict form, as response schemas tolerate unknown keys and values: a sandbox
 * record holds only the values the API documents.
 */
function bounded(tolerant: z.ZodType): z.ZodType {
  const schema = strictOf(tolerant);
  if (schema instanceof z.ZodOptional) return bounded(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return bounded(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodString)
    return schema.maxLength === null ? schema.max(LIMITS.maxStringLength) : schema;
  if (schema instanceof z.ZodArray)
    return (
      hasMaxItems(schema) ? schema : z.array(bounded(schema.element as z.ZodType)).max(LIMITS.maxArrayItems)
    ) as z.ZodType;
  if (schema instanceof z.ZodNumber && schema.isInt)
    return schema
      .min(Math.max(schema.minValue ?? -MAX_INT4, -MAX_INT4))
      .max(Math.min(schema.maxValue ?? MAX_INT4, MAX_INT4));
  if (schema instanceof z.ZodObject) return z.object(boundedShape(schema.shape)).strict();
  return schema;
}
function boundedShape(shape: z.ZodRawShape): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [name, bounded(field as z.ZodType)]),
  );
}

/** Whether an array schema states its own maximum length (zod's JSON Schema says it). */
function hasMaxItems(schema: z.ZodArray): boolean {
  return z.toJSONSchema(schema, { unrepresentable: 'any' }).maxItems !== undefined;
}

/** The organization to create the record in; without it, the organization of the request's token. */
const organization = { organization_id: IdSchema.optional() };

/**
 * The id a record is created with, when a test needs a known one (a provider state's `id`, an id
 * its fixtures name); by default the next free id. Ids are unique across organizations, so an id
 * already taken is a 400 naming `id` (sandbox/store/records.ts), never a database fault.
 */
const chosenId = {
  id: IdSchema.describe(
    'The id to create it with (default: the next free one); an id already taken answers 400.',
  ),
};

/** A record body: the given shape bounded, every field optional but `required`, no other field. */
function input<S extends z.ZodRawShape, R extends keyof S>(shape: S, required: readonly R[] = []) {
  const fields = boundedShape(shape);
  for (const [name, field] of Object.entries(fields))
    if (!(required as readonly string[]).includes(name)) fields[name] = field.optional();
  return z.object({ ...fields, ...organization }).strict();
}

const {
  id: _contactId,
  verified: _verified,
  conversation_count: _count,
  ...contactFields
} = ContactIdentitySchema.shape;
const ContactInputSchema = input({
  ...chosenId,
  ...contactFields,
  // The bounded and checked input forms of the fields the API's own writes take.
  ...ContactPatchSchema.shape,
  external_customer_id: ContactUpsertSchema.shape.external_customer_id,
});

const NoteInputSchema = input({ ...NoteSchema.shape, ...chosenId, ...NoteCreateSchema.shape }, [
  'contact_identity_id',
  'body',
]);

const NavigationEventInputSchema = input(
  { ...NavigationEventSchema.omit({ organization_id: true }).shape, ...chosenId },
  ['contact_identity_id', 'url'],
);

const OperatorInputSchema = input(
  {
    ...OperatorSchema.omit({ organization_id: true }).shape,
    ...chosenId,
    ...OperatorPatchSchema.shape,
  },
  ['name'],
);

/** A message: the rendered fields a sender sets; the sender defaults to the conversation's contact. */
const messageFields = {
  ...MessageSchema.pick({
    body: true,
    type: true,
    url: true,
    sent_at: true,
    marked_read_contact: true,
    marked_read_operator: true,
  }).shape,
  body: NoteCreateSchema.shape.body,
  sender: MessageSenderSchema.partial({ id: true }).describe(
    'contact (default: the conversation’s contact) or operator (default: the assigned operator).',
  ),
};
const MessageInputSchema = input({ conversation_id: MessageSchema.shape.conversation_id, ...messageFields }, [
  'conversation_id',
]);

/** A message of a new conversation: the message body without its conversation. */
const ConversationMessageSchema = input(messageFields).omit({ organization_id: true });
const ConversationInputSchema = input(
  {
    ...ConversationSchema.omit({
      contact: true,
      last_message: true,
      um_widget: true,
      topics: true,
      customer_id: true,
      organization_id: true,
    }).shape,
    ...chosenId,
    contact_identity_id: IdSchema.describe('The contact of the conversation.'),
    um_widget_id: IdSchema.describe('Default: the organization’s first widget.'),
    topics: ConversationPatchSchema.shape.topics,
    messages: z
      .array(ConversationMessageSchema)
      .min(1)
      .max(LIMITS.maxArrayItems)
      .describe('Its messages in order (default: one message of the contact).'),
  },
  ['contact_identity_id'],
);

/**
 * A data point of one metric: its record schema (the presence rules of the metric's kind), with
 * what the sandbox can fill in optional: the organization (the token's), widgets (the
 * organization's first), time (the server's clock), value 1, value_str the first known value or
 * empty, operators null, the interaction flags from is_chatbot_metric.
 */
const DEFAULTED_POINT_FIELDS = [
  'organization_id',
  'um_widget_id',
  'time',
  'value',
  'value_str',
  'operator_id',
  'operator_group_id',
  'is_chatbot_metric',
  'chatbot_interaction',
  'human_interaction',
];
const pointInputs = new Map<AnalyticsMetric, z.ZodObject>();
export function dataPointInputSchemaFor(metric: AnalyticsMetric): z.ZodObject {
  let schema = pointInputs.get(metric);
  if (!schema) {
    const shape = boundedShape(dataPointSchemaFor(metric).shape);
    for (const name of DEFAULTED_POINT_FIELDS) if (shape[name]) shape[name] = shape[name].optional();
    schema = z.object(shape).strict();
    pointInputs.set(metric, schema);
  }
  return schema;
}
/** The record bodies by table: one for each v3 resource of the model's registry (the store has a creator for each). */
export const SANDBOX_RECORD_INPUTS = {
  [RESOURCES.contacts.table]: ContactInputSchema,
  [RESOURCES.conversations.table]: ConversationInputSchema,
  [RESOURCES.messages.table]: MessageInputSchema,
  [RESOURCES.notes.table]: NoteInputSchema,
  [RESOURCES.navigationEvents.table]: NavigationEventInputSchema,
  [RESOURCES.operators.table]: OperatorInputSchema,
} as const satisfies Record<V3RecordTable, z.ZodType>;
export type SandboxRecordResource = keyof typeof SANDBOX_RECORD_INPUTS;
