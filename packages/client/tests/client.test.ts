import { createRequire } from 'node:module';
import { contactIdentityExample, conversationDetailExample, errorBody, noteExample } from '@org/model';
import { describe, expect, it } from 'vitest';
import { ApiError, createClient, isApiError, ResponseValidationError } from '../src/index.js';
import { fakeFetch, json, sequence } from './support/fake-fetch.js';

const BASE = 'http://api.test';
const rateLimitHeaders = {
  'X-RateLimit-Limit': '5000',
  'X-RateLimit-Remaining': '4999',
  'X-RateLimit-Reset': '3600',
};

describe('requests built from the endpoint table', () => {
  it('fills path params, serialises the query and sends the context headers', async () => {
    const api = fakeFetch(() => json(conversationDetailExample, 200, rateLimitHeaders));
    const client = createClient({ baseUrl: `${BASE}/`, token: 'tok', organizationId: 7, fetch: api.fetch });
    const conversation = await client.request('getConversation', {
      params: { id: 1042 },
      query: { exclude_ids: [3, 4] },
    });
    expect(conversation.id).toBe(1042);
    const [request] = api.requests;
    expect(request!.method).toBe('GET');
    expect(request!.url.href).toBe(`${BASE}/api/um/v3/conversations/1042/?exclude_ids=3,4`);
    expect(request!.headers.get('Authorization')).toBe('tok');
    expect(request!.headers.get('Service-Organization-Id')).toBe('7');
    expect(request!.headers.get('Service-Operator-Id')).toBeNull();
    expect(request!.headers.get('Content-Type')).toBeNull();
  });

  it('sends JSON bodies with Content-Type and lets a call override headers and operator', async () => {
    const api = fakeFetch(() => json(noteExample, 201));
    const client = createClient({ baseUrl: BASE, token: 'tok', operatorId: 5, fetch: api.fetch });
    const note = await client.request('createNote', {
      body: { contact_identity_id: 4711, body: 'hi' },
      operatorId: 12,
      headers: { 'X-Trace': 'abc' },
    });
    expect(note.id).toBe(88);
    const [request] = api.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url.pathname).toBe('/api/um/v3/notes/');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.headers.get('Service-Operator-Id')).toBe('12');
    expect(request!.headers.get('X-Trace')).toBe('abc');
    expect(JSON.parse(request!.body!)).toEqual({ contact_identity_id: 4711, body: 'hi' });
  });

  it('builds analytics queries with plus-joined ids and the described date formats', () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json({})).fetch });
    const url = client.url('analytics_um_conversation_rating', {
      query: {
        organization_id: [3, 7],
        event_date_from: new Date(Date.UTC(2024, 2, 1, 6)),
        event_date_to: '2024-03-31',
        operator_mode: 'bot',
      },
    });
    expect(url).toBe(
      `${BASE}/api/um/v1/analytics/um_conversation_rating/?organization_id=3%2B7&event_date_from=2024-03-01T06:00:00&event_date_to=2024-03-31&operator_mode=bot`,
    );
    expect(
      client.url('analyticsLatest', {
        params: { metric: 'um_conversation_duration' },
        query: { event_date: new Date(Date.UTC(2024, 2, 14)) },
      }),
    ).toBe(`${BASE}/api/um/analytics/um_conversation_duration/?event_date=2024-03-14`);
  });

  it('returns status, headers and rate-limit counters from send()', async () => {
    const api = fakeFetch(() => json(contactIdentityExample, 201, rateLimitHeaders));
    const client = createClient({ baseUrl: BASE, token: 't', fetch: api.fetch });
    const response = await client.send('upsertContact', {
      query: { identifier: 'email' },
      body: { email: 'lena.hoffmann@example.org' },
    });
    expect(response.status).toBe(201);
    expect(response.rateLimit).toEqual({ limit: 5000, remaining: 4999, reset: 3600 });
    expect(api.requests[0]!.url.search).toBe('?identifier=email');
  });

  it('answers 204 with undefined', async () => {
    const api = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createClient({ baseUrl: BASE, fetch: api.fetch, validateResponses: true });
    await expect(
      client.request('deleteConversations', { query: { delete_ids: [1, 2] } }),
    ).resolves.toBeUndefined();
    expect(api.requests[0]!.method).toBe('DELETE');
    expect(api.requests[0]!.url.search).toBe('?delete_ids=1,2');
  });
});

describe('errors', () => {
  it('throws ApiError carrying the status and the D1 body', async () => {
    const body = errorBody('not_found', 'No conversation 9.');
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json(body, 404)).fetch });
    const error = await client.request('getConversation', { params: { id: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 404)).toBe(true);
    expect(isApiError(error, 400)).toBe(false);
    if (!isApiError(error, 404)) throw error;
    expect(error.body).toEqual(body);
    expect(error.code).toBe('not_found');
    expect(error.endpoint).toBe('getConversation');
    expect(error.message).toContain('404 not_found: No conversation 9.');
  });

  it('carries the field messages of validation errors', async () => {
    const body = errorBody('invalid', 'Invalid query.', {
      limit: ['Ensure this value is greater than or equal to 1.'],
    });
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json(body, 400)).fetch });
    const error = await client.request('listContacts', { query: { limit: 0 } }).catch((e: unknown) => e);
    expect(isApiError(error, 400) && error.fieldErrors).toEqual(body.errors);
  });

  it('keeps a body that is not D1 as raw text', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 })).fetch,
    });
    const error = await client.request('listOperators').catch((e: unknown) => e);
    expect(isApiError(error, 502) && [error.body, error.rawBody]).toEqual([
      undefined,
      '<html>bad gateway</html>',
    ]);
  });
});

describe('response validation with the model schemas', () => {
  const broken = { ...noteExample, created_at: '2024-03-14 09:30' };

  it('is off by default', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json(broken)).fetch });
    await expect(client.request('getNote', { params: { id: 88 } })).resolves.toEqual(broken);
  });

  it('rejects bodies the model does not allow when on', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => json(broken)).fetch,
      validateResponses: true,
    });
    const error = await client.request('getNote', { params: { id: 88 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]!.path).toEqual(['created_at']);
  });

  it('can be switched per call and accepts valid bodies', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeFetch(() => json(noteExample)).fetch });
    await expect(client.request('getNote', { params: { id: 88 }, validateResponse: true })).resolves.toEqual(
      noteExample,
    );
  });

  it('flags undocumented success statuses', async () => {
    const client = createClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => json(noteExample, 202)).fetch,
      validateResponses: true,
    });
    await expect(client.request('getNote', { params: { id: 88 } })).rejects.toThrow(
      /Status 202 is not documented/,
    );
  });
});

describe('429 handling', () => {
  const throttled = (retryAfter?: string) => () =>
    json(
      errorBody('throttled', 'Try again in 2 seconds.'),
      429,
      retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
    );
  const ok = () => json({ count: 0, next: null, previous: null, results: [] });

  const setup = (
    handler: Parameters<typeof fakeFetch>[0],
    retry?: Parameters<typeof createClient>[0]['retry'],
  ) => {
    const waits: number[] = [];
    const api = fakeFetch(handler);
    const client = createClient({
      baseUrl: BASE,
      fetch: api.fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...(retry === undefined ? {} : { retry }),
    });
    return { client, api, waits };
  };

  it('waits as long as Retry-After says, then retries', async () => {
    const { client, api, waits } = setup(sequence(throttled('2'), ok));
    await expect(client.request('listNotes')).resolves.toMatchObject({ count: 0 });
    expect(api.requests).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('gives up after the bounded number of retries with the 429 as ApiError', async () => {
    const retries: number[] = [];
    const { client, api, waits } = setup(throttled('1'), {
      maxRetries: 3,
      onRetry: (i) => retries.push(i.attempt),
    });
    const error = await client.request('listNotes').catch((e: unknown) => e);
    expect(isApiError(error, 429) && error.retryAfterSeconds).toBe(1);
    expect(api.requests).toHaveLength(4);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(retries).toEqual([1, 2, 3]);
  });

  it('can be turned off', async () => {
    const { client, api, waits } = setup(sequence(throttled('1'), ok), false);
    await expect(client.request('listNotes')).rejects.toMatchObject({ status: 429, code: 'throttled' });
    expect(api.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('does not wait longer than maxDelaySeconds (a spent daily limit)', async () => {
    const { client, api } = setup(sequence(throttled('7200'), ok));
    await expect(client.request('listNotes')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 7200 });
    expect(api.requests).toHaveLength(1);
  });

  it('backs off exponentially without Retry-After and reads HTTP dates', async () => {
    const { client, waits } = setup(sequence(throttled(), throttled(), ok));
    await client.request('listNotes');
    expect(waits).toEqual([1000, 2000]);
    const later = new Date(Date.now() + 3000).toUTCString();
    const second = setup(sequence(throttled(later), ok));
    await second.client.request('listNotes');
    expect(second.waits[0]).toBeGreaterThanOrEqual(2000);
    expect(second.waits[0]).toBeLessThanOrEqual(3000);
  });
});

describe('503 unavailable (D24)', () => {
  it('is waited out and retried like 429, honouring Retry-After', async () => {
    const waits: number[] = [];
    const api = fakeFetch(
      sequence(
        () => json(errorBody('unavailable', 'Try again.'), 503, { 'Retry-After': '1' }),
        () => json(noteExample),
      ),
    );
    const client = createClient({
      baseUrl: BASE,
      fetch: api.fetch,
      sleep: async (ms) => void waits.push(ms),
    });
    await expect(client.request('getNote', { params: { id: 88 } })).resolves.toMatchObject({ id: 88 });
    expect(api.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it('is not retried when retrying is off', async () => {
    const api = fakeFetch(() => json(errorBody('unavailable', 'Try again.'), 503, { 'Retry-After': '1' }));
    const client = createClient({ baseUrl: BASE, fetch: api.fetch, retry: false });
    await expect(client.request('getNote', { params: { id: 88 } })).rejects.toMatchObject({
      status: 503,
      code: 'unavailable',
    });
    expect(api.requests).toHaveLength(1);
  });
});

describe('isApiError', () => {
  it('recognises an ApiError of the CommonJS build (a brand, not instanceof)', () => {
    const cjs = createRequire(import.meta.url)('../dist/index.cjs') as typeof import('../src/index.js');
    const error = new cjs.ApiError({ endpoint: 'getNote', method: 'GET', url: BASE }, 404, new Headers(), '');
    expect(error instanceof ApiError).toBe(false);
    expect(isApiError(error, 404)).toBe(true);
    expect(isApiError({ status: 404 })).toBe(false);
  });
});
