import {
  type EndpointDefinition,
  ERROR_CODES,
  endpointList,
  type endpoints,
  errorBodySchemaFor,
  fillPath,
  V3,
} from '@org/model';
import { expect, it, vi } from 'vitest';
import { hideTable } from '../store/test-support/test-states.js';
import { parseWith } from '../test-support/api.js';
import { setColumns, useTestServer } from '../test-support/harness.js';

/**
 * json-api-v3.md section 7 "Errors" and section 9 "Versioning", Common rules 1 and 2 for every
 * write endpoint, and our rules on error bodies and codes (no 5xx for bad input, logged 500s),
 * write requests (media type, JSON, unknown and read-only fields), the retired v2, timestamps and
 * unknown query parameters (for every endpoint of the table).
 */
const t = useTestServer();

const v3 = endpointList().filter(([, ep]) => ep.path.startsWith(`${V3}/`));
const writes = v3.filter(([, ep]) => ep.body !== undefined);
/** A path for an endpoint: id 1 is enough where the request fails before the handler. */
const pathOf = (ep: EndpointDefinition, id = 1) => fillPath(ep.path, ep.params ? { id } : {});

it('the table’s v3 endpoints include every write of the description (the model’s test checks the rest)', () => {
  expect(v3.length).toBeGreaterThan(writes.length);
  expect(writes.map(([id]) => id).sort()).toEqual(
    [
      'createNote',
      'setOperatorAway',
      'updateContact',
      'updateConversation',
      'updateOperator',
      'upsertContact',
    ].sort(),
  );
});

it.each(writes)(
  '%s: without Content-Type: application/json the body is not processed: 415 (Common rule 1)',
  async (id, ep) => {
    const query = id === 'upsertContact' ? '?identifier=email' : '';
    for (const headers of [
      {} as Record<string, string>,
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const response = await t.api.request(ep.method, `${pathOf(ep)}${query}`, {
        rawBody: '{"topics":[]}',
        headers,
      });
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(response.body).toMatchObject({ code: 'unsupported_media_type' });
    }
  },
);

it.each(writes)(
  '%s: malformed or empty JSON is 400 parse_error; JSON that is not an object is 400 invalid',
  async (id, ep) => {
    const query = id === 'upsertContact' ? '?identifier=email' : '';
    const headers = { 'content-type': 'application/json; charset=utf-8' };
    for (const rawBody of ['{"topics": [', "{'a': 1}", '', '   ']) {
      const response = await t.api.request(ep.method, `${pathOf(ep)}${query}`, { rawBody, headers });
      expect(response.status, rawBody).toBe(400);
      expect(response.body).toMatchObject({ code: 'parse_error' });
    }
    for (const rawBody of ['[]', '"text"', 'null', '42']) {
      const response = await t.api.request(ep.method, `${pathOf(ep)}${query}`, { rawBody, headers });
      expect(response.status, rawBody).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid' });
    }
  },
);

it.each(v3)('%s: an unknown query parameter is 400 invalid naming it', async (id, ep) => {
  await t.api.invalid(
    id,
    { ...(ep.params ? { params: { id: 1 } } : {}), query: { colour: 'red' } },
    'colour',
  );
});

it('validation errors name every field with messages', async () => {
  const error = await t.api.fails(
    'listConversations',
    {
      query: {
        limit: 'many',
        status: '',
        ordering: 'newest',
        contact_uuid: 'not-a-uuid',
        updated_at_from_date: 'yesterday',
      },
    },
    400,
    'invalid',
  );
  expect(Object.keys(error.errors!).sort()).toEqual([
    'contact_uuid',
    'limit',
    'ordering',
    'status',
    'updated_at_from_date',
  ]);
  for (const messages of Object.values(error.errors!)) expect(messages.length).toBeGreaterThan(0);
  expect(error.detail).toMatch(/contact_uuid/);
});

it('path ids that are not positive 32-bit integers are 400, unknown ones 404', async () => {
  for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
    const response = await t.api.request('GET', `${V3}/conversations/${id}/`);
    expect(response.status, id).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid', errors: { id: expect.any(Array) } });
  }
  await t.api.fails('getConversation', { params: { id: 2_147_483_647 } }, 404, 'not_found');
});

it('bad input never gives a 5xx', async () => {
  const contact = await t.fx.contact(t.org.id);
  const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
  const queries: Array<[keyof typeof endpoints, Record<string, string>]> = [
    ['listConversations', { contact_identity_id: '99999999999' }],
    ['listConversations', { id__gt: '99999999999' }],
    ['listConversations', { id__lt: '-1' }],
    ['listConversations', { exclude_ids: '1,,2' }],
    ['listConversations', { topics: '1e3' }],
    ['listConversations', { contact_first_message_from_date: '2023-02-30' }],
    ['listConversations', { last_activity_to_date: '2024-01-01T25:00:00Z' }],
    ['listConversations', { status: '\u0000' }],
    ['listConversations', { search_query: "' : * & | ! ( ) \\ <-> \u0000" }],
    ['listConversations', { offset: '99999999999999999999' }],
    ['listContacts', { name: 'a\u0000b' }],
    ['listContacts', { email: '%' }],
    ['listContacts', { verified: 'maybe' }],
    ['listContacts', { to_date_time: 'now' }],
    ['listAllContacts', { cursor: '-99999999999' }],
    ['deleteConversations', { delete_ids: '99999999999' }],
    ['deleteContacts', { limit: '0' }],
  ];
  for (const [id, query] of queries) {
    const response = await t.api.call(id, { query });
    expect(response.status, `${id} ${JSON.stringify(query)}`).toBeLessThan(500);
  }
  const bodies: Array<[keyof typeof endpoints, Record<string, number>, unknown]> = [
    ['createNote', {}, { contact_identity_id: contact.id, body: 'nul \u0000 inside' }],
    ['createNote', {}, { contact_identity_id: 99_999_999_999, body: 'x' }],
    ['updateContact', { id: contact.id }, { name: 'a\u0000b' }],
    ['updateContact', { id: contact.id }, { email: null, city: 'x'.repeat(100_000) }],
    ['updateConversation', { id: conversation.id }, { topics: ['\u0000'] }],
    ['updateConversation', { id: conversation.id }, { topics: [{ text: 'nested' }] }],
    ['updateOperator', { id: t.org.operators.operator }, { name: 'a\u0000' }],
  ];
  for (const [id, params, body] of bodies) {
    const response = await t.api.call(id, { params, body });
    expect(response.status, `${id} ${JSON.stringify(body)}`).toBeLessThan(500);
  }
  const upsert = await t.api.call('upsertContact', {
    query: { identifier: 'email' },
    body: { email: 'nul@example.org', name: '\u0000' },
  });
  expect(upsert.status).toBe(400);
  const tooLarge = await t.api.request('POST', `${V3}/notes/`, {
    rawBody: JSON.stringify({ contact_identity_id: contact.id, body: 'x'.repeat(2_000_000) }),
    headers: { 'content-type': 'application/json' },
  });
  expect(tooLarge.status).toBe(400);
  // None of the rejected writes changed anything (the long city was valid input).
  expect((await t.api.ok('getContact', { params: { id: contact.id } })).name).toBe(contact.name);
  expect((await t.api.ok('getConversation', { params: { id: conversation.id } })).topics).toEqual([]);
  expect((await t.api.ok('listNotes')).count).toBe(0);
});

it('a string with a NUL character is 400 invalid naming the field', async () => {
  const contact = await t.fx.contact(t.org.id);
  await t.api.invalid('listContacts', { query: { name: 'a\u0000b' } }, 'name');
  const body = await t.api.fails(
    'createNote',
    { body: { contact_identity_id: contact.id, body: 'a\u0000b' } },
    400,
    'invalid',
  );
  expect(body.errors).toHaveProperty('body');
  await t.api.invalid(
    'updateConversation',
    { params: { id: (await t.fx.conversation(t.org.id)).id }, body: { topics: ['ok', 'n\u0000o'] } },
    'topics.1',
  );
});

it('fields named like built-in object properties are ordinary unknown fields: 400, never a 500', async () => {
  const contact = await t.fx.contact(t.org.id);
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    const query = await t.api.request('GET', `${V3}/contact_identities/`, { rawQuery: `${name}=1&limit=0` });
    expect(query.status, `query ${name}`).toBe(400);
    // (The query parser drops a __proto__ parameter altogether.)
    const named = name === '__proto__' ? ['limit'] : [name, 'limit'];
    expect(Object.keys((query.body as { errors: object }).errors).sort(), `query ${name}`).toEqual(
      named.sort(),
    );
    const body = await t.api.request('PATCH', `${V3}/contact_identities/${contact.id}/`, {
      rawBody: `{"${name}": 1, "city": 5}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(body.status, `body ${name}`).toBe(400);
    // Read the raw JSON: a parsed copy would turn a __proto__ key into a prototype.
    const { errors } = JSON.parse(body.text) as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort(), `body ${name}`).toEqual([name, 'city'].sort());
    expect(errors[name], `body ${name}`).toEqual(['Unknown field.']);
  }
  expect(await t.api.ok('getContact', { params: { id: contact.id } })).toEqual(contact);
});

it('an unexpected fault is 500 {detail, code: "error"}, logged with the request id', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  const restore = await hideTable(t.db, 'navigation_events');
  try {
    const response = await t.api.request('GET', `${V3}/navigation/`, {
      headers: { 'x-request-id': 'req-fault-1' },
    });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: expect.stringContaining('req-fault-1'), code: 'error' });
    expect(response.headers.get('x-request-id')).toBe('req-fault-1');
    expect(log.mock.calls.some((args) => String(args[0]).includes('req-fault-1'))).toBe(true);
  } finally {
    await restore();
    log.mockRestore();
  }
  await t.api.ok('listNavigationEvents');
});

it('a path that exists without the method is 405 with Allow; an unknown path is 404', async () => {
  const cases: Array<[string, string, string]> = [
    ['POST', `${V3}/conversations/`, 'GET, DELETE'],
    ['PUT', `${V3}/conversations/1/`, 'GET, PATCH, DELETE'],
    ['PATCH', `${V3}/notes/1/`, 'GET, DELETE'],
    ['POST', `${V3}/operators/1/away/`, 'PATCH'],
    ['DELETE', `${V3}/navigation/`, 'GET'],
    ['PATCH', `${V3}/contact_identities/`, 'GET, DELETE, PUT'],
  ];
  for (const [method, path, allow] of cases) {
    const response = await t.api.request(method, path, { body: {} });
    expect(response.status, `${method} ${path}`).toBe(405);
    expect(response.body).toMatchObject({ code: 'method_not_allowed' });
    expect(new Set(response.headers.get('allow')!.split(', '))).toEqual(new Set(allow.split(', ')));
  }
  for (const path of [`${V3}/unknown/`, `${V3}/conversations/1/parts/`, '/api/um/v4/conversations/', '/']) {
    const response = await t.api.request('GET', path);
    expect(response.status, path).toBe(404);
    expect(response.body).toMatchObject({ code: 'not_found' });
  }
});

it('every error code of the table has its status', async () => {
  const seen: Record<string, number> = {};
  const record = (status: number, body: unknown) => {
    const parsed = parseWith(errorBodySchemaFor(status as 400), body, String(status));
    seen[parsed.code] = status;
  };
  const contact = await t.fx.contact(t.org.id);
  for (const response of [
    await t.api.request('GET', `${V3}/contact_identities/`, { query: { limit: 0 } }),
    await t.api.request('POST', `${V3}/notes/`, {
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    }),
    await t.anonymous.request('GET', `${V3}/notes/`),
    await t.anonymous.as({ token: 'no-such-token' }).request('GET', `${V3}/notes/`),
    await t.api
      .as({ operatorId: t.org.operators.restricted })
      .request('DELETE', `${V3}/contact_identities/${contact.id}/`),
    await t.api.request('GET', `${V3}/contact_identities/${contact.id + 1}/`),
    await t.api.request('POST', `${V3}/navigation/`),
    await t.api.request('GET', '/api/um/v2/conversations/'),
    await t.api.request('POST', `${V3}/notes/`, { rawBody: '{}' }),
    await t.api.request('GET', `${V3}/notes/${'1'.repeat(200)}/`),
    await t.api.request('GET', `${V3}/notes/`, { headers: { 'x-big': 'y'.repeat(20_000) } }),
  ])
    record(response.status, response.body);
  // throttled (429) is covered in rate-limits.test.ts; error (500) above; unavailable (503) in
  // store/engine/retry.test.ts.
  const expected = Object.fromEntries(
    Object.entries(ERROR_CODES)
      .filter(([code]) => code !== 'throttled' && code !== 'error' && code !== 'unavailable')
      .map(([code, { status }]) => [code, status]),
  );
  expect(seen).toEqual(expected);
});

it('v2 is retired: every v2 path and method answers 410 gone naming v3, before authentication (section 9)', async () => {
  const retired = await t.anonymous.fails(
    'retiredV2',
    { params: { resource: 'conversations' } },
    410,
    'gone',
  );
  expect(retired.detail).toMatch(/\/api\/um\/v3\//);
  for (const [method, path] of [
    ['GET', '/api/um/v2/contact_identities/12/'],
    ['PATCH', '/api/um/v2/conversations/1/'],
    ['DELETE', '/api/um/v2/notes/'],
    ['POST', '/api/um/v2/operators/4/away/'],
    ['GET', '/api/um/v2'],
  ] as const) {
    const response = await t.api.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(response.status, `${method} ${path}`).toBe(410);
    expect(response.body).toMatchObject({ code: 'gone', detail: expect.stringContaining('v3') });
  }
});

it('v3 timestamps are always YYYY-MM-DDTHH:MM:SS.ffffffZ, microseconds kept', async () => {
  const contact = await t.fx.contact(t.org.id);
  await setColumns(t, 'contact_identities', contact.id, {
    created_at: '2024-03-01T00:00:00Z',
    first_message_sent_at: '2024-03-01T10:11:12.123456Z',
    last_message_sent_at: '2024-03-01T10:11:12.1Z',
  });
  const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
  const shown = await t.api.ok('getContact', { params: { id: contact.id } });
  const expected = {
    created_at: '2024-03-01T00:00:00.000000Z',
    first_message_sent_at: '2024-03-01T10:11:12.123456Z',
    last_message_sent_at: '2024-03-01T10:11:12.100000Z',
  };
  expect(shown).toMatchObject(expected);
  // The contact embedded in a conversation is rendered from another row form: the same.
  expect((await t.api.ok('getConversation', { params: { id: conversation.id } })).contact).toMatchObject(
    expected,
  );
});

it('X-Request-Id: echoed when given, generated otherwise', async () => {
  const given = await t.api.call('listOperators', { headers: { 'x-request-id': 'abc-123' } });
  expect(given.headers.get('x-request-id')).toBe('abc-123');
  const generated = await t.api.call('listOperators');
  expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

it('trailing slashes are optional', async () => {
  await t.fx.contact(t.org.id);
  const response = await t.api.request('GET', `${V3}/contact_identities`);
  expect(response.status).toBe(200);
  expect((response.body as { count: number }).count).toBe(1);
});
