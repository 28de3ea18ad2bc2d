import { describe, expect, it } from 'vitest';
import {
  ConversationPatchSchema,
  conversationExample,
  ErrorBodySchema,
  endpoints,
  knownValuesOf,
  OperatorPatchSchema,
  OperatorSchema,
  openEnum,
  operatorExample,
  strictOf,
} from './index.js';

/** A response as a newer server might send it: a new field on every level and a new enum value. */
const newerPage = () => ({
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      ...conversationExample,
      priority: 'high',
      last_message: {
        ...conversationExample.last_message,
        sender: { type: 'integration', id: 3 },
        reactions: [],
      },
    },
  ],
  facets: {},
});

describe('forward-compatible response parsing: tolerant by default, strict on request', () => {
  const page = endpoints.listConversations.success[200];

  it('tolerant (the default) parses a newer response: unknown keys dropped, unknown enum values kept', () => {
    const parsed = page.parse(newerPage());
    expect(parsed).not.toHaveProperty('facets');
    expect(parsed.results[0]).not.toHaveProperty('priority');
    expect(parsed.results[0]!.last_message).not.toHaveProperty('reactions');
    expect(parsed.results[0]!.last_message.sender.type).toBe('integration');
  });

  it('strict rejects each of those differences and names where', () => {
    const issues = strictOf(page).safeParse(newerPage()).error?.issues ?? [];
    const where = issues.map((i) => [i.code, i.path.join('.')]);
    expect(where).toEqual(
      expect.arrayContaining([
        ['unrecognized_keys', ''],
        ['unrecognized_keys', 'results.0'],
        ['unrecognized_keys', 'results.0.last_message'],
        ['invalid_value', 'results.0.last_message.sender.type'],
      ]),
    );
  });

  it('both accept what the server sends today', () => {
    const today = { count: 1, next: null, previous: null, results: [conversationExample] };
    expect(strictOf(page).parse(today)).toEqual(page.parse(today));
  });

  it('request bodies stay strict without asking: an unknown field is invalid', () => {
    expect(ConversationPatchSchema.safeParse({ topics: [], surprise: 1 }).success).toBe(false);
    expect(OperatorPatchSchema.safeParse({ role: 'owner' }).success).toBe(false);
  });

  it('strictOf is cached, leaves the tolerant schema alone and keeps descriptions', () => {
    expect(strictOf(OperatorSchema)).toBe(strictOf(OperatorSchema));
    expect(OperatorSchema.safeParse({ ...operatorExample, role: 'owner' }).success).toBe(true);
    expect(strictOf(ErrorBodySchema).shape.code.description).toBe(ErrorBodySchema.shape.code.description);
  });

  it('an open enum is typed as its values plus any string and knows its values', () => {
    const schema = openEnum(['open', 'closed']);
    const value: 'open' | 'closed' | (string & {}) = schema.parse('archived');
    expect(value).toBe('archived');
    expect(knownValuesOf(schema)).toEqual(['open', 'closed']);
    expect(strictOf(schema).safeParse('archived').success).toBe(false);
  });
});
