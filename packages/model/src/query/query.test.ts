import { describe, expect, it } from 'vitest';
import type { z } from 'zod/v4';
import { fieldErrorsOf } from '../errors.js';
import { LIMITS } from '../limits.js';
import { ANALYTICS_QUERY_PARAMS, AnalyticsQuerySchema } from './analytics.js';
import { paramDocOf } from './params.js';
import {
  AllConversationsQuerySchema,
  DeleteConversationsQuerySchema,
  ListContactsQuerySchema,
  ListConversationsQuerySchema,
  MessagesQuerySchema,
  UpsertContactQuerySchema,
} from './v3.js';

/** Parses a real query string the way a server receives it. */
const fromQueryString = (qs: string): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
};
const parse = <S extends z.ZodType>(schema: S, qs: string) => schema.safeParse(fromQueryString(qs));
const errorsOf = <S extends z.ZodType>(schema: S, qs: string) => {
  const r = parse(schema, qs);
  expect(r.success).toBe(false);
  return r.success ? {} : fieldErrorsOf(r.error);
};

describe('conversation list query', () => {
  it('applies the described defaults', () => {
    expect(parse(ListConversationsQuerySchema, '').data).toMatchObject({
      limit: 10,
      offset: 0,
      ordering: '-id',
    });
  });
  it('parses every filter of the table into typed values', () => {
    const r = parse(
      ListConversationsQuerySchema,
      'contact_uuid=6f1c2b9e-8d4a-4e5f-9a7b-3c2d1e0f4a5b&contact_identity_id=4&operator_id=5&status=new&topics=7' +
        '&um_widget_id=3&chat_widget_id=3&contact_first_message_from_date=2024-03-01T00:00:00Z' +
        '&contact_first_message_to_date=2024-03-02&contact_last_message_from_date=2024-03-01T10:00:00.123456Z' +
        '&contact_last_message_to_date=2024-03-02T00:00:00%2B02:00&updated_at_from_date=2024-01-01' +
        '&updated_at_to_date=2024-12-31&last_activity_from_date=2024-01-01&last_activity_to_date=2024-02-01' +
        '&id__gt=10&id__lt=100&exclude_ids=1,2,3&search_query=berlin+invoice&ordering=-last_message_sent_at',
    );
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      contact_identity_id: 4,
      topics: 7,
      id__gt: 10,
      exclude_ids: [1, 2, 3],
      search_query: ['berlin', 'invoice'],
      ordering: '-last_message_sent_at',
    });
    expect(r.data?.contact_last_message_to_date?.toISOString()).toBe('2024-03-01T22:00:00.000Z');
    expect(r.data?.contact_first_message_from_date).toBeInstanceOf(Date);
  });
  it('splits search keywords on %20 and %2B alike', () => {
    expect(parse(ListConversationsQuerySchema, 'search_query=a%20b%2Bc').data?.search_query).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
  it('limit: >100 becomes 100; <=0 and non-integers are rejected per field', () => {
    expect(parse(ListConversationsQuerySchema, 'limit=500').data?.limit).toBe(100);
    expect(errorsOf(ListConversationsQuerySchema, 'limit=0')).toHaveProperty('limit');
    expect(errorsOf(ListConversationsQuerySchema, 'limit=1.5')).toHaveProperty('limit');
    expect(errorsOf(ListConversationsQuerySchema, 'limit=ten&offset=-1')).toMatchObject({
      limit: [expect.any(String)],
      offset: [expect.any(String)],
    });
  });
  it('rejects bad values with a message per field', () => {
    const errors = errorsOf(
      ListConversationsQuerySchema,
      'ordering=name&exclude_ids=1,x&contact_uuid=nope&updated_at_from_date=tuesday&topics=abc',
    );
    expect(Object.keys(errors).sort()).toEqual([
      'contact_uuid',
      'exclude_ids',
      'ordering',
      'topics',
      'updated_at_from_date',
    ]);
  });
  it('rejects ids beyond the 32-bit range instead of passing them to the database', () => {
    expect(errorsOf(ListConversationsQuerySchema, 'contact_identity_id=99999999999')).toHaveProperty(
      'contact_identity_id',
    );
    expect(errorsOf(ListConversationsQuerySchema, 'exclude_ids=1,99999999999')).toHaveProperty('exclude_ids');
    expect(errorsOf(AllConversationsQuerySchema, 'cursor=-99999999999')).toHaveProperty('cursor');
    expect(errorsOf(MessagesQuerySchema, 'cursor=1.2.99999999999')).toHaveProperty('cursor');
    expect(errorsOf(AnalyticsQuerySchema, 'operator_id=1+99999999999')).toHaveProperty('operator_id');
  });
  it('id lists and cursors admit what their documented pattern admits, nothing more', () => {
    const exclude = paramDocOf(ListConversationsQuerySchema.shape.exclude_ids)?.pattern as string;
    for (const [value, ok] of [
      ['1,2147483647', true],
      ['2147483648', false],
      ['0', false],
      ['007', false],
      [' 1', false],
      ['1, 2', false],
      ['1,,2', false],
    ] as const) {
      expect([value, new RegExp(exclude).test(value)]).toEqual([value, ok]);
      expect([
        value,
        parse(ListConversationsQuerySchema, `exclude_ids=${encodeURIComponent(value)}`).success,
      ]).toEqual([value, ok]);
    }
    expect(parse(MessagesQuerySchema, 'exclude_ids=7,7.8.9&cursor=-7.8.2147483647').data).toMatchObject({
      exclude_ids: { ids: [7], messageIds: ['7.8.9'] },
      cursor: '-7.8.2147483647',
    });
    expect(errorsOf(MessagesQuerySchema, 'exclude_ids=7.8.2147483648')).toHaveProperty('exclude_ids');
  });
  it('an empty string filter is invalid, and the document says so', () => {
    expect(errorsOf(ListConversationsQuerySchema, 'status=')).toHaveProperty('status');
    expect(paramDocOf(ListConversationsQuerySchema.shape.status)).toMatchObject({ minLength: 1 });
    expect(parse(ListConversationsQuerySchema, 'search_query=').success).toBe(true);
  });
  it('rejects unknown parameters and takes the last of repeated ones', () => {
    expect(errorsOf(ListConversationsQuerySchema, 'colour=red')).toHaveProperty('colour');
    expect(parse(ListConversationsQuerySchema, 'limit=5&limit=7').data?.limit).toBe(7);
  });
});

describe('cursor and bulk queries', () => {
  it('the all endpoints accept id ordering only', () => {
    expect(parse(AllConversationsQuerySchema, 'ordering=id&cursor=-55').success).toBe(true);
    expect(errorsOf(AllConversationsQuerySchema, 'ordering=-last_message_sent_at')).toHaveProperty(
      'ordering',
    );
    expect(errorsOf(AllConversationsQuerySchema, 'cursor=abc')).toHaveProperty('cursor');
  });
  it('messages default to 100 per page', () => {
    expect(parse(MessagesQuerySchema, '').data?.limit).toBe(100);
  });
  it('bulk delete: default 10, at most 100, delete_ids a comma list', () => {
    expect(parse(DeleteConversationsQuerySchema, '').data?.limit).toBe(10);
    expect(parse(DeleteConversationsQuerySchema, 'limit=1000').data?.limit).toBe(100);
    expect(parse(DeleteConversationsQuerySchema, 'delete_ids=4,5').data?.delete_ids).toEqual([4, 5]);
  });
  it('PUT needs a known identifier', () => {
    expect(parse(UpsertContactQuerySchema, 'identifier=email').success).toBe(true);
    expect(errorsOf(UpsertContactQuerySchema, '')).toHaveProperty('identifier');
    expect(errorsOf(UpsertContactQuerySchema, 'identifier=name')).toHaveProperty('identifier');
  });
  it('contact filters: verified is a boolean, ordering from the table', () => {
    expect(parse(ListContactsQuerySchema, 'verified=true&ordering=-email').data).toMatchObject({
      verified: true,
      ordering: '-email',
    });
    expect(errorsOf(ListContactsQuerySchema, 'verified=maybe')).toHaveProperty('verified');
  });
});

describe('analytics query', () => {
  it('defaults to the current UTC day', () => {
    const r = parse(AnalyticsQuerySchema, '');
    const today = new Date().toISOString().slice(0, 10);
    expect(r.data?.from.toISOString()).toBe(`${today}T00:00:00.000Z`);
    expect(r.data!.to.getTime() - r.data!.from.getTime()).toBe(86_400_000);
  });
  it('event_date selects that day', () => {
    const r = parse(AnalyticsQuerySchema, 'event_date=2024-03-14');
    expect([r.data?.from.toISOString(), r.data?.to.toISOString()]).toEqual([
      '2024-03-14T00:00:00.000Z',
      '2024-03-15T00:00:00.000Z',
    ]);
  });
  it('one bound alone is that single day; dates and timestamps mix', () => {
    expect(parse(AnalyticsQuerySchema, 'event_date_to=2024-03-14T15:00:00').data?.from.toISOString()).toBe(
      '2024-03-14T00:00:00.000Z',
    );
    const r = parse(AnalyticsQuerySchema, 'event_date_from=2024-03-01T08:00:00&event_date_to=2024-03-31');
    expect([r.data?.from.toISOString(), r.data?.to.toISOString()]).toEqual([
      '2024-03-01T08:00:00.000Z',
      '2024-04-01T00:00:00.000Z',
    ]);
  });
  it('id filters take + or space separated lists', () => {
    expect(parse(AnalyticsQuerySchema, 'organization_id=1+2&operator_id=3%204').data).toMatchObject({
      organization_id: [1, 2],
      operator_id: [3, 4],
    });
    expect(errorsOf(AnalyticsQuerySchema, 'um_widget_id=1,2')).toHaveProperty('um_widget_id');
  });
  it('caps ranges at 93 days and rejects inverted or malformed ranges', () => {
    expect(parse(AnalyticsQuerySchema, 'event_date_from=2024-01-01&event_date_to=2024-04-02').success).toBe(
      true,
    );
    expect(
      errorsOf(AnalyticsQuerySchema, 'event_date_from=2024-01-01&event_date_to=2024-04-03'),
    ).toHaveProperty('event_date_to');
    expect(
      errorsOf(AnalyticsQuerySchema, 'event_date_from=2024-03-10&event_date_to=2024-03-01'),
    ).toHaveProperty('event_date_to');
    expect(errorsOf(AnalyticsQuerySchema, 'event_date_from=2024-13-01')).toHaveProperty('event_date_from');
    expect(errorsOf(AnalyticsQuerySchema, 'event_date=14.03.2024')).toHaveProperty('event_date');
  });
  it('the date-or-timestamp pattern is anchored at both ends', () => {
    const pattern = new RegExp(paramDocOf(ANALYTICS_QUERY_PARAMS.event_date_from)?.pattern as string);
    expect(pattern.test('2024-03-01')).toBe(true);
    expect(pattern.test('2024-03-01T10:00:00')).toBe(true);
    expect(pattern.test('2024-03-01garbage')).toBe(false);
    expect(pattern.test('garbage2024-03-01T10:00:00')).toBe(false);
  });
  it('operator_mode: human and bot narrow, anything else means all', () => {
    expect(parse(AnalyticsQuerySchema, 'operator_mode=bot').data?.operator_mode).toBe('bot');
    expect(parse(AnalyticsQuerySchema, 'operator_mode=hybrid').data?.operator_mode).toBeUndefined();
    expect(parse(AnalyticsQuerySchema, 'operator_mode=').data?.operator_mode).toBeUndefined();
  });
  it('limit: points per response, default and at most the page size; below 1 or not a number is rejected (D14)', () => {
    expect(parse(AnalyticsQuerySchema, '').data?.limit).toBe(LIMITS.analyticsPageSize);
    expect(parse(AnalyticsQuerySchema, 'limit=100').data?.limit).toBe(100);
    expect(parse(AnalyticsQuerySchema, `limit=${LIMITS.analyticsPageSize + 1}`).data?.limit).toBe(
      LIMITS.analyticsPageSize,
    );
    for (const bad of ['0', '-1', 'ten', '1.5', ''])
      expect(errorsOf(AnalyticsQuerySchema, `limit=${bad}`), bad).toHaveProperty('limit');
  });
});
