import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/v4';
import {
  type AnalyticsDataPoint,
  AnalyticsDataPointSchema,
  type ContactIdentity,
  ContactIdentitySchema,
  ContactPatchSchema,
  type Conversation,
  ConversationDetailSchema,
  ConversationPatchSchema,
  ConversationSchema,
  contactIdentityExample,
  contactUpsertBodyFor,
  conversationDetailExample,
  conversationExample,
  dataPointExample,
  dataPointSchemaFor,
  EmbeddedContactSchema,
  ErrorBodySchema,
  embeddedContactExample,
  type Message,
  MessageSchema,
  messageExample,
  NavigationEventSchema,
  NoteCreateSchema,
  NoteSchema,
  navigationEventExample,
  noteExample,
  OperatorAwaySchema,
  OperatorPatchSchema,
  OperatorSchema,
  OperatorSlotsSchema,
  operatorExample,
  operatorSlotsExample,
  strictOf,
  TopicSchema,
  topicExample,
} from '../index.js';

const cases: Array<[string, z.ZodType, Record<string, unknown>]> = [
  ['Conversation', ConversationSchema, conversationExample],
  ['ConversationDetail', ConversationDetailSchema, conversationDetailExample],
  ['ContactIdentity', ContactIdentitySchema, contactIdentityExample],
  ['EmbeddedContact', EmbeddedContactSchema, embeddedContactExample],
  ['Message', MessageSchema, messageExample],
  ['Topic', TopicSchema, topicExample],
  ['Note', NoteSchema, noteExample],
  ['NavigationEvent', NavigationEventSchema, navigationEventExample],
  ['Operator', OperatorSchema, operatorExample],
  ['OperatorSlots', OperatorSlotsSchema, operatorSlotsExample],
  ['AnalyticsDataPoint', AnalyticsDataPointSchema, dataPointExample],
];

/** The first field of a schema's example with the given JS type. */
const fieldOfType = (example: Record<string, unknown>, type: string) =>
  Object.keys(example).find((k) => typeof example[k] === type && example[k] !== null);

describe.each(cases)('%s', (_name, schema, example) => {
  it('accepts its example', () => {
    expect(schema.safeParse(example).success).toBe(true);
  });
  it('rejects a missing required field', () => {
    const [first] = Object.keys(example);
    const { [first!]: _dropped, ...rest } = example;
    expect(schema.safeParse(rest).success).toBe(false);
  });
  it('drops an unknown field when tolerant and rejects it when strict', () => {
    expect(schema.parse({ ...example, surprise: 1 })).toEqual(schema.parse(example));
    expect(strictOf(schema).safeParse({ ...example, surprise: 1 }).success).toBe(false);
  });
  it('rejects a wrong type', () => {
    const numeric = fieldOfType(example, 'number');
    const textual = fieldOfType(example, 'string');
    if (numeric) expect(schema.safeParse({ ...example, [numeric]: 'not a number' }).success).toBe(false);
    if (textual) expect(schema.safeParse({ ...example, [textual]: 42 }).success).toBe(false);
  });
});

describe('field rules', () => {
  it('timestamps need six fractional digits and Z, and a real date', () => {
    for (const bad of [
      '2024-03-14T09:26:53Z',
      '2024-03-14T09:26:53.589793',
      '2024-02-30T09:26:53.000000Z',
      'yesterday',
    ])
      expect(ConversationSchema.safeParse({ ...conversationExample, created_at: bad }).success).toBe(false);
  });
  it('nullable fields take null; non-nullable ones do not', () => {
    expect(ConversationSchema.safeParse({ ...conversationExample, subject: null, rate: null }).success).toBe(
      true,
    );
    expect(ConversationSchema.safeParse({ ...conversationExample, status: null }).success).toBe(false);
    expect(ContactIdentitySchema.safeParse({ ...contactIdentityExample, email: null }).success).toBe(true);
    expect(ContactIdentitySchema.safeParse({ ...contactIdentityExample, locale: null }).success).toBe(false);
  });
  it('conversation status is open-ended: unknown strings pass, non-strings do not', () => {
    expect(ConversationSchema.safeParse({ ...conversationExample, status: 'open' }).success).toBe(true);
    expect(ConversationSchema.safeParse({ ...conversationExample, status: 3 }).success).toBe(false);
  });
  it('closed enums of responses take unknown values when tolerant and reject them when strict', () => {
    const robot = { ...messageExample, sender: { type: 'robot', id: 1 } };
    expect(MessageSchema.parse(robot).sender.type).toBe('robot');
    expect(strictOf(MessageSchema).safeParse(robot).success).toBe(false);
    expect(OperatorSchema.parse({ ...operatorExample, role: 'owner' }).role).toBe('owner');
    expect(strictOf(OperatorSchema).safeParse({ ...operatorExample, role: 'owner' }).success).toBe(false);
  });
  it('message ids have the form conversation.part.sequence', () => {
    expect(MessageSchema.safeParse({ ...messageExample, id: '1042-2077-3' }).success).toBe(false);
  });
  it('the embedded contact has no contact_uuids nor conversation_count', () => {
    expect(strictOf(EmbeddedContactSchema).safeParse(contactIdentityExample).success).toBe(false);
    expect(EmbeddedContactSchema.parse(contactIdentityExample)).not.toHaveProperty('contact_uuids');
  });
  it('only the detail carries conversation_part_set', () => {
    expect(strictOf(ConversationSchema).safeParse(conversationDetailExample).success).toBe(false);
    expect(ConversationDetailSchema.safeParse(conversationExample).success).toBe(false);
  });
  it('error bodies are { detail, code, errors? }; an unknown code passes only when tolerant', () => {
    expect(
      ErrorBodySchema.safeParse({ detail: 'x', code: 'invalid', errors: { limit: ['bad'] } }).success,
    ).toBe(true);
    expect(strictOf(ErrorBodySchema).safeParse({ detail: 'x', code: 'teapot' }).success).toBe(false);
    expect(ErrorBodySchema.parse({ detail: 'x', code: 'teapot' }).code).toBe('teapot');
    expect(ErrorBodySchema.safeParse({ code: 'invalid' }).success).toBe(false);
  });
});

describe('request bodies', () => {
  it('contact PATCH takes exactly the listed fields', () => {
    expect(
      ContactPatchSchema.safeParse({ city: 'Berlin', country: 'DE', contact_by_phone: true }).success,
    ).toBe(true);
    expect(ContactPatchSchema.safeParse({ company: 'ACME' }).success).toBe(false);
    expect(ContactPatchSchema.safeParse({ id: 5 }).success).toBe(false);
    expect(ContactPatchSchema.safeParse({ country: 'Germany' }).success).toBe(false);
    expect(ContactPatchSchema.safeParse({ country: 'XX' }).success).toBe(false);
    expect(ContactPatchSchema.safeParse({ contact_by_email: 'yes' }).success).toBe(false);
  });
  it('contact PUT needs a value for the identifier field it upserts on', () => {
    expect(contactUpsertBodyFor('email').safeParse({ email: 'a@b.de' }).success).toBe(true);
    expect(contactUpsertBodyFor('email').safeParse({ name: 'A' }).success).toBe(false);
    expect(
      contactUpsertBodyFor('external_customer_id').safeParse({ external_customer_id: 'X1' }).success,
    ).toBe(true);
    expect(contactUpsertBodyFor('phone_number').safeParse({ phone_number: null }).success).toBe(false);
  });
  it('note POST needs both fields', () => {
    expect(NoteCreateSchema.safeParse({ contact_identity_id: 1, body: 'hi' }).success).toBe(true);
    expect(NoteCreateSchema.safeParse({ body: 'hi' }).success).toBe(false);
    expect(NoteCreateSchema.safeParse({ contact_identity_id: 1 }).success).toBe(false);
    expect(NoteCreateSchema.safeParse({ contact_identity_id: '1', body: 'hi' }).success).toBe(false);
  });
  it('conversation PATCH takes topics only', () => {
    expect(ConversationPatchSchema.safeParse({ topics: ['Invoice'] }).success).toBe(true);
    expect(ConversationPatchSchema.safeParse({ topics: 'Invoice' }).success).toBe(false);
    expect(ConversationPatchSchema.safeParse({ status: 'ended' }).success).toBe(false);
  });
  it('operator PATCH and away bodies', () => {
    expect(OperatorPatchSchema.safeParse({ display_name: 'J', is_away: true }).success).toBe(true);
    expect(OperatorPatchSchema.safeParse({ role: 'owner' }).success).toBe(false);
    expect(OperatorAwaySchema.safeParse({ is_away: false }).success).toBe(true);
    expect(OperatorAwaySchema.safeParse({}).success).toBe(false);
  });
});

describe('analytics presence rules', () => {
  const conversationPoint = { ...dataPointExample };
  it('um_missed_opportunity carries no operator ids', () => {
    const schema = dataPointSchemaFor('um_missed_opportunity');
    const { operator_id: _o, operator_group_id: _g, ...missed } = conversationPoint;
    expect(schema.safeParse({ ...missed, value: 1, value_str: '1042' }).success).toBe(true);
    expect(strictOf(schema).safeParse({ ...conversationPoint, value: 1, value_str: '1042' }).success).toBe(
      false,
    );
  });
  it('conversation metrics need conversation_id and no session ids', () => {
    const schema = dataPointSchemaFor('um_conversation_duration');
    expect(schema.safeParse(conversationPoint).success).toBe(true);
    const { conversation_id: _c, ...noConversation } = conversationPoint;
    expect(schema.safeParse(noConversation).success).toBe(false);
    expect(
      strictOf(schema).safeParse({
        ...conversationPoint,
        conversation_part_id: 1,
        conversation_session_id: 1,
      }).success,
    ).toBe(false);
  });
  it('session metrics need the part and session ids', () => {
    const schema = dataPointSchemaFor('um_chat_messages_total');
    expect(schema.safeParse(conversationPoint).success).toBe(false);
    expect(
      schema.safeParse({ ...conversationPoint, conversation_part_id: 2077, conversation_session_id: 2077 })
        .success,
    ).toBe(true);
  });
  it('operator metrics may carry conversation ids; value_str values are checked', () => {
    const schema = dataPointSchemaFor('um_operator_status');
    const {
      conversation_id: _c,
      chatbot_interaction: _b,
      human_interaction: _h,
      ...operatorPoint
    } = conversationPoint;
    expect(schema.safeParse({ ...operatorPoint, value: 1, value_str: 'away' }).success).toBe(true);
    expect(
      schema.safeParse({ ...operatorPoint, value: 1, value_str: 'away', conversation_id: 4 }).success,
    ).toBe(true);
    expect(strictOf(schema).safeParse({ ...operatorPoint, value: 1, value_str: 'napping' }).success).toBe(
      false,
    );
    expect(schema.safeParse({ ...operatorPoint, value: 1, value_str: 'napping' }).success).toBe(true);
  });
  it('analytics time has no zone and no fraction', () => {
    expect(
      AnalyticsDataPointSchema.safeParse({ ...conversationPoint, time: '2024-03-14T09:26:53Z' }).success,
    ).toBe(false);
  });
});

describe('inferred types', () => {
  it('are the records of the description', () => {
    expectTypeOf<Conversation['id']>().toEqualTypeOf<number>();
    expectTypeOf<Conversation['subject']>().toEqualTypeOf<string | null>();
    expectTypeOf<Conversation['last_message']>().toEqualTypeOf<Message>();
    expectTypeOf<ContactIdentity['contact_uuids']>().toEqualTypeOf<string[]>();
    expectTypeOf<Message['sender']['type']>().toEqualTypeOf<'contact' | 'operator' | (string & {})>();
    expectTypeOf<AnalyticsDataPoint['operator_id']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Conversation['status']>().toMatchTypeOf<string>();
    expectTypeOf<'new'>().toMatchTypeOf<Conversation['status']>();
  });
});
