import { errorBodySchemaFor, RATE_LIMIT_HEADER_NAMES } from '@org/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../../store/engine/temporary-database.js';
import { useSandbox } from '../../test-support/sandbox.js';

const H = RATE_LIMIT_HEADER_NAMES;

const LIST = '/api/um/v3/conversations/?limit=100&ordering=id';

const suite = (engine: 'pglite' | 'postgres') => () => {
  const t = useSandbox(engine, { rateLimits: 0.1 });

  it('POST /_sandbox/reset puts back the seeded world: records, ids and counts', async () => {
    const before = await (await t.call(LIST)).text();
    const contacts = await (await t.call('/api/um/v3/contact_identities/?limit=1')).json();
    const first = JSON.parse(before).results[0];
    expect((await t.call(`/api/um/v3/conversations/${first.id}/`, { method: 'DELETE' })).status).toBe(204);
    const note = await t.call('/api/um/v3/notes/', {
      method: 'POST',
      body: JSON.stringify({ contact_identity_id: contacts.results[0].id, body: 'Temporary' }),
    });
    expect(note.status).toBe(201);
    const noteId = (await note.json()).id;
    expect(await (await t.call(LIST)).text()).not.toBe(before);

    expect((await t.call('/_sandbox/reset', { method: 'POST' })).status).toBe(204);
    expect(await (await t.call(LIST)).text()).toBe(before);
    expect((await t.call(`/api/um/v3/notes/${noteId}/`)).status).toBe(404);
    // The next note gets the id the first one got: ids start again where the world left them.
    const again = await t.call('/api/um/v3/notes/', {
      method: 'POST',
      body: JSON.stringify({ contact_identity_id: contacts.results[0].id, body: 'Temporary' }),
    });
    expect((await again.json()).id).toBe(noteId);
  });

  it('rate limits scale (rateLimits 0.1: a burst of 5), and DELETE /_sandbox/rate-limits clears them', async () => {
    // The burst window is 10 s of the server's clock: it stands still here, so the six requests
    // fall into one window however slowly a loaded machine sends them.
    const frozen = await t.call('/_sandbox/clock', {
      method: 'PUT',
      body: JSON.stringify({ now: '2020-05-05T23:00:01Z' }),
    });
    expect(frozen.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.call('/api/um/v3/operators/')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await t.call('/_sandbox/rate-limits', { method: 'DELETE' })).status).toBe(204);
    expect((await t.call('/api/um/v3/operators/')).status).toBe(200);
    expect((await t.call('/_sandbox/clock', { method: 'DELETE' })).status).toBe(200);
  });

  it('Prefer: code=<status> answers that documented error with its body and headers', async () => {
    const throttled = await t.call(LIST, { headers: { prefer: 'code=429' } });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('preference-applied')).toBe('code=429');
    expect(throttled.headers.get(H.retryAfter)).toMatch(/^\d+$/);
    expect(throttled.headers.get(H.limit)).toMatch(/^\d+$/);
    expect(errorBodySchemaFor(429).parse(await throttled.json()).code).toBe('throttled');

    const missing = await t.call('/api/um/v3/conversations/1/', { headers: { prefer: 'code=404' } });
    expect(missing.status).toBe(404);
    expect(errorBodySchemaFor(404).parse(await missing.json()).code).toBe('not_found');
  });

  it('Prefer: code=500 and code=503 force the faults every operation documents, in the error body', async () => {
    const fault = await t.call(LIST, { headers: { prefer: 'code=500' } });
    expect(fault.status).toBe(500);
    expect(fault.headers.get('preference-applied')).toBe('code=500');
    expect(errorBodySchemaFor(500).parse(await fault.json()).code).toBe('error');

    const patch = await t.call('/api/um/v3/conversations/1/', {
      method: 'PATCH',
      body: '{}',
      headers: { prefer: 'code=503' },
    });
    expect(patch.status).toBe(503);
    expect(errorBodySchemaFor(503).parse(await patch.json()).code).toBe('unavailable');
    // The server's own 503 asks for a second; the rate-limit headers are those of the counter.
    expect(patch.headers.get(H.retryAfter)).toBe('1');
    expect(patch.headers.get(H.limit)).toMatch(/^\d+$/);
  });

  it('a forced 503 on a read says it was forced, not that a write kept conflicting', async () => {
    const read = await t.call(LIST, { headers: { prefer: 'code=503' } });
    expect(read.status).toBe(503);
    const { detail } = errorBodySchemaFor(503).parse(await read.json());
    expect(detail).toMatch(/forced by the sandbox/i);
    expect(detail).not.toMatch(/write/i);
  });

  it('Prefer: retry-after=N sets the Retry-After of a forced 429 or 503 (0 allowed); 429 keeps its window otherwise', async () => {
    for (const status of [429, 503]) {
      const now = await t.call(LIST, { headers: { prefer: `code=${status}, retry-after=0` } });
      expect(now.status).toBe(status);
      expect(now.headers.get(H.retryAfter)).toBe('0');
      expect(now.headers.get('preference-applied')).toBe(`code=${status}, retry-after=0`);
      const later = await t.call(LIST, { headers: { prefer: `code=${status}; retry-after=7` } });
      expect(later.headers.get(H.retryAfter)).toBe('7');
    }
    const byDefault = await t.call(LIST, { headers: { prefer: 'code=429' } });
    expect(byDefault.headers.get(H.retryAfter)).toBe(byDefault.headers.get(H.reset));
    // Not a whole number of seconds: ignored, the default stands.
    const bad = await t.call(LIST, { headers: { prefer: 'code=503, retry-after=soon' } });
    expect(bad.headers.get(H.retryAfter)).toBe('1');
    expect(bad.headers.get('preference-applied')).toBe('code=503');
    // Retry-After belongs to 429 and 503 only.
    const fault = await t.call(LIST, { headers: { prefer: 'code=500, retry-after=3' } });
    expect(fault.headers.get(H.retryAfter)).toBeNull();
  });

  it('Prefer: a status the operation does not document, and unknown preferences, are ignored (RFC 7240)', async () => {
    const teapot = await t.call(LIST, { headers: { prefer: 'code=418, respond-async, wait=5' } });
    expect(teapot.status).toBe(200);
    expect(teapot.headers.get('preference-applied')).toBeNull();
  });

  it('Prefer: delay waits and answers; fault=reset drops the connection without an answer', async () => {
    expect((await t.call(LIST, { headers: { prefer: 'delay=20' } })).status).toBe(200);
    await expect(t.call(LIST, { headers: { prefer: 'fault=reset' } })).rejects.toThrow();
  });

  it('POST /_sandbox/worlds makes a world of its own; DELETE drops it (the seeded one stays)', async () => {
    const created = await t.call('/_sandbox/worlds', {
      method: 'POST',
      body: JSON.stringify({ organizations: 2 }),
    });
    expect(created.status).toBe(201);
    const world = await created.json();
    expect(world.organizations).toHaveLength(2);
    const own = (path: string, token = world.organizations[0].token) =>
      fetch(new URL(path, t.server.url), { headers: { authorization: token } });
    // Its own organizations: none of the seeded world's records, its own operators.
    expect((await (await own(LIST)).json()).count).toBe(0);
    expect((await (await own('/api/um/v3/operators/')).json()).count).toBe(3);
    expect((await own(LIST, world.customer_token)).status).toBe(200);

    expect((await t.call(`/_sandbox/worlds/${world.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await own(LIST)).status).toBe(401);
    expect((await t.call(`/_sandbox/worlds/${world.id}`, { method: 'DELETE' })).status).toBe(404);
    const seeded = await t.call(`/_sandbox/worlds/${t.server.world.customerId}`, { method: 'DELETE' });
    expect(seeded.status).toBe(400);
    const bad = await t.call('/_sandbox/worlds', {
      method: 'POST',
      body: JSON.stringify({ organizations: 99 }),
    });
    expect(errorBodySchemaFor(400).parse(await bad.json()).errors).toHaveProperty('organizations');
  });

  it('GET /_sandbox/requests is the journal of the requests since the reset, with their answers', async () => {
    await t.call(LIST);
    await t.call('/api/um/v3/conversations/999999/');
    const journal = await (await t.call('/_sandbox/requests')).json();
    expect(journal.results.map((r: { status: number }) => r.status)).toEqual([200, 404]);
    expect(journal.results[0]).toMatchObject({
      method: 'GET',
      url: LIST,
      path: '/api/um/v3/conversations/',
      query: { limit: '100', ordering: 'id' },
      operation: 'listConversations',
    });
    // A page is written part by part: its body and headers are journaled all the same.
    expect(journal.results[0].response.body.results.length).toBeGreaterThan(0);
    expect(journal.results[0].response.headers['content-type']).toMatch(/^application\/json/);
    expect(journal.results[0].response.headers[H.limit.toLowerCase()]).toMatch(/^\d+$/);
    expect(journal.results[1].response.body.code).toBe('not_found');
  });

  it('the journal holds the whole exchange: request headers (tokens redacted) and body, answer headers and body', async () => {
    const list = await (await t.call('/api/um/v3/conversations/?limit=1&ordering=id')).json();
    const id = list.results[0].id;
    const patch = await t.call(`/api/um/v3/conversations/${id}/?token=abc&exclude_ids=1&exclude_ids=2`, {
      method: 'PATCH',
      body: JSON.stringify({ topics: ['billing'] }),
      headers: { 'x-api-key': 'k', cookie: 'session=s', 'x-forwarded-authorization': 'f', 'x-trace': 'kept' },
    });
    const [entry, ...others] = await (await t.call('/_sandbox/requests?method=patch'))
      .json()
      .then((j) => j.results);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      method: 'PATCH',
      path: `/api/um/v3/conversations/${id}/`,
      query: { token: '[redacted]', exclude_ids: ['1', '2'] },
      status: patch.status,
      operation: 'updateConversation',
      request: {
        headers: {
          authorization: '[redacted]',
          'x-api-key': '[redacted]',
          cookie: '[redacted]',
          'x-forwarded-authorization': '[redacted]',
          'x-trace': 'kept',
          'content-type': 'application/json',
        },
        body: { topics: ['billing'] },
      },
      response: { body: await patch.json() },
    });
    expect(entry.response.headers['x-request-id']).toBe(entry.id);
    expect(JSON.stringify(entry)).not.toContain(t.token);
  });

  it('GET /_sandbox/requests filters by method, path (or its template), status (or class) and operation', async () => {
    await t.call('/api/um/v3/conversations/999999/');
    await t.call('/api/um/v3/operators/');
    await t.call('/api/um/v3/conversations/999998/', { method: 'DELETE' });
    const ids = async (query: string) =>
      (await (await t.call(`/_sandbox/requests?${query}`)).json()).results.map(
        (r: { method: string; path: string }) => `${r.method} ${r.path}`,
      );
    expect(await ids('status=4xx')).toEqual([
      'GET /api/um/v3/conversations/999999/',
      'DELETE /api/um/v3/conversations/999998/',
    ]);
    expect(await ids('status=200')).toEqual(['GET /api/um/v3/operators/']);
    expect(await ids(`path=${encodeURIComponent('/api/um/v3/conversations/{id}/')}&method=GET`)).toEqual([
      'GET /api/um/v3/conversations/999999/',
    ]);
    expect(await ids('path=/api/um/v3/operators')).toEqual(['GET /api/um/v3/operators/']);
    expect(await ids('operation=deleteConversation')).toEqual(['DELETE /api/um/v3/conversations/999998/']);
    const bad = await t.call('/_sandbox/requests?status=teapot&colour=red');
    expect(bad.status).toBe(400);
    expect(Object.keys(errorBodySchemaFor(400).parse(await bad.json()).errors ?? {})).toEqual(
      expect.arrayContaining(['status', 'colour']),
    );
  });
};

describe('sandbox [PGlite]', suite('pglite'));
describe.skipIf(!testDatabaseUrl)(
  `sandbox [PostgreSQL]${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  suite('postgres'),
);

describe('without --sandbox', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ seed: false });
  });
  afterAll(() => server?.close());

  it('/_sandbox/ answers 404 and Prefer is not applied', async () => {
    const reset = await fetch(`${server.url}/_sandbox/reset`, { method: 'POST' });
    expect(reset.status).toBe(404);
    expect(errorBodySchemaFor(404).parse(await reset.json()).code).toBe('not_found');
    const list = await fetch(`${server.url}${LIST}`, {
      headers: { authorization: server.world.organizations[0]!.token, prefer: 'code=429' },
    });
    expect(list.status).toBe(200);
  });
});
