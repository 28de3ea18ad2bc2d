import { expect, it } from 'vitest';
import { bulkContacts as insertBulkContacts } from '../store/test-support/test-states.js';
import { idsOf, linkQuery } from '../test-support/api.js';
import { type TestServer, useTestServer } from '../test-support/harness.js';

/**
 * json-api-v3.md section 4 "Offset pagination" and "Cursor pagination": every row of both tables,
 * section 8 (page sizes, 10,000 reachable items), absolute links, limit validation, plain id
 * cursors and repeated parameters.
 */
const t = useTestServer();

/** n contacts in one statement, without the search triggers (pages do not need the vectors). */
const bulkContacts = (s: TestServer, n: number, organizationId = s.org.id) =>
  insertBulkContacts(s.db, organizationId, n);

it('offset pages: limit defaults to 10, larger than 100 is replaced by 100, offset defaults to 0', async () => {
  const ids = (await bulkContacts(t, 130)).reverse();
  const first = await t.api.ok('listContacts');
  expect(first.count).toBe(130);
  expect(idsOf(first)).toEqual(ids.slice(0, 10));
  expect(linkQuery(first.next)).toEqual({ limit: '10', offset: '10' });
  expect(first.previous).toBeNull();
  const max = await t.api.ok('listContacts', { query: { limit: 100 } });
  expect(max.results).toHaveLength(100);
  const clamped = await t.api.ok('listContacts', { query: { limit: 1000 } });
  expect(idsOf(clamped)).toEqual(ids.slice(0, 100));
  // Links carry the limit actually used.
  expect(linkQuery(clamped.next)).toEqual({ limit: '100', offset: '100' });
  const last = await t.api.follow('listContacts', clamped.next);
  expect(idsOf(last)).toEqual(ids.slice(100));
  expect(last.next).toBeNull();
  expect(linkQuery(last.previous)).toEqual({ limit: '100' });
});

it('offset pages: an offset beyond the items gives an empty results array with the true count', async () => {
  await bulkContacts(t, 5);
  const page = await t.api.ok('listContacts', { query: { offset: 50 } });
  expect(page).toMatchObject({ count: 5, next: null, results: [] });
  // previous leads back towards the items.
  const back = await t.api.follow('listContacts', page.previous);
  expect(back.count).toBe(5);
});

it('offset pages: only the first 10,000 items are reachable, count stays the true total', async () => {
  const ids = (await bulkContacts(t, 10_005)).reverse();
  const end = await t.api.ok('listContacts', { query: { offset: 9_990, limit: 100 } });
  expect(end.count).toBe(10_005);
  expect(idsOf(end)).toEqual(ids.slice(9_990, 10_000));
  expect(end.next).toBeNull();
  const beyond = await t.api.ok('listContacts', { query: { offset: 10_000 } });
  expect(beyond).toMatchObject({ count: 10_005, next: null, results: [] });
  const edge = await t.api.ok('listContacts', { query: { offset: 9_980, limit: 10 } });
  expect(linkQuery(edge.next)).toMatchObject({ offset: '9990' });
  expect((await t.api.follow('listContacts', edge.next)).next).toBeNull();
  // The all endpoint has no cap: the items past 10,000 are reachable by cursor.
  const all = await t.api.ok('listAllContacts', { query: { cursor: ids[10_000]!, limit: 100 } });
  expect(all.count).toBe(10_005);
  expect(idsOf(all)).toEqual(ids.slice(10_001));
});

it('offset pages: next and previous keep the limit, every filter and the ordering (Common rule 5)', async () => {
  const contact = await t.fx.contact(t.org.id);
  const created = [];
  for (let i = 0; i < 5; i++)
    created.push(
      await t.fx.conversation(t.org.id, {
        contact_identity_id: contact.id,
        status: 'ended',
        operator_id: t.org.operators.admin,
      }),
    );
  await t.fx.conversation(t.org.id, { contact_identity_id: contact.id, status: 'new' });
  const excluded = created[2]!.id;
  const query = {
    limit: 2,
    status: 'ended',
    contact_identity_id: contact.id,
    operator_id: t.org.operators.admin,
    ordering: 'id',
    exclude_ids: String(excluded),
    search_query: 'Message',
  };
  const seen: number[] = [];
  let page = await t.api.ok('listConversations', { query });
  seen.push(...idsOf(page));
  const pages = [page];
  while (page.next) {
    const { offset, ...rest } = linkQuery(page.next);
    expect(rest).toEqual(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));
    expect(Number(offset)).toBe(pages.length * 2);
    page = await t.api.follow('listConversations', page.next);
    pages.push(page);
    seen.push(...idsOf(page));
  }
  expect(seen).toEqual(created.map((c) => c.id).filter((id) => id !== excluded));
  expect(pages.map((p) => p.count)).toEqual([4, 4]);
  const back = await t.api.follow('listConversations', pages[1]!.previous);
  expect(back).toEqual(pages[0]);
});

it('offset pages: links are absolute URLs built from the request’s own host', async () => {
  await bulkContacts(t, 5);
  const response = await t.server.app.inject({
    method: 'GET',
    url: '/api/um/v3/contact_identities/?limit=1&locale=de_DE',
    headers: { authorization: t.org.token, host: 'api.example.test:8443' },
  });
  const body = JSON.parse(response.body) as { next: string };
  expect(body.next).toBe(
    'http://api.example.test:8443/api/um/v3/contact_identities/?limit=1&locale=de_DE&offset=1',
  );
});

it('offset and cursor pages reject a limit of 0 or less and non-integers; offset must be >= 0', async () => {
  for (const id of [
    'listContacts',
    'listConversations',
    'listNotes',
    'listAllContacts',
    'listAllConversations',
  ] as const)
    for (const limit of ['0', '-1', '1.5', 'ten', '']) {
      const error = await t.api.fails(id, { query: { limit } }, 400, 'invalid');
      expect(error.errors, `${id} limit=${limit}`).toHaveProperty('limit');
    }
  for (const offset of ['-1', 'x'])
    expect((await t.api.fails('listContacts', { query: { offset } }, 400, 'invalid')).errors).toHaveProperty(
      'offset',
    );
});

it('a repeated query parameter takes its last value', async () => {
  await bulkContacts(t, 6);
  const page = await t.api.ok('listContacts', { query: { limit: [5, 2], locale: ['en_US', 'de_DE'] } });
  expect(page.results).toHaveLength(2);
  expect(page.count).toBe(3);
  expect(page.results.every((c) => c.locale === 'de_DE')).toBe(true);
});

it('cursor pages (all): default 10, at most 100, counted; next / previous walk every item exactly once', async () => {
  const ids = await bulkContacts(t, 125);
  const first = await t.api.ok('listAllContacts');
  expect(idsOf(first)).toEqual([...ids].reverse().slice(0, 10));
  expect(first.count).toBe(125);
  expect(first.previous).toBeNull();
  expect(linkQuery(first.next)).toEqual({ cursor: String(ids[ids.length - 10]), limit: '10' });
  expect((await t.api.ok('listAllContacts', { query: { limit: 500 } })).results).toHaveLength(100);

  // Forward, ascending, 40 at a time.
  const pages = [
    await t.api.ok('listAllContacts', { query: { ordering: 'id', limit: 40, locale: 'en_US' } }),
  ];
  while (pages.at(-1)!.next) pages.push(await t.api.follow('listAllContacts', pages.at(-1)!.next));
  const odd = ids.filter((_, i) => i % 2 === 0); // bulk rows 1, 3, 5 ... are en_US
  expect(pages.flatMap(idsOf)).toEqual(odd);
  expect(pages.map((p) => p.count)).toEqual([63, 63]);
  for (const page of pages.slice(0, -1))
    expect(linkQuery(page.next)).toMatchObject({ ordering: 'id', limit: '40', locale: 'en_US' });
  // Backward from the last page, with the same limit and filters.
  const back = await t.api.follow('listAllContacts', pages.at(-1)!.previous);
  expect(linkQuery(pages.at(-1)!.previous).cursor).toBe(`-${pages.at(-1)!.results[0]!.id}`);
  expect(idsOf(back)).toEqual(idsOf(pages[0]!));
  expect(back.previous).toBeNull();
  expect(linkQuery(back.next)).toMatchObject({ ordering: 'id', limit: '40', locale: 'en_US' });
});

it('cursor pages: the cursor is a plain id; a leading minus selects the items before it; ordering decides which side', async () => {
  const ids = await bulkContacts(t, 9);
  const middle = ids[4]!;
  const after = async (ordering: string, cursor: string) =>
    idsOf(await t.api.ok('listAllContacts', { query: { ordering, cursor, limit: 3 } }));
  expect(await after('id', String(middle))).toEqual(ids.slice(5, 8));
  expect(await after('id', `-${middle}`)).toEqual(ids.slice(1, 4));
  expect(await after('-id', String(middle))).toEqual([ids[3], ids[2], ids[1]]);
  expect(await after('-id', `-${middle}`)).toEqual([ids[7], ids[6], ids[5]]);
  // A cursor that is not an id: 400.
  for (const cursor of ['abc', '1.2.3', '--5'])
    expect(
      (await t.api.fails('listAllContacts', { query: { cursor } }, 400, 'invalid')).errors,
    ).toHaveProperty('cursor');
  // The conversations all endpoint pages the same way, with its filters in the links.
  const conversations = [];
  for (let i = 0; i < 3; i++) conversations.push(await t.fx.conversation(t.org.id, { status: 'ended' }));
  await t.fx.conversation(t.org.id, { status: 'new' });
  const page = await t.api.ok('listAllConversations', { query: { status: 'ended', limit: 2 } });
  expect(idsOf(page)).toEqual([conversations[2]!.id, conversations[1]!.id]);
  expect(page.count).toBe(3);
  expect(linkQuery(page.next)).toEqual({ status: 'ended', limit: '2', cursor: String(conversations[1]!.id) });
  expect(idsOf(await t.api.follow('listAllConversations', page.next))).toEqual([conversations[0]!.id]);
});

it('cursor pages (messages): message ids as cursors, minus for before, no count, default 100, at most 100', async () => {
  const conversation = await t.fx.conversation(t.org.id, { messages: 7 });
  const other = await t.fx.conversation(t.org.id, { messages: 1 });
  const part = conversation.conversation_part_set[0]!.id;
  const params = { id: conversation.id };
  const id = (sequence: number) => `${conversation.id}.${part}.${sequence}`;
  const first = await t.api.ok('listMessages', { params, query: { limit: 3 } });
  expect(first.results.map((m) => m.id)).toEqual([id(1), id(2), id(3)]);
  expect(linkQuery(first.next)).toEqual({ cursor: id(3), limit: '3' });
  const second = await t.api.follow('listMessages', first.next, params);
  expect(second.results.map((m) => m.id)).toEqual([id(4), id(5), id(6)]);
  expect(linkQuery(second.previous)).toEqual({ cursor: `-${id(4)}`, limit: '3' });
  expect((await t.api.follow('listMessages', second.previous, params)).results.map((m) => m.id)).toEqual([
    id(1),
    id(2),
    id(3),
  ]);
  const before = await t.api.ok('listMessages', {
    params,
    query: { cursor: `-${id(7)}`, limit: 2, ordering: '-id' },
  });
  expect(before.results.map((m) => m.id)).toEqual([]);
  const newestFirst = await t.api.ok('listMessages', {
    params,
    query: { cursor: id(5), limit: 2, ordering: '-id' },
  });
  expect(newestFirst.results.map((m) => m.id)).toEqual([id(4), id(3)]);
  expect((await t.api.ok('listMessages', { params, query: { limit: 1000 } })).results).toHaveLength(7);
  // A cursor of another conversation, or not a message id: 400.
  const foreign = `${other.id}.${other.conversation_part_set[0]!.id}.1`;
  for (const cursor of [foreign, '5', 'x.y.z'])
    expect(
      (await t.api.fails('listMessages', { params, query: { cursor } }, 400, 'invalid')).errors,
    ).toHaveProperty('cursor');
});

it('offset pages are sent with their byte length; HEAD sends the headers only', async () => {
  await bulkContacts(t, 30);
  const get = await t.api.request('GET', '/api/um/v3/contact_identities/', { query: { limit: 25 } });
  expect(get.status).toBe(200);
  expect(Number(get.headers.get('content-length'))).toBe(Buffer.byteLength(get.text));
  expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(get.headers.get('x-ratelimit-limit')).toBeTruthy();
  const head = await t.api.request('HEAD', '/api/um/v3/contact_identities/', { query: { limit: 25 } });
  expect(head.status).toBe(200);
  expect(head.text).toBe('');
  expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
});
