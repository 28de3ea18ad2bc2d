import { type RunningServer, startServer } from '@org/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createClient, isApiError } from '../src/index.js';

let server: RunningServer;
let client: ApiClient;
let org: RunningServer['world']['organizations'][number];

beforeAll(async () => {
  server = await startServer({
    memory: true,
    seed: { size: 'tiny' },
    tokens: { organization: 'client-test-org-token', customer: 'client-test-customer-token' },
    limits: { daily: 1e9, burst: { requests: 1e9, windowSeconds: 1 }, analyticsPerMinute: 1e9 },
  });
  org = server.world.organizations[0]!;
  client = createClient({ baseUrl: server.url, token: org.token, validateResponses: true });
});

afterAll(() => server?.close());

describe('@org/client against the reference server (responses validated with the model)', () => {
  it('reads lists and single records', async () => {
    const page = await client.request('listConversations', {
      query: { limit: 5, ordering: '-last_message_sent_at' },
    });
    expect(page.results.length).toBeGreaterThan(0);
    const first = page.results[0]!;
    const detail = await client.request('getConversation', { params: { id: first.id } });
    expect(detail.id).toBe(first.id);
    const messages = await client
      .pages('listMessages', { params: { id: first.id }, query: { limit: 2 } })
      .toArray();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.conversation_id === first.id)).toBe(true);
  });

  it('walks offset and cursor pages to the end, matching count', async () => {
    const offset = client.pages('listContacts', { query: { limit: 3 } });
    const contacts = await offset.toArray();
    expect(contacts.length).toBe(offset.state.count);
    expect(offset.state).toMatchObject({ capped: false, done: true });
    const cursor = client.pages('listAllContacts', { query: { limit: 3 } });
    const all = await cursor.toArray();
    expect(new Set(all.map((c) => c.id)).size).toBe(cursor.state.count);
  });

  it('filters with dates, id lists and keywords in the wire formats the server parses', async () => {
    const everything = await client.request('listConversations', { query: { limit: 100 } });
    const [a, b] = everything.results;
    const excluded = await client.request('listConversations', {
      query: { limit: 100, exclude_ids: [a!.id, b!.id] },
    });
    expect(excluded.count).toBe(everything.count - 2);
    const future = await client.request('listConversations', {
      query: { updated_at_from_date: new Date(Date.now() + 86_400_000) },
    });
    expect(future.count).toBe(0);
    const contact = (await client.request('listContacts', { query: { limit: 1 } })).results[0]!;
    const found = await client.request('listContacts', {
      query: { search_query: [contact.name ?? 'x', 'zzzz'] },
    });
    expect(found.results.map((c) => c.id)).toContain(contact.id);
    const points = await client.request('analytics_um_conversation_duration', {
      query: {
        organization_id: [org.id],
        event_date_from: new Date(Date.now() - 30 * 86_400_000),
        event_date_to: new Date(),
      },
    });
    expect(points.results.every((p) => p.organization_id === org.id)).toBe(true);
  });

  it('writes: create, read and delete a note; upsert a contact (201 then 200)', async () => {
    const contact = (await client.request('listContacts', { query: { limit: 1 } })).results[0]!;
    const note = await client.request('createNote', {
      body: { contact_identity_id: contact.id, body: 'From the client test' },
    });
    expect(await client.request('getNote', { params: { id: note.id } })).toEqual(note);
    await expect(client.request('deleteNote', { params: { id: note.id } })).resolves.toBeUndefined();
    const email = `client-test-${Date.now()}@example.org`;
    const created = await client.send('upsertContact', {
      query: { identifier: 'email' },
      body: { email, city: 'Berlin' },
    });
    expect(created.status).toBe(201);
    const updated = await client.send('upsertContact', {
      query: { identifier: 'email' },
      body: { email, city: 'Hamburg' },
    });
    expect([updated.status, updated.data.city]).toEqual([200, 'Hamburg']);
  });

  it('acts as another operator and surfaces D1 errors as ApiError', async () => {
    const restricted = client.with({ operatorId: org.operators.restricted });
    const error = await restricted.request('deleteNote', { params: { id: 1 } }).catch((e: unknown) => e);
    expect(isApiError(error, 403) && error.code).toBe('permission_denied');
    const missing = await client
      .request('getContact', { params: { id: 2_000_000_000 } })
      .catch((e: unknown) => e);
    expect(isApiError(missing, 404) && missing.body).toMatchObject({ code: 'not_found' });
    const customer = createClient({
      baseUrl: server.url,
      token: server.world.customerToken,
      organizationId: org.id,
    });
    expect((await customer.request('listOperators')).results.every((o) => o.organization_id === org.id)).toBe(
      true,
    );
  });
});
