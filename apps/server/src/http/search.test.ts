import { LIMITS } from '@org/model';
import { expect, it } from 'vitest';
import { idsOf } from '../test-support/api.js';
import { describeEngines, type TestServer } from '../test-support/harness.js';

/**
 * json-api-v3.md Common rule 8 (search_query) with stemmed prefix keywords ranked by weight, the
 * search fields and weights of conversations (contact name, email, street, city: A; messages: C)
 * and contacts (name, email, street, city, country: A; notes: B), the bound of the text searched,
 * and the search data following every write (storage). Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

const searchContacts = async (t: TestServer, search: string) =>
  idsOf(await t.api.ok('listContacts', { rawQuery: `search_query=${search}` }));
const searchConversations = async (t: TestServer, search: string) =>
  idsOf(await t.api.ok('listConversations', { rawQuery: `search_query=${search}` }));

/** A contact with only the given searchable fields set (nothing else that could match). */
const contact = (t: TestServer, fields: Record<string, string | null>) =>
  t.fx.contact(t.org.id, { name: null, email: null, city: null, country: null, street: null, ...fields });

/** One contact per searchable field, in the order given, each with only that field set. */
const contactPerField = async <F extends string>(t: TestServer, values: Record<F, string>) => {
  const byField = {} as Record<F, Awaited<ReturnType<typeof contact>>>;
  for (const [field, value] of Object.entries<string>(values))
    byField[field as F] = await contact(t, { [field]: value });
  return byField;
};

describeEngines('search', (t) => {
  it('contacts: every A field (name, email, street, city, country) and notes (B) are searched', async () => {
    const byField = await contactPerField(t, {
      name: 'Wilhelmina Quist',
      email: 'quokka.fan@zoo.example',
      street: 'Tamarindenweg 4',
      city: 'Tromsø',
      country: 'KZ',
    });
    const noted = await contact(t, {});
    await t.fx.note(t.org.id, { contact_identity_id: noted.id, body: 'Prefers the marmalade delivery.' });
    expect(await searchContacts(t, 'wilhelmina')).toEqual([byField.name.id]);
    expect(await searchContacts(t, 'quist')).toEqual([byField.name.id]);
    expect(await searchContacts(t, 'quokka.fan%40zoo.example')).toEqual([byField.email.id]);
    expect(await searchContacts(t, 'zoo')).toEqual([byField.email.id]);
    expect(await searchContacts(t, 'tamarindenweg')).toEqual([byField.street.id]);
    expect(await searchContacts(t, 'troms%C3%B8')).toEqual([byField.city.id]);
    expect(await searchContacts(t, 'kz')).toEqual([byField.country.id]);
    expect(await searchContacts(t, 'marmalade')).toEqual([noted.id]);
    expect(await searchContacts(t, 'nothingmatchesthis')).toEqual([]);
  });

  it('conversations: contact name, email, street, city (A) and messages (C); not the country, not notes', async () => {
    const people = await contactPerField(t, {
      name: 'Ottokar Brenneisen',
      email: 'lynx@forest.example',
      street: 'Quittenallee 9',
      city: 'Wuppertal',
      country: 'KZ',
    });
    const conversations: Record<string, number> = {};
    for (const [field, person] of Object.entries(people))
      conversations[field] = (await t.fx.conversation(t.org.id, { contact_identity_id: person.id })).id;
    const talked = await t.fx.conversation(t.org.id, {
      contact_identity_id: people.country.id,
      message_bodies: ['Where is my saxophone?', 'On its way.'],
    });
    await t.fx.note(t.org.id, { contact_identity_id: people.name.id, body: 'likes periwinkle' });
    expect(await searchConversations(t, 'brenneisen')).toEqual([conversations.name]);
    expect(await searchConversations(t, 'lynx')).toEqual([conversations.email]);
    expect(await searchConversations(t, 'quittenallee')).toEqual([conversations.street]);
    expect(await searchConversations(t, 'wuppertal')).toEqual([conversations.city]);
    expect(await searchConversations(t, 'saxophone')).toEqual([talked.id]);
    expect(await searchConversations(t, 'kz')).toEqual([]);
    expect(await searchConversations(t, 'periwinkle')).toEqual([]);
    // Messages are not a contact search field.
    expect(await searchContacts(t, 'saxophone')).toEqual([]);
  });

  it('keywords separated by + or %20 (or an encoded plus) are combined with OR (rule 8)', async () => {
    const a = await contact(t, { name: 'Zephyrine' });
    const b = await contact(t, { city: 'Quokkaville' });
    await contact(t, { name: 'Unrelated Person' });
    const both = [b.id, a.id];
    expect(await searchContacts(t, 'zephyrine+quokkaville')).toEqual(both);
    expect(await searchContacts(t, 'zephyrine%20quokkaville')).toEqual(both);
    expect(await searchContacts(t, 'zephyrine%2Bquokkaville')).toEqual(both);
    expect(await searchContacts(t, 'zephyrine++%20+quokkaville')).toEqual(both);
    expect(await searchContacts(t, 'zephyrine+nomatchatall')).toEqual([a.id]);
  });

  it('each keyword is stemmed, then matched as a prefix (rule 8)', async () => {
    const blank = await contact(t, {});
    const invoicing = await t.fx.conversation(t.org.id, {
      contact_identity_id: blank.id,
      message_bodies: ['I am invoicing you tomorrow'],
    });
    const runner = await t.fx.conversation(t.org.id, {
      contact_identity_id: blank.id,
      message_bodies: ['The runner arrived'],
    });
    const hoffmann = await contact(t, { name: 'Hoffmannsthal' });
    expect(await searchConversations(t, 'invoices')).toEqual([invoicing.id]); // invoices -> invoic, invoicing -> invoic
    expect(await searchConversations(t, 'invoiced')).toEqual([invoicing.id]);
    expect(await searchConversations(t, 'running')).toEqual([runner.id]); // running -> run, a prefix of runner
    expect(await searchContacts(t, 'hoff')).toEqual([hoffmann.id]);
    expect(await searchContacts(t, 'HOFFMANN')).toEqual([hoffmann.id]);
    expect(await searchContacts(t, 'mannsthal')).toEqual([]); // a prefix, not a substring
  });

  it('ranks by weight: A outranks B (contacts) and C (conversations), whatever the ids (rule 8)', async () => {
    const named = await contact(t, { name: 'Pemberton' });
    const noted = await contact(t, {});
    await t.fx.note(t.org.id, { contact_identity_id: noted.id, body: 'met pemberton' });
    expect(await searchContacts(t, 'pemberton')).toEqual([named.id, noted.id]);

    const fromCity = await t.fx.conversation(t.org.id, {
      contact_identity_id: (await contact(t, { city: 'Kilkenny' })).id,
    });
    const fromMessage = await t.fx.conversation(t.org.id, {
      contact_identity_id: (await contact(t, {})).id,
      message_bodies: ['Shipping to Kilkenny?'],
    });
    expect(await searchConversations(t, 'kilkenny')).toEqual([fromCity.id, fromMessage.id]);
  });

  it('ranks more occurrences above fewer; ties by id descending (rule 8)', async () => {
    const many = await contact(t, {});
    const few = await contact(t, {});
    const tieA = await contact(t, {});
    const tieB = await contact(t, {});
    await t.fx.note(t.org.id, { contact_identity_id: many.id, body: 'quince quince quince quince' });
    await t.fx.note(t.org.id, { contact_identity_id: many.id, body: 'more quince' });
    await t.fx.note(t.org.id, { contact_identity_id: few.id, body: 'quince quince' });
    for (const c of [tieA, tieB])
      await t.fx.note(t.org.id, { contact_identity_id: c.id, body: 'one quince' });
    expect(await searchContacts(t, 'quince')).toEqual([many.id, few.id, tieB.id, tieA.id]);

    const once = await t.fx.conversation(t.org.id, { message_bodies: ['a tangerine'] });
    const often = await t.fx.conversation(t.org.id, {
      message_bodies: ['tangerine', 'tangerine tangerine', 'tangerine'],
    });
    const first = await t.fx.conversation(t.org.id, {
      message_bodies: ['tangerine tangerine tangerine tangerine tangerine'],
    });
    expect(await searchConversations(t, 'tangerine')).toEqual([first.id, often.id, once.id]);
  });

  it('an explicit ordering wins over rank; count and pages follow the search (rule 8)', async () => {
    const named = await contact(t, { name: 'Pemberton' });
    const noted = await contact(t, { name: 'Other' });
    await t.fx.note(t.org.id, { contact_identity_id: noted.id, body: 'pemberton' });
    await contact(t, { name: 'Nobody' });
    const ordered = await t.api.ok('listContacts', { query: { search_query: 'pemberton', ordering: '-id' } });
    expect(idsOf(ordered)).toEqual([noted.id, named.id]);
    expect(
      idsOf(await t.api.ok('listContacts', { query: { search_query: 'pemberton', ordering: 'name' } })),
    ).toEqual([noted.id, named.id]);
    const page = await t.api.ok('listContacts', { query: { search_query: 'pemberton', limit: 1 } });
    expect(page.count).toBe(2);
    expect(idsOf(page)).toEqual([named.id]);
    expect(idsOf(await t.api.follow('listContacts', page.next))).toEqual([noted.id]);
    // Search combines with filters (AND).
    expect(
      idsOf(await t.api.ok('listContacts', { query: { search_query: 'pemberton', name: 'Other' } })),
    ).toEqual([noted.id]);
  });

  it('search data follows every write through the API (storage)', async () => {
    const person = await contact(t, { name: 'Ingeborg Alder' });
    const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: person.id });
    expect(await searchContacts(t, 'ingeborg')).toEqual([person.id]);
    expect(await searchConversations(t, 'ingeborg')).toEqual([conversation.id]);
    await t.api.ok('updateContact', {
      params: { id: person.id },
      body: { name: 'Rosalind Alder', city: 'Valparaiso' },
    });
    expect(await searchContacts(t, 'ingeborg')).toEqual([]);
    expect(await searchConversations(t, 'ingeborg')).toEqual([]);
    expect(await searchContacts(t, 'rosalind+valparaiso')).toEqual([person.id]);
    expect(await searchConversations(t, 'valparaiso')).toEqual([conversation.id]);
    // Notes written and deleted through the API.
    const note = await t.api.ok('createNote', {
      body: { contact_identity_id: person.id, body: 'asked about pineapples' },
    });
    expect(await searchContacts(t, 'pineapple')).toEqual([person.id]);
    await t.api.ok('deleteNote', { params: { id: note.id } });
    expect(await searchContacts(t, 'pineapple')).toEqual([]);
    // PUT-created contacts are searchable at once.
    const upserted = await t.api.ok(
      'upsertContact',
      { query: { identifier: 'email' }, body: { email: 'gandalf@middle.example' } },
      201,
    );
    expect(await searchContacts(t, 'gandalf')).toEqual([upserted.id]);
  });

  it('a contact with over 1 MB of distinct note words: every write succeeds, the first 100,000 characters stay searchable', async () => {
    const person = await contact(t, { name: 'Notetaker' });
    // Distinct words up to the longest note body: 120 notes, 1.2 MB of text whose lexemes
    // alone exceed PostgreSQL's 1 MB tsvector limit.
    const noteBody = (n: number) => {
      let body = '';
      for (let w = 0; ; w++) {
        const word = `k${n.toString(36).padStart(3, '0')}z${w.toString(36).padStart(3, '0')}vexil`;
        if (body.length + word.length + 1 > LIMITS.maxTextLength) return body;
        body += body ? ` ${word}` : word;
      }
    };
    await t.api.ok('createNote', {
      body: { contact_identity_id: person.id, body: 'Asked about the zanzibarite samples.' },
    });
    const statuses = new Set<number>();
    for (let n = 0; n < 120; n++) {
      const response = await t.api.call('createNote', {
        body: { contact_identity_id: person.id, body: noteBody(n) },
      });
      statuses.add(response.status);
    }
    expect([...statuses]).toEqual([201]);
    expect(await searchContacts(t, 'zanzibarite')).toEqual([person.id]);
    expect(await searchContacts(t, 'k000z001vexil')).toEqual([person.id]);
    // Past the first 100,000 characters of notes, words are not searchable: the vector stays under
    // PostgreSQL's 1 MB limit.
    expect(await searchContacts(t, 'k119z001vexil')).toEqual([]);
    // Writes of the contact itself refresh the same vector.
    await t.api.ok('updateContact', { params: { id: person.id }, body: { city: 'Ouagadougou' } });
    expect(await searchContacts(t, 'ouagadougou')).toEqual([person.id]);
  });

  it('any search text is safe: operators, quotes and stop words never fail', async () => {
    await contact(t, { name: "O'Brien" });
    for (const text of [
      "o'brien",
      ':*',
      '&|!',
      '(',
      "')",
      '\\',
      '<->',
      'the',
      'a+an+the',
      '%',
      '_',
      'ünïcødé',
      '🙂',
      'x'.repeat(2000),
    ]) {
      const response = await t.api.call('listContacts', { query: { search_query: text } });
      expect(response.status, text).toBe(200);
      const conversations = await t.api.call('listConversations', { query: { search_query: text } });
      expect(conversations.status, text).toBe(200);
    }
    expect((await t.api.ok('listContacts', { query: { search_query: "o'brien" } })).count).toBe(1);
  });
});
