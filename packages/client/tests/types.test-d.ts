import type {
  AnalyticsMetric,
  AnalyticsResponse,
  ContactIdentity,
  ContactPatch,
  Conversation,
  ConversationDetail,
  Message,
  NoteCreate,
  OffsetPage,
} from '@org/model';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ApiClient,
  createClient,
  type ErrorStatusOf,
  type ItemOf,
  isApiError,
  type PaginatedEndpointId,
  type QueryInput,
  type RequestInput,
  type ResponseOf,
  type SuccessStatusOf,
} from '../src/index.js';

const client: ApiClient = createClient({ baseUrl: 'http://localhost' });

describe('types inferred from the endpoint table', () => {
  it('types the error statuses of each endpoint, 500 and 503 on every counted one', () => {
    expectTypeOf<ErrorStatusOf<'getConversation'>>().toEqualTypeOf<
      400 | 401 | 403 | 404 | 414 | 429 | 431 | 500 | 503
    >();
    expectTypeOf<ErrorStatusOf<'createNote'>>().toEqualTypeOf<
      400 | 401 | 403 | 415 | 429 | 431 | 500 | 503
    >();
    expectTypeOf<ErrorStatusOf<'listConversations'>>().toEqualTypeOf<
      400 | 401 | 403 | 429 | 431 | 500 | 503
    >();
    expectTypeOf<500>().toMatchTypeOf<ErrorStatusOf<'upsertContact'>>();
  });

  it('types path params, query and response of getConversation', () => {
    expectTypeOf(
      client.request('getConversation', { params: { id: 1 } }),
    ).resolves.toEqualTypeOf<ConversationDetail>();
    expectTypeOf<RequestInput<'getConversation'>['params']>().toEqualTypeOf<{ id: number }>();
    // @ts-expect-error path params are required
    client.request('getConversation');
    // @ts-expect-error ids are numbers
    client.request('getConversation', { params: { id: 'x' } });
    // @ts-expect-error unknown endpoints do not exist
    client.request('getConversations');
  });

  it('makes the query friendly: numbers, arrays, dates, enum literals', () => {
    type Q = QueryInput<'listConversations'>;
    expectTypeOf<Q['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Q['exclude_ids']>().toEqualTypeOf<number | readonly number[] | undefined>();
    expectTypeOf<Q['updated_at_from_date']>().toEqualTypeOf<Date | string | undefined>();
    expectTypeOf<Q['search_query']>().toEqualTypeOf<string | readonly string[] | undefined>();
    expectTypeOf<Q['ordering']>().toEqualTypeOf<
      | 'id'
      | '-id'
      | 'last_message_sent_at'
      | '-last_message_sent_at'
      | 'contact_first_message_sent_at'
      | '-contact_first_message_sent_at'
      | 'contact_last_update_at'
      | '-contact_last_update_at'
      | 'contact_last_message_sent_at'
      | '-contact_last_message_sent_at'
      | undefined
    >();
    client.request('listConversations', {
      query: {
        limit: 50,
        exclude_ids: [1, 2],
        updated_at_from_date: new Date(),
        status: 'ended',
        ordering: '-id',
      },
    });
    // @ts-expect-error not an ordering of conversations
    client.request('listConversations', { query: { ordering: 'name' } });
    // @ts-expect-error not a parameter of the list
    client.request('listConversations', { query: { cursor: '12' } });
    expectTypeOf<QueryInput<'listContacts'>['verified']>().toEqualTypeOf<boolean | undefined>();
  });

  it('types the analytics query: plus-joined ids and dates', () => {
    type Q = QueryInput<'analytics_um_conversation_duration'>;
    expectTypeOf<Q['organization_id']>().toEqualTypeOf<number | readonly number[] | undefined>();
    expectTypeOf<Q['event_date']>().toEqualTypeOf<Date | string | undefined>();
    expectTypeOf<Q['event_date_from']>().toEqualTypeOf<Date | string | undefined>();
    // The model parses operator_mode into human, bot or nothing (any other value means all operators).
    expectTypeOf<Q['operator_mode']>().toEqualTypeOf<'human' | 'bot' | undefined>();
    // The model types a metric's data point as the union of the metric kinds.
    expectTypeOf<
      ResponseOf<'analytics_um_conversation_duration'>['results'][number]['time']
    >().toEqualTypeOf<string>();
    expectTypeOf<ResponseOf<'analyticsLatest'>>().toEqualTypeOf<AnalyticsResponse>();
    expectTypeOf<RequestInput<'analyticsLatest'>['params']>().toEqualTypeOf<{ metric: AnalyticsMetric }>();
  });

  it('types bodies from the zod input of the body schema', () => {
    expectTypeOf<RequestInput<'createNote'>['body']>().toEqualTypeOf<NoteCreate>();
    expectTypeOf<RequestInput<'updateContact'>['body']>().toEqualTypeOf<ContactPatch>();
    // @ts-expect-error the body is required
    client.request('createNote', {});
    // @ts-expect-error not a field of a note
    client.request('createNote', { body: { contact_identity_id: 1, body: 'x', title: 'y' } });
    // @ts-expect-error GET has no body
    client.request('listNotes', { body: { a: 1 } });
  });

  it('types responses and statuses', () => {
    expectTypeOf<ResponseOf<'listConversations'>>().toEqualTypeOf<OffsetPage<Conversation>>();
    expectTypeOf<ResponseOf<'deleteConversation'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseOf<'upsertContact'>>().toEqualTypeOf<ContactIdentity>();
    expectTypeOf<SuccessStatusOf<'upsertContact'>>().toEqualTypeOf<200 | 201>();
    expectTypeOf<SuccessStatusOf<'createNote'>>().toEqualTypeOf<201>();
    expectTypeOf<ResponseOf<'retiredV2'>>().toBeNever();
  });

  it('paginates only lists, with typed items', () => {
    expectTypeOf<'listConversations'>().toExtend<PaginatedEndpointId>();
    expectTypeOf<'listAllContacts'>().toExtend<PaginatedEndpointId>();
    expectTypeOf<'listMessages'>().toExtend<PaginatedEndpointId>();
    expectTypeOf<'analytics_um_conversation_rating'>().toExtend<PaginatedEndpointId>();
    expectTypeOf<'getConversation'>().not.toExtend<PaginatedEndpointId>();
    expectTypeOf<ItemOf<'listMessages'>>().toEqualTypeOf<Message>();
    expectTypeOf(client.items('listAllConversations', { query: { limit: 100 } })).toEqualTypeOf<
      AsyncGenerator<Conversation, void, undefined>
    >();
    // @ts-expect-error a single resource has no pages
    client.pages('getConversation', { params: { id: 1 } });
  });

  it('narrows errors by status', () => {
    const error: unknown = undefined;
    if (isApiError(error, 404)) {
      expectTypeOf(error.status).toEqualTypeOf<404>();
      expectTypeOf(error.code).toEqualTypeOf<
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
        | undefined
      >();
    }
  });
});

describe('types a consumer reads without importing the model', () => {
  it('types the status filter as the known statuses plus any string (D18)', () => {
    type Status = Exclude<import('../src/index.js').QueryInput<'listConversations'>['status'], undefined>;
    expectTypeOf<'ended'>().toMatchTypeOf<Status>();
    expectTypeOf<Status>().toEqualTypeOf<import('../src/index.js').ConversationStatus>();
    expectTypeOf<Status>().not.toEqualTypeOf<string>();
  });

  it('re-exports the named record types of the model', () => {
    expectTypeOf<import('../src/index.js').Conversation>().toEqualTypeOf<Conversation>();
    expectTypeOf<import('../src/index.js').Contact>().toEqualTypeOf<ContactIdentity>();
    expectTypeOf<import('../src/index.js').Operator['role']>().toMatchTypeOf<string>();
    expectTypeOf<'admin'>().toMatchTypeOf<import('../src/index.js').Operator['role']>();
  });
});
