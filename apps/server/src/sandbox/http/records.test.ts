import {
  ANALYTICS_METRIC_NAMES,
  ContactIdentitySchema,
  ConversationDetailSchema,
  dataPointSchemaFor,
  errorBodySchemaFor,
  MessageSchema,
  NavigationEventSchema,
  NoteSchema,
  OperatorSchema,
} from '@org/model';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../../store/engine/temporary-database.js';
import { hashDatabase } from '../../store/test-support/dump-hash.js';
import { type SandboxUnderTest, useSandbox } from '../../test-support/sandbox.js';

const V3 = '/api/um/v3';

const post = (t: SandboxUnderTest, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call(`/_sandbox/records/${path}`, { method: 'POST', body: JSON.stringify(body), headers });

const created = async (t: SandboxUnderTest, path: string, body: unknown) => {
  const response = await post(t, path, body);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json;
};

const firstId = async (t: SandboxUnderTest, path: string) =>
  (await (await t.call(`${V3}/${path}?limit=1&ordering=id`)).json()).results[0].id as number;

const suite = (engine: 'pglite' | 'postgres') => () => {
  const t = useSandbox(engine, { rateLimits: 'off' });

  it('creates records with a chosen id; an id already taken answers 400 naming id, never a 5xx', async () => {
    const contact = await created(t, 'contact_identities', { id: 424242, name: 'Chosen' });
    expect(contact.id).toBe(424242);
    const conversation = await created(t, 'conversations', { id: 1042, contact_identity_id: 424242 });
    expect(conversation.id).toBe(1042);
    expect((await t.call(`${V3}/conversations/1042/`)).status).toBe(200);
    for (const [table, body] of [
      ['contact_identities', { id: 424242 }],
      ['conversations', { id: 1042, contact_identity_id: 424242 }],
    ] as const) {
      const taken = await post(t, table, body);
      expect(taken.status).toBe(400);
      expect(errorBodySchemaFor(400).parse(await taken.json()).errors).toEqual({
        id: [`The id ${body.id} is taken.`],
      });
    }
    // The next record without an id gets a fresh one, past the chosen ids.
    const next = await created(t, 'contact_identities', { name: 'Next' });
    expect(next.id).toBeGreaterThan(424242);
    const bad = await post(t, 'notes', { id: -1, contact_identity_id: 424242, body: 'x' });
    expect(errorBodySchemaFor(400).parse(await bad.json()).errors).toHaveProperty('id');
  });

  it('creates a record of every table, answered as the API’s GET renders it', async () => {
    const contact = ContactIdentitySchema.parse(
      await created(t, 'contact_identities', {
        name: 'Mira Sandbox',
        email: 'mira@example.org',
        country: 'AT',
      }),
    );
    expect(contact).toMatchObject({ name: 'Mira Sandbox', conversation_count: 0, verified: false });
    expect(await (await t.call(`${V3}/contact_identities/${contact.id}/`)).json()).toEqual(contact);

    const note = NoteSchema.parse(await created(t, 'notes', { contact_identity_id: contact.id, body: 'Hi' }));
    expect(await (await t.call(`${V3}/notes/${note.id}/`)).json()).toEqual(note);

    const operator = OperatorSchema.parse(await created(t, 'operators', { name: 'Ada Byte', is_bot: true }));
    expect(operator).toMatchObject({ display_name: 'Ada', role: 'operator', is_bot: true });
    expect(await (await t.call(`${V3}/operators/${operator.id}/`)).json()).toEqual(operator);

    const conversation = ConversationDetailSchema.parse(
      await created(t, 'conversations', {
        contact_identity_id: contact.id,
        operator_assigned_to: operator.id,
        status: 'open',
        topics: ['billing'],
        messages: [
          { body: 'My quasarine kettle leaks' },
          { body: 'Let me check', sender: { type: 'operator' } },
        ],
      }),
    );
    expect(conversation.topics.map((topic) => topic.text)).toEqual(['billing']);
    expect(conversation.last_message).toMatchObject({ body: 'Let me check', operator_id: operator.id });
    expect(await (await t.call(`${V3}/conversations/${conversation.id}/`)).json()).toEqual(conversation);

    const message = MessageSchema.parse(
      await created(t, 'messages', { conversation_id: conversation.id, body: 'Still leaking' }),
    );
    expect(message.sender).toEqual({ type: 'contact', id: contact.id });
    const messages = await (await t.call(`${V3}/conversations/${conversation.id}/messages/`)).json();
    expect(messages.results.at(-1)).toEqual(message);
    // Derived rows follow: the contact's count, the conversation's last message and search vector.
    expect((await (await t.call(`${V3}/contact_identities/${contact.id}/`)).json()).conversation_count).toBe(
      1,
    );
    const found = await (await t.call(`${V3}/conversations/?search_query=quasarine`)).json();
    expect(found.results.map((c: { id: number }) => c.id)).toEqual([conversation.id]);
    const detail = await (await t.call(`${V3}/conversations/${conversation.id}/`)).json();
    expect(detail.last_message).toEqual(message);

    const event = NavigationEventSchema.parse(
      await created(t, 'navigation_events', {
        contact_identity_id: contact.id,
        url: 'https://shop.example.org/',
      }),
    );
    const events = await (await t.call(`${V3}/navigation/?contact_identity_id=${contact.id}`)).json();
    expect(events.results).toEqual([event]);
  });

  it('creates a data point of every analytics metric, as the metric’s endpoint renders it', async () => {
    const conversation = await firstId(t, 'conversations/');
    const ids = { conversation_id: conversation, conversation_part_id: 1, conversation_session_id: 1 };
    for (const metric of ANALYTICS_METRIC_NAMES) {
      const schema = dataPointSchemaFor(metric);
      const body = Object.fromEntries(Object.entries(ids).filter(([field]) => field in schema.shape));
      const point = schema.parse(
        await created(t, `analytics/${metric}`, { ...body, time: '2025-03-04T05:06:07' }),
      );
      const served = await (await t.call(`/api/um/v1/analytics/${metric}/?event_date=2025-03-04`)).json();
      expect(served.results, metric).toContainEqual(point);
    }
  });

  it('the organization: the body’s organization_id, else the token’s; neither is a 400 naming it', async () => {
    const [own, other] = t.server.world.organizations;
    const mine = await created(t, 'contact_identities', { name: 'Token organization' });
    const theirs = await created(t, 'contact_identities', { organization_id: other!.id, name: 'Named one' });
    const as = (token: string, id: number) =>
      fetch(new URL(`${V3}/contact_identities/${id}/`, t.server.url), { headers: { authorization: token } });
    expect((await as(own!.token, mine.id)).status).toBe(200);
    expect((await as(own!.token, theirs.id)).status).toBe(404);
    expect((await as(other!.token, theirs.id)).status).toBe(200);

    const anonymous = await post(t, 'contact_identities', { name: 'x' }, { authorization: '' });
    expect(errorBodySchemaFor(400).parse(await anonymous.json()).errors).toHaveProperty('organization_id');
    const unknown = await post(t, 'contact_identities', { name: 'x' }, { authorization: 'not-a-token' });
    expect(unknown.status).toBe(401);
    const missing = await post(t, 'contact_identities', { organization_id: 999_999 });
    expect(errorBodySchemaFor(400).parse(await missing.json()).errors).toHaveProperty('organization_id');
  });

  it('bad input is a 400 naming each field (model rules, references, bounds), never a 5xx', async () => {
    const contact = await firstId(t, 'contact_identities/');
    const cases: Array<[string, unknown, string]> = [
      ['notes', { body: 'no contact' }, 'contact_identity_id'],
      ['notes', { contact_identity_id: 999_999, body: 'x' }, 'contact_identity_id'],
      ['notes', { contact_identity_id: contact, body: 'x', colour: 'red' }, 'colour'],
      ['contact_identities', { name: 'x'.repeat(501) }, 'name'],
      ['contact_identities', { country: 'XX' }, 'country'],
      ['contact_identities', { created_at: 'yesterday' }, 'created_at'],
      ['conversations', { contact_identity_id: contact, um_widget_id: 999_999 }, 'um_widget_id'],
      ['conversations', { contact_identity_id: contact, expiry_state: 2 ** 40 }, 'expiry_state'],
      ['conversations', { contact_identity_id: contact, page_impressions: 1.5 }, 'page_impressions'],
      ['messages', { conversation_id: 999_999 }, 'conversation_id'],
      ['operators', { name: 'x', operator_group_ids: [999_999] }, 'operator_group_ids.0'],
      ['analytics/um_conversation_duration', {}, 'conversation_id'],
      ['analytics/um_conversation_category', { conversation_id: 1, value_str: 'nope' }, 'value_str'],
    ];
    for (const [path, body, field] of cases) {
      const response = await post(t, path, body);
      expect(response.status, `${path} ${field}`).toBe(400);
      expect(errorBodySchemaFor(400).parse(await response.json()).errors, path).toHaveProperty([field]);
    }
    expect((await post(t, 'topics', {})).status).toBe(404);
    expect((await post(t, 'analytics/um_nothing', {})).status).toBe(404);
    const text = await t.call('/_sandbox/records/notes', { method: 'POST', body: '{', headers: {} });
    expect(errorBodySchemaFor(400).parse(await text.json()).code).toBe('parse_error');
  });

  it('a reset removes every record made this way, derived rows included', async () => {
    const seeded = await hashDatabase(t.server.db);
    const contact = await created(t, 'contact_identities', { name: 'Temporary' });
    const conversation = await created(t, 'conversations', {
      contact_identity_id: contact.id,
      topics: ['temporary'],
      messages: [{ body: 'zirconic question' }],
    });
    await created(t, 'messages', { conversation_id: conversation.id, body: 'more' });
    await created(t, 'notes', { contact_identity_id: contact.id, body: 'gone soon' });
    await created(t, 'analytics/um_conversation_duration', { conversation_id: conversation.id });
    expect((await hashDatabase(t.server.db)).total).not.toBe(seeded.total);

    expect((await t.call('/_sandbox/reset', { method: 'POST' })).status).toBe(204);
    expect(await hashDatabase(t.server.db)).toEqual(seeded);
    expect((await t.call(`${V3}/contact_identities/${contact.id}/`)).status).toBe(404);
    expect((await (await t.call(`${V3}/conversations/?search_query=zirconic`)).json()).count).toBe(0);
  });
};

describe('sandbox records [PGlite]', suite('pglite'));
describe.skipIf(!testDatabaseUrl)(
  `sandbox records [PostgreSQL]${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  suite('postgres'),
);
