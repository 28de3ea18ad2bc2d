import { errorBodySchemaFor, PROVIDER_STATE_CATALOGUE, RATE_LIMIT_HEADER_NAMES } from '@org/model';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../../store/engine/temporary-database.js';
import { type SandboxUnderTest, useSandbox } from '../../test-support/sandbox.js';

const V3 = '/api/um/v3';
const STATES = '/_sandbox/provider-states';

const change = (t: SandboxUnderTest, state: string, params?: unknown, action?: string) =>
  t.call(STATES, { method: 'POST', body: JSON.stringify({ state, params, action }) });

const setUp = async (t: SandboxUnderTest, state: string, params?: unknown) => {
  const response = await change(t, state, params, 'setup');
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
};

const suite = (engine: 'pglite' | 'postgres') => () => {
  const t = useSandbox(engine, { rateLimits: 'off' });

  it('GET lists the catalogue of @org/model with each state’s parameters and returned values', async () => {
    const catalogue = await (await t.call(STATES)).json();
    expect(catalogue.map((s: { name: string }) => s.name)).toEqual(
      Object.values(PROVIDER_STATE_CATALOGUE).map((s) => s.name),
    );
    const conversation = catalogue.find((s: { name: string }) => s.name === 'a conversation exists');
    expect(Object.keys(conversation.params.properties)).toEqual(
      expect.arrayContaining(['id', 'status', 'topics']),
    );
    expect(conversation.returns).toEqual(['id', 'contact']);
  });

  it('sets a conversation up with the id, status and topics given, and returns its values', async () => {
    const values = await setUp(t, 'a conversation exists', {
      id: 1042,
      status: 'pending',
      topics: ['billing'],
    });
    expect(values).toMatchObject({ id: 1042, contact: expect.any(Number) });
    const conversation = await (await t.call(`${V3}/conversations/1042/`)).json();
    expect(conversation).toMatchObject({ id: 1042, status: 'pending', contact: { id: values.contact } });
    expect(conversation.topics.map((topic: { text: string }) => topic.text)).toEqual(['billing']);
    // Set up again (a second interaction naming it): kept as it is.
    expect(await setUp(t, 'a conversation exists', { id: 1042 })).toMatchObject({ id: 1042 });
    // The template of the project's own contract, through the same implementation.
    expect(await setUp(t, 'a conversation with id {id} exists', { id: '1043' })).toEqual({ id: 1043 });
    expect((await t.call(`${V3}/conversations/1043/`)).status).toBe(200);
  });

  it('an unknown state answers 400 naming it and listing the catalogue; wrong parameters name each', async () => {
    const unknown = await change(t, 'a unicorn exists', {});
    expect(unknown.status).toBe(400);
    const body = errorBodySchemaFor(400).parse(await unknown.json());
    expect(body.detail).toContain('"a unicorn exists"');
    expect(body.detail).toContain('"a conversation exists"');
    expect(body.errors).toHaveProperty('state');

    const wrong = await change(t, 'a conversation exists', { id: 'x', colour: 'red' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(errorBodySchemaFor(400).parse(await wrong.json()).errors ?? {}).sort()).toEqual([
      'params.colour',
      'params.id',
    ]);
    const template = await change(t, 'a contact with id {id} exists', { id: 'abc' });
    expect(errorBodySchemaFor(400).parse(await template.json()).errors).toHaveProperty(['params.id']);
  });

  it('an id another organization holds answers 400 naming it, never a 5xx', async () => {
    const world = await (await t.call('/_sandbox/worlds', { method: 'POST', body: '{}' })).json();
    const elsewhere = await t.call('/_sandbox/records/contact_identities', {
      method: 'POST',
      body: JSON.stringify({ id: 777777, organization_id: world.organizations[0].id }),
    });
    expect(elsewhere.status).toBe(201);
    const taken = await change(t, 'a contact exists', { id: 777777 });
    expect(taken.status).toBe(400);
    expect(errorBodySchemaFor(400).parse(await taken.json()).errors).toHaveProperty(['params.id']);
  });

  it('the rate limit is exhausted: that group answers 429 with Retry-After until the teardown resets', async () => {
    await setUp(t, 'the rate limit is exhausted', { group: 'operators' });
    const throttled = await t.call(`${V3}/operators/`);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get(RATE_LIMIT_HEADER_NAMES.retryAfter)).toMatch(/^\d+$/);
    expect(errorBodySchemaFor(429).parse(await throttled.json()).code).toBe('throttled');
    expect((await t.call(`${V3}/conversations/?limit=1`)).status).toBe(200);
    expect((await change(t, 'the rate limit is exhausted', { group: 'operators' }, 'teardown')).status).toBe(
      200,
    );
    expect((await t.call(`${V3}/operators/`)).status).toBe(200);

    await setUp(t, 'the {metric} analytics rate limit of organization {org} is exhausted', {
      metric: 'um_conversation_duration',
      org: 1,
    });
    expect((await t.call('/api/um/v1/analytics/um_conversation_duration/')).status).toBe(429);
    expect((await t.call('/api/um/analytics/um_conversation_duration/')).status).toBe(429);
    expect((await t.call('/api/um/v1/analytics/um_chat_messages_total/')).status).toBe(200);
  });

  it('the clock, no conversations, an operator of a role, an organization of the customer token', async () => {
    expect(await setUp(t, 'the clock is at', { instant: '2026-03-01T08:00:00Z' })).toEqual({
      instant: '2026-03-01T08:00:00Z',
    });
    expect(await (await t.call('/_sandbox/clock')).json()).toMatchObject({ frozen: true });

    await setUp(t, 'no conversations exist');
    expect((await (await t.call(`${V3}/conversations/?limit=1`)).json()).count).toBe(0);

    const { id } = await setUp(t, 'an operator of a role exists', { role: 'restricted' });
    expect(await (await t.call(`${V3}/operators/${id}/`)).json()).toMatchObject({ id, role: 'restricted' });

    const { organization_id } = await setUp(t, 'an organization of a customer token exists');
    const asCustomer = await fetch(new URL(`${V3}/operators/`, t.server.url), {
      headers: {
        authorization: t.server.world.customerToken,
        'service-organization-id': String(organization_id),
      },
    });
    expect(asCustomer.status).toBe(200);
  });
};

describe('sandbox provider states [PGlite]', suite('pglite'));
describe.skipIf(!testDatabaseUrl)(
  `sandbox provider states [PostgreSQL]${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  suite('postgres'),
);
