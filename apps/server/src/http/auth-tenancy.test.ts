import { type EndpointId, endpointList, V3 } from '@org/model';
import { expect, it } from 'vitest';
import { storedTokenHashes } from '../store/test-support/test-states.js';
import type { Api, RequestOptions } from '../test-support/api.js';
import { idsOf } from '../test-support/api.js';
import { newTenant, useTestServer } from '../test-support/harness.js';

/**
 * json-api-v3.md section 5 "Authentication" rules 1-4, section 7 (permission message, wrong
 * organization id), tokens and context headers, role capabilities and tenancy: an organization
 * never sees, changes or deletes another organization's records, whatever ids, filters or search
 * terms are sent.
 */
const t = useTestServer();

const v3 = endpointList().filter(([, ep]) => ep.path.startsWith(`${V3}/`));

it.each(v3)(
  '%s: no Authorization header is 401 not_authenticated, an unknown token 401 authentication_failed (rule 1)',
  async (id, ep) => {
    const options = ep.params ? { params: { id: 1 } } : {};
    const missing = await t.anonymous.fails(id, options, 401, 'not_authenticated');
    expect(missing.detail).toBeTruthy();
    await t.anonymous.as({ token: 'not-a-token' }).fails(id, options, 401, 'authentication_failed');
  },
);

it('the header value is the raw token; tokens are stored hashed', async () => {
  await t.api.ok('listContacts');
  const rows = await storedTokenHashes(t.db);
  const stored = JSON.stringify(rows);
  for (const token of [t.org.token, t.orgB.token, t.server.world.customerToken])
    expect(stored).not.toContain(token);
  expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_sha256))).toBe(true);
  // Near misses of a real token fail.
  for (const token of [t.org.token.toUpperCase(), `${t.org.token}x`, t.org.token.slice(0, -1)])
    await t.anonymous.as({ token }).fails('listContacts', {}, 401, 'authentication_failed');
});

it('an organization token gives the records of its organization only (rule 2)', async () => {
  const a = await t.fx.contact(t.org.id);
  const b = await t.fx.contact(t.orgB.id);
  expect(idsOf(await t.api.ok('listContacts'))).toEqual([a.id]);
  expect(idsOf(await t.apiB.ok('listContacts'))).toEqual([b.id]);
});

it('a customer token acts on the default organization, or the one Service-Organization-Id names (rules 2, 3)', async () => {
  const a = await t.fx.contact(t.org.id);
  const b = await t.fx.contact(t.orgB.id);
  expect(idsOf(await t.customer.ok('listContacts'))).toEqual([a.id]);
  expect(idsOf(await t.customer.as({ organizationId: t.orgB.id }).ok('listContacts'))).toEqual([b.id]);
  // Writes go to the selected organization too.
  const note = await t.customer
    .as({ organizationId: t.orgB.id })
    .ok('createNote', { body: { contact_identity_id: b.id, body: 'for B' } });
  expect(idsOf(await t.apiB.ok('listNotes'))).toEqual([note.id]);
  expect((await t.api.ok('listNotes')).count).toBe(0);
});

it('a wrong Service-Organization-Id is not an error: the default organization is used (rule 3, section 7)', async () => {
  const a = await t.fx.contact(t.org.id);
  const other = await newTenant(t, 1);
  const foreign = other.organizations[0]!;
  await t.fx.contact(foreign.id);
  for (const organizationId of [999_999, 0, -2, 'abc', '', foreign.id, `${t.orgB.id}x`])
    expect(idsOf(await t.customer.as({ organizationId }).ok('listContacts')), String(organizationId)).toEqual(
      [a.id],
    );
  // An organization token ignores the header.
  expect(idsOf(await t.api.as({ organizationId: t.orgB.id }).ok('listContacts'))).toEqual([a.id]);
  // The other customer's token with our organization id stays in its own organization.
  expect((await other.customer.as({ organizationId: t.org.id }).ok('listContacts')).results[0]!.id).not.toBe(
    a.id,
  );
});

it('Service-Operator-Id runs the request as that operator; one not of the active organization is 403 (rule 4)', async () => {
  const contact = await t.fx.contact(t.org.id);
  const note = await t.api
    .as({ operatorId: t.org.operators.admin })
    .ok('createNote', { body: { contact_identity_id: contact.id, body: 'by admin' } });
  expect(note.operator_id).toBe(t.org.operators.admin);
  for (const operatorId of [t.orgB.operators.admin, 999_999, 'abc', '-1']) {
    const error = await t.api.as({ operatorId }).fails('listContacts', {}, 403, 'permission_denied');
    expect(error.detail).toContain(String(operatorId));
  }
  // With a customer token the operator must belong to the selected organization.
  await t.customer
    .as({ organizationId: t.orgB.id, operatorId: t.orgB.operators.restricted })
    .ok('listContacts');
  await t.customer
    .as({ operatorId: t.orgB.operators.restricted })
    .fails('listContacts', {}, 403, 'permission_denied');
});

/** One request of each kind the roles differ on, against fresh records. */
const actions = async (): Promise<
  Array<[string, EndpointId, RequestOptions, 'read' | 'write' | 'delete' | 'self']>
> => {
  const contact = await t.fx.contact(t.org.id);
  const [bulk, single] = [await t.fx.contact(t.org.id), await t.fx.contact(t.org.id)];
  const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
  const note = await t.fx.note(t.org.id, { contact_identity_id: contact.id });
  const other = await t.fx.operator(t.org.id, { role: 'operator' });
  return [
    ['list conversations', 'listConversations', {}, 'read'],
    ['read messages', 'listMessages', { params: { id: conversation.id } }, 'read'],
    ['read operator slots', 'getOperatorSlots', { params: { id: other.id } }, 'read'],
    ['list navigation', 'listNavigationEvents', {}, 'read'],
    [
      'patch conversation',
      'updateConversation',
      { params: { id: conversation.id }, body: { topics: ['x'] } },
      'write',
    ],
    ['patch contact', 'updateContact', { params: { id: contact.id }, body: { city: 'Bonn' } }, 'write'],
    [
      'put contact',
      'upsertContact',
      { query: { identifier: 'email' }, body: { email: 'put@example.org' } },
      'write',
    ],
    ['create note', 'createNote', { body: { contact_identity_id: contact.id, body: 'x' } }, 'write'],
    [
      'patch another operator',
      'updateOperator',
      { params: { id: other.id }, body: { display_name: 'Y' } },
      'delete',
    ],
    [
      'set another operator away',
      'setOperatorAway',
      { params: { id: other.id }, body: { is_away: true } },
      'delete',
    ],
    ['delete note', 'deleteNote', { params: { id: note.id } }, 'delete'],
    ['delete conversation', 'deleteConversation', { params: { id: conversation.id } }, 'delete'],
    [
      'bulk delete conversations',
      'deleteConversations',
      { query: { delete_ids: String(conversation.id) } },
      'delete',
    ],
    ['bulk delete contacts', 'deleteContacts', { query: { delete_ids: String(bulk.id) } }, 'delete'],
    ['delete contact', 'deleteContact', { params: { id: single.id } }, 'delete'],
    ['delete operator', 'deleteOperator', { params: { id: other.id } }, 'delete'],
  ];
};

it.each([
  ['admin', ['read', 'write', 'delete']],
  ['operator', ['read', 'write']],
  ['restricted', ['read']],
] as const)('role %s: capabilities are checked before any action (rule 4)', async (role, allowed) => {
  for (const [what, id, options, kind] of await actions()) {
    const api: Api = t.api.as({ operatorId: t.org.operators[role] });
    const response = await api.call(id, options);
    if ((allowed as readonly string[]).includes(kind)) {
      expect(response.status, `${role}: ${what}`).toBeLessThan(300);
    } else {
      expect(response.status, `${role}: ${what}`).toBe(403);
      expect(response.body, `${role}: ${what}`).toMatchObject({
        code: 'permission_denied',
        detail: expect.any(String),
      });
    }
  }
});

it('a denied action changes nothing, and is denied even for an id that does not exist (rule 4, section 7)', async () => {
  const contact = await t.fx.contact(t.org.id);
  const restricted = t.api.as({ operatorId: t.org.operators.restricted });
  const operator = t.api.as({ operatorId: t.org.operators.operator });
  const denied = await operator.fails(
    'deleteOperator',
    { params: { id: t.org.operators.admin } },
    403,
    'permission_denied',
  );
  expect(denied.detail).toMatch(/may not/);
  await restricted.fails(
    'updateContact',
    { params: { id: contact.id }, body: { city: 'Nowhere' } },
    403,
    'permission_denied',
  );
  await operator.fails('deleteContact', { params: { id: contact.id } }, 403, 'permission_denied');
  await operator.fails('deleteContact', { params: { id: contact.id + 1000 } }, 403, 'permission_denied');
  expect(await t.api.ok('getContact', { params: { id: contact.id } })).toEqual(contact);
  await t.api.ok('getOperator', { params: { id: t.org.operators.admin } });
});

it('an operator may change itself and its away status, but not its role (no self-promotion)', async () => {
  const me = await t.fx.operator(t.org.id, { role: 'operator' });
  const api = t.api.as({ operatorId: me.id });
  expect(
    await api.ok('updateOperator', { params: { id: me.id }, body: { display_name: 'Me' } }),
  ).toMatchObject({
    display_name: 'Me',
  });
  expect(await api.ok('setOperatorAway', { params: { id: me.id }, body: { is_away: true } })).toMatchObject({
    is_away: true,
  });
  await api.fails(
    'updateOperator',
    { params: { id: me.id }, body: { role: 'admin' } },
    403,
    'permission_denied',
  );
  expect((await t.api.ok('getOperator', { params: { id: me.id } })).role).toBe('operator');
  // A restricted operator may not even set itself away.
  const restricted = await t.fx.operator(t.org.id, { role: 'restricted' });
  await t.api
    .as({ operatorId: restricted.id })
    .fails(
      'setOperatorAway',
      { params: { id: restricted.id }, body: { is_away: true } },
      403,
      'permission_denied',
    );
});

it('tenancy: another organization’s records are never fetched, changed or deleted by id', async () => {
  const contact = await t.fx.contact(t.orgB.id, { name: 'Bea Foreign' });
  const conversation = await t.fx.conversation(t.orgB.id, {
    contact_identity_id: contact.id,
    topics: ['Secret'],
  });
  const note = await t.fx.note(t.orgB.id, { contact_identity_id: contact.id });
  const operator = t.orgB.operators.operator;
  const byId: Array<[EndpointId, RequestOptions]> = [
    ['getConversation', { params: { id: conversation.id } }],
    ['listMessages', { params: { id: conversation.id } }],
    ['updateConversation', { params: { id: conversation.id }, body: { topics: ['Mine now'] } }],
    ['deleteConversation', { params: { id: conversation.id } }],
    ['getContact', { params: { id: contact.id } }],
    ['updateContact', { params: { id: contact.id }, body: { name: 'Taken over' } }],
    ['deleteContact', { params: { id: contact.id } }],
    ['getNote', { params: { id: note.id } }],
    ['deleteNote', { params: { id: note.id } }],
    ['getOperator', { params: { id: operator } }],
    ['getOperatorSlots', { params: { id: operator } }],
    ['updateOperator', { params: { id: operator }, body: { name: 'Taken over' } }],
    ['setOperatorAway', { params: { id: operator }, body: { is_away: true } }],
    ['deleteOperator', { params: { id: operator } }],
  ];
  for (const api of [t.api, t.customer])
    for (const [id, options] of byId) await api.fails(id, options, 404, 'not_found');
  const b = t.apiB;
  expect(await b.ok('getConversation', { params: { id: conversation.id } })).toEqual(conversation);
  expect(await b.ok('getContact', { params: { id: contact.id } })).toMatchObject({ name: 'Bea Foreign' });
  await b.ok('getNote', { params: { id: note.id } });
  expect(await b.ok('getOperator', { params: { id: operator } })).toMatchObject({
    name: 'Otto Operator',
    is_away: false,
  });
});

it('tenancy: filters, search terms, cursors and bulk deletes naming another organization’s records find nothing', async () => {
  const mine = await t.fx.conversation(t.org.id);
  const contact = await t.fx.contact(t.orgB.id, { name: 'Xylophone Quartz', email: 'xq@example.org' });
  const conversation = await t.fx.conversation(t.orgB.id, {
    contact_identity_id: contact.id,
    operator_id: t.orgB.operators.admin,
    topics: ['Zebra'],
    message_bodies: ['xylophone delivery'],
  });
  await t.fx.note(t.orgB.id, { contact_identity_id: contact.id, body: 'quartz note' });
  await t.fx.navigationEvent(t.orgB.id, {
    contact_identity_id: contact.id,
    conversation_id: conversation.id,
  });
  const foreignWidget = conversation.um_widget.id;
  const conversationQueries = [
    { contact_identity_id: contact.id },
    { contact_uuid: conversation.conversation_contact_uuid },
    { operator_id: t.orgB.operators.admin },
    { topics: conversation.topics[0]!.id },
    { um_widget_id: foreignWidget },
    { chat_widget_id: foreignWidget },
    { search_query: 'xylophone' },
    { search_query: 'quartz+xq' },
    { id__gt: 0, status: 'ended' },
  ];
  for (const query of conversationQueries) {
    const page = await t.api.ok('listConversations', { query });
    expect(
      page.results.every((c) => c.organization_id === t.org.id && c.id !== conversation.id),
      JSON.stringify(query),
    ).toBe(true);
    if (!('id__gt' in query)) expect(page.count, JSON.stringify(query)).toBe(0);
    if (!('search_query' in query)) {
      const all = await t.api.ok('listAllConversations', { query });
      expect(idsOf(all)).not.toContain(conversation.id);
    }
  }
  for (const query of [
    { id: contact.id },
    { email: 'xq@example.org' },
    { name: 'Xylophone Quartz' },
    { search_query: 'quartz' },
  ])
    expect((await t.api.ok('listContacts', { query })).count, JSON.stringify(query)).toBe(0);
  expect((await t.api.ok('listNotes', { query: { contact_identity_id: contact.id } })).count).toBe(0);
  for (const query of [
    { contact_identity_id: contact.id },
    { conversation_id: conversation.id },
    { um_widget_id: foreignWidget },
  ])
    expect((await t.api.ok('listNavigationEvents', { query })).count).toBe(0);
  // A cursor taken from the other organization pages only our own records.
  expect(
    idsOf(await t.api.ok('listAllConversations', { query: { cursor: String(conversation.id + 1) } })),
  ).toEqual([mine.id]);
  expect(idsOf(await t.api.ok('listAllContacts', { query: { cursor: String(contact.id + 1) } }))).toEqual([
    mine.contact.id,
  ]);
  // Bulk deletes with the other organization's ids, filters or terms, or none at all, leave its records alone.
  await t.api.ok('deleteConversations', { query: { delete_ids: String(conversation.id) } });
  await t.api.ok('deleteContacts', { query: { delete_ids: String(contact.id) } });
  await t.api.ok('deleteConversations', { query: { search_query: 'xylophone', limit: 100 } });
  await t.api.ok('deleteContacts', { query: { email: 'xq@example.org', limit: 100 } });
  await t.api.ok('deleteConversations', { query: { limit: 100 } });
  await t.api.ok('deleteContacts', { query: { limit: 100 } });
  expect(idsOf(await t.apiB.ok('listConversations'))).toEqual([conversation.id]);
  expect(idsOf(await t.apiB.ok('listContacts'))).toEqual([contact.id]);
  expect((await t.apiB.ok('listNotes')).count).toBe(1);
  expect((await t.apiB.ok('listNavigationEvents')).count).toBe(1);
  expect(idsOf(await t.api.ok('listContacts'))).toEqual([]);
});

it('tenancy: writes that name another organization’s data stay in the own organization', async () => {
  const foreign = await t.fx.contact(t.orgB.id, { email: 'shared@example.org', city: 'Basel' });
  const foreignConversation = await t.fx.conversation(t.orgB.id, { topics: ['Escalation'] });
  // A note about the other organization's contact is refused.
  await t.api.fails('createNote', { body: { contact_identity_id: foreign.id, body: 'x' } }, 400, 'invalid');
  // PUT on an identifier value the other organization has creates our own contact.
  const created = await t.api.ok(
    'upsertContact',
    { query: { identifier: 'email' }, body: { email: 'shared@example.org', city: 'Zürich' } },
    201,
  );
  expect(created.id).not.toBe(foreign.id);
  expect(await t.apiB.ok('getContact', { params: { id: foreign.id } })).toMatchObject({ city: 'Basel' });
  // A topic text the other organization uses becomes a topic of our own.
  const mine = await t.fx.conversation(t.org.id);
  const updated = await t.api.ok('updateConversation', {
    params: { id: mine.id },
    body: { topics: ['Escalation'] },
  });
  expect(updated.topics[0]!.organization_id).toBe(t.org.id);
  expect(updated.topics[0]!.id).not.toBe(foreignConversation.topics[0]!.id);
  expect(
    (await t.api.ok('listConversations', { query: { topics: foreignConversation.topics[0]!.id } })).count,
  ).toBe(0);
});
