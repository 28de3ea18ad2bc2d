import { CONTACT_ORDERINGS, type ContactIdentity } from '@org/model';
import { expect, it } from 'vitest';
import { bulkContacts } from '../store/test-support/test-states.js';
import { idsOf, newestFirstIds, type RequestOptions } from '../test-support/api.js';
import { describeEngines, madeInTurn, setColumns, type TestServer } from '../test-support/harness.js';

/**
 * json-api-v3.md section 4 "Contacts": every row of the endpoint table, the filters, every
 * ordering value, every PATCH field, bulk delete and exclude_ids (Common rules 3, 6, 7, 9), the PUT
 * upsert on one identifier field and the stored representation (storage). Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

const T = (day: number) => `2024-02-${String(day).padStart(2, '0')}T08:30:00.000000Z`;

const contacts = (t: TestServer, n: number, fields: Parameters<TestServer['fx']['contact']>[1] = {}) =>
  madeInTurn(n, () => t.fx.contact(t.org.id, fields));

const countOf = async (t: TestServer, query: Record<string, string | number> = {}) =>
  (await t.api.ok('listContacts', { query: { limit: 1, ...query } })).count;

const PATCH: Record<string, unknown> = {
  email: 'new.address@example.org',
  name: 'Mara Lindqvist',
  salutation: 'ms',
  gender: 'female',
  street: 'Hauptstraße 5',
  city: 'Hamburg',
  country: 'SE',
  phone_number: '+49 40 123456',
  mobile_number: '+49 170 1234567',
  contact_by_phone: true,
  contact_by_email: true,
  contact_by_service_messenger: true,
};

describeEngines('contacts', (t) => {
  it('GET contact_identities/ lists an offset page of the 10 newest by default', async () => {
    const created = await contacts(t, 11);
    const page = await t.api.ok('listContacts');
    expect(page.count).toBe(11);
    expect(idsOf(page)).toEqual(newestFirstIds(created).slice(0, 10));
    expect(page.results[0]).toEqual(created[10]);
  });

  it('filters id, email, name, locale and verified select the matching contacts only', async () => {
    const a = await t.fx.contact(t.org.id, {
      name: 'Ada Berg',
      email: 'ada@example.org',
      locale: 'sv_SE',
      email_verified: true,
    });
    const b = await t.fx.contact(t.org.id, {
      name: 'Bo Berg',
      email: 'bo@example.org',
      is_mobile_number_verified: true,
    });
    const c = await t.fx.contact(t.org.id, { name: 'Cy Berg', email: 'cy@example.org' });
    const cases: Array<[Record<string, string | number | boolean>, number[]]> = [
      [{ id: b.id }, [b.id]],
      [{ email: 'cy@example.org' }, [c.id]],
      [{ name: 'Ada Berg' }, [a.id]],
      [{ locale: 'sv_SE' }, [a.id]],
      // verified: email or mobile number verified.
      [{ verified: true }, [b.id, a.id]],
      [{ verified: false }, [c.id]],
      // Several filters: AND (Common rule 5).
      [{ verified: true, locale: 'sv_SE' }, [a.id]],
      [{ name: 'Ada Berg', email: 'bo@example.org' }, []],
    ];
    for (const [query, expected] of cases) {
      const page = await t.api.ok('listContacts', { query });
      expect(idsOf(page), JSON.stringify(query)).toEqual(expected);
      expect(page.count).toBe(expected.length);
      expect(idsOf(await t.api.ok('listAllContacts', { query })), `all ${JSON.stringify(query)}`).toEqual(
        expected,
      );
    }
    expect(a.verified).toBe(true);
    expect(b.verified).toBe(true);
    expect(c.verified).toBe(false);
  });

  it('filters from_date_time / to_date_time select contacts active after / before the time', async () => {
    const [a, b, c] = await contacts(t, 3);
    for (const [contact, day] of [
      [a!, 1],
      [b!, 2],
      [c!, 3],
    ] as const)
      await setColumns(t, 'contact_identities', contact.id, { last_message_sent_at: T(day) });
    const ids = async (query: Record<string, string>) => idsOf(await t.api.ok('listContacts', { query }));
    expect(await ids({ from_date_time: T(2) })).toEqual([c!.id, b!.id]);
    expect(await ids({ to_date_time: T(2) })).toEqual([b!.id, a!.id]);
    expect(await ids({ from_date_time: T(2), to_date_time: T(2) })).toEqual([b!.id]);
    const shown = await t.api.ok('getContact', { params: { id: b!.id } });
    expect(shown.last_message_sent_at).toBe(T(2));
  });

  it('every ordering value orders the list (Common rule 4)', async () => {
    // Names, emails and creation times each order the contacts differently from their ids.
    const rows = [
      { name: 'Carla', email: 'b@example.org', created_at: T(2) },
      { name: 'Anton', email: 'c@example.org', created_at: T(3) },
      { name: 'Berta', email: 'a@example.org', created_at: T(1) },
    ];
    const created = [];
    for (const row of rows) {
      const contact = await t.fx.contact(t.org.id, { name: row.name, email: row.email });
      await setColumns(t, 'contact_identities', contact.id, { created_at: row.created_at });
      created.push({ ...row, id: contact.id });
    }
    for (const ordering of CONTACT_ORDERINGS) {
      const field = ordering.replace(/^-/, '') as 'id' | 'name' | 'email' | 'created_at';
      const expected = [...created].sort((x, y) =>
        String(x[field]).localeCompare(String(y[field]), 'en', { numeric: true }),
      );
      if (ordering.startsWith('-')) expected.reverse();
      const page = await t.api.ok('listContacts', { query: { ordering } });
      expect(idsOf(page), ordering).toEqual(expected.map((c) => c.id));
    }
  });

  it('GET contact_identities/all/ is a counted cursor page with id ordering only', async () => {
    const created = await contacts(t, 3);
    const page = await t.api.ok('listAllContacts', { query: { ordering: 'id' } });
    expect(page.count).toBe(3);
    expect(idsOf(page)).toEqual(created.map((c) => c.id));
    await t.api.invalid('listAllContacts', { query: { ordering: 'name' } }, 'ordering');
  });

  it('GET contact_identities/{id}/ returns one contact with contact_uuids and conversation_count', async () => {
    const contact = await t.fx.contact(t.org.id);
    await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
    const shown = await t.api.ok('getContact', { params: { id: contact.id } });
    expect(shown.conversation_count).toBe(1);
    expect(shown.contact_uuids).toEqual(contact.contact_uuids);
    await t.api.fails('getContact', { params: { id: contact.id + 1000 } }, 404, 'not_found');
  });

  it('PATCH contact_identities/{id}/ changes each accepted field alone and returns the full contact', async () => {
    for (const [field, value] of Object.entries(PATCH)) {
      const contact = await t.fx.contact(t.org.id);
      const updated = await t.api.ok('updateContact', {
        params: { id: contact.id },
        body: { [field]: value },
      });
      expect(updated, field).toEqual({ ...contact, [field]: value });
      expect(await t.api.ok('getContact', { params: { id: contact.id } }), field).toEqual(updated);
    }
  });

  it('PATCH takes every field at once, null for nullable ones, and any gender or salutation', async () => {
    const contact = await t.fx.contact(t.org.id);
    const all = await t.api.ok('updateContact', {
      params: { id: contact.id },
      body: { ...PATCH, gender: 'nonbinary' },
    });
    expect(all).toMatchObject({ ...PATCH, gender: 'nonbinary' });
    const cleared = await t.api.ok('updateContact', {
      params: { id: contact.id },
      body: { email: null, name: null, city: null, country: null },
    });
    expect(cleared).toMatchObject({
      email: null,
      name: null,
      city: null,
      country: null,
      street: PATCH.street,
    });
  });

  it('PATCH rejects a wrapper object, read-only and unknown fields and invalid values with 400', async () => {
    const contact = await t.fx.contact(t.org.id);
    const id = { params: { id: contact.id } };
    const cases: Array<[Record<string, unknown>, string, string | undefined]> = [
      [{ contact_identity: { city: 'Oslo' } }, 'contact_identity', 'Unknown field.'],
      [{ verified: true }, 'verified', 'This field is read-only.'],
      [{ company: 'ACME' }, 'company', 'This field is read-only.'],
      [{ id: 5 }, 'id', 'This field is read-only.'],
      [{ favourite_colour: 'blue' }, 'favourite_colour', 'Unknown field.'],
      [{ country: 'Germany' }, 'country', undefined],
      [{ country: 'de' }, 'country', undefined],
      [{ country: 'XX' }, 'country', undefined],
      [{ email: 'not an email' }, 'email', undefined],
      [{ contact_by_phone: 'yes' }, 'contact_by_phone', undefined],
    ];
    for (const [body, field, message] of cases) {
      const error = await t.api.fails('updateContact', { ...id, body }, 400, 'invalid');
      expect(error.errors, JSON.stringify(body)).toHaveProperty(field);
      if (message) expect(error.errors![field]).toEqual([message]);
    }
    expect(await t.api.ok('getContact', id)).toEqual(contact);
    await t.api.notFound('updateContact', { params: { id: contact.id + 1000 }, body: { city: 'Oslo' } });
  });

  it('DELETE contact_identities/{id}/ answers 204 without a body and removes the contact with its notes', async () => {
    const contact = await t.fx.contact(t.org.id);
    const note = await t.fx.note(t.org.id, { contact_identity_id: contact.id });
    const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
    await t.api.deletes('deleteContact', 'getContact', contact.id);
    await t.api.notFound('getNote', { params: { id: note.id } });
    await t.api.notFound('getConversation', { params: { id: conversation.id } });
  });

  it('DELETE contact_identities/ removes 10 by default, newest first (Common rule 9)', async () => {
    const created = await contacts(t, 12);
    expect((await t.api.call('deleteContacts')).status).toBe(204);
    expect(idsOf(await t.api.ok('listContacts'))).toEqual([created[1]!.id, created[0]!.id]);
  });

  it('DELETE contact_identities/ removes at most 100 per request (Common rule 9)', async () => {
    await t.fx.contact(t.org.id);
    await t.fx.contact(t.org.id);
    await bulkContacts(t.db, t.org.id, 120, { silent: false });
    expect(await countOf(t)).toBe(122);
    await t.api.ok('deleteContacts', { query: { limit: 500 } });
    expect(await countOf(t)).toBe(22);
  });

  it('DELETE contact_identities/ applies filters and search_query; delete_ids wins over them; exclude_ids over all (Common rules 6, 7)', async () => {
    const berlin = await contacts(t, 2, { city: 'Berlin', locale: 'de_DE' });
    const oslo = await contacts(t, 2, { city: 'Oslo', locale: 'nb_NO' });
    await t.api.ok('deleteContacts', { query: { locale: 'nb_NO', exclude_ids: String(oslo[0]!.id) } });
    expect(idsOf(await t.api.ok('listContacts'))).toEqual([oslo[0]!.id, berlin[1]!.id, berlin[0]!.id]);
    await t.api.ok('deleteContacts', { query: { search_query: 'oslo' } });
    expect(idsOf(await t.api.ok('listContacts'))).toEqual([berlin[1]!.id, berlin[0]!.id]);
    // delete_ids: exactly those, whatever the other filters and limit say.
    const more = await contacts(t, 3);
    await t.api.ok('deleteContacts', {
      query: {
        delete_ids: `${berlin[0]!.id},${more[0]!.id},${more[1]!.id}`,
        locale: 'xx_XX',
        limit: 1,
        exclude_ids: String(more[1]!.id),
      },
    });
    expect(idsOf(await t.api.ok('listContacts'))).toEqual([more[2]!.id, more[1]!.id, berlin[1]!.id]);
  });

  it('exclude_ids: excluded contacts are not fetched, updated or deleted (Common rule 6)', async () => {
    const [a, b] = await contacts(t, 2, { city: 'Berlin' });
    const exclude_ids = String(a!.id);
    expect(idsOf(await t.api.ok('listContacts', { query: { exclude_ids } }))).toEqual([b!.id]);
    expect(idsOf(await t.api.ok('listAllContacts', { query: { exclude_ids } }))).toEqual([b!.id]);
    const single = { params: { id: a!.id }, query: { exclude_ids } };
    await t.api.fails('getContact', single, 404, 'not_found');
    await t.api.fails('updateContact', { ...single, body: { city: 'Paris' } }, 404, 'not_found');
    await t.api.fails('deleteContact', single, 404, 'not_found');
    // The PUT form neither updates nor shows an excluded contact: 404 as for any single resource.
    // (Raw request: the model does not list 404 among upsertContact's errors yet; see the report.)
    const put = await t.api.request('PUT', '/api/um/v3/contact_identities/', {
      query: { identifier: 'email', exclude_ids },
      body: { email: a!.email, city: 'Paris' },
    });
    expect(put.status).toBe(404);
    expect(put.body).toMatchObject({ code: 'not_found' });
    expect(await t.api.ok('getContact', { params: { id: a!.id } })).toEqual(a);
  });

  it.each([
    ['email', 'upsert@example.org'],
    ['external_customer_id', 'crm-4711'],
    ['mobile_number', '+49 171 5555555'],
    ['phone_number', '+49 30 5555555'],
  ])(
    'PUT contact_identities/?identifier=%s creates (201) then updates (200) the contact',
    async (identifier, value) => {
      const created = await t.api.ok(
        'upsertContact',
        { query: { identifier }, body: { [identifier]: value, city: 'Leipzig' } },
        201,
      );
      expect(created).toMatchObject({ [identifier]: value, city: 'Leipzig', conversation_count: 0 });
      expect(created.contact_uuids).toHaveLength(1);
      const updated = await t.api.ok(
        'upsertContact',
        { query: { identifier }, body: { [identifier]: value, name: 'Named Now' } },
        200,
      );
      expect(updated).toMatchObject({
        id: created.id,
        [identifier]: value,
        city: 'Leipzig',
        name: 'Named Now',
      });
      expect(await t.api.ok('getContact', { params: { id: created.id } })).toEqual(updated);
      expect((await t.api.ok('listContacts')).count).toBe(1);
    },
  );

  it('PUT needs the identifier parameter and a value for it', async () => {
    const cases: Array<[RequestOptions, string]> = [
      [{ body: { email: 'x@example.org' } }, 'identifier'],
      [{ query: { identifier: 'name' }, body: { name: 'x' } }, 'identifier'],
      [{ query: { identifier: 'email' }, body: { city: 'Bonn' } }, 'email'],
      [
        { query: { identifier: 'external_customer_id' }, body: { external_customer_id: '' } },
        'external_customer_id',
      ],
      [{ query: { identifier: 'email' }, body: { email: 'x@example.org', verified: true } }, 'verified'],
    ];
    for (const [options, field] of cases) await t.api.invalid('upsertContact', options, field);
    expect((await t.api.ok('listContacts')).count).toBe(0);
  });

  it('concurrent PUTs of one new identifier value create exactly one contact', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.api.call('upsertContact', {
          query: { identifier: 'email' },
          body: { email: 'race@example.org', city: `City ${i}` },
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => (r.body as ContactIdentity).id)).size).toBe(1);
    expect((await t.api.ok('listContacts', { query: { email: 'race@example.org' } })).count).toBe(1);
  });

  it('keeps the stored representation current: conversation_count and verified follow their data (storage)', async () => {
    const contact = await t.fx.contact(t.org.id);
    expect((await t.api.ok('listContacts')).results[0]!.conversation_count).toBe(0);
    const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
    expect((await t.api.ok('listContacts')).results[0]!.conversation_count).toBe(1);
    expect((await t.api.ok('listAllContacts')).results[0]!.conversation_count).toBe(1);
    await t.api.ok('deleteConversations', { query: { delete_ids: String(conversation.id) } });
    expect((await t.api.ok('listContacts')).results[0]!.conversation_count).toBe(0);
    // verified is derived from email_verified / is_mobile_number_verified: it cannot be patched out of sync.
    await setColumns(t, 'contact_identities', contact.id, { is_mobile_number_verified: true });
    expect((await t.api.ok('getContact', { params: { id: contact.id } })).verified).toBe(true);
  });
});
