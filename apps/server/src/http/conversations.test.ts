import { CONVERSATION_ORDERINGS, type Conversation } from '@org/model';
import { expect, it } from 'vitest';
import {
  addConversationWidget,
  addWidget,
  aWriteWaitsForALock,
  cloneConversation as cloneConversationRows,
  setConversationRows,
  storedDetailVersions,
  writePartType,
} from '../store/test-support/test-states.js';
import { idsOf, newestFirstIds } from '../test-support/api.js';
import { describeEngines, madeInTurn, setColumns, type TestServer } from '../test-support/harness.js';
import { statementsSentDuring } from '../test-support/statements.js';

/**
 * json-api-v3.md section 4 "Conversations": every row of the endpoint table, every row of the
 * filters table, every ordering value, bulk delete and exclude_ids (Common rules 3, 6, 7, 9), PATCH
 * topics as texts (Common rule 2) and the stored representation staying current (storage). Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const T = (day: number) => `2024-01-${String(day).padStart(2, '0')}T12:00:00.000000Z`;

/** n conversations of the organization (ended unless told), oldest first. */
const conversations = (
  t: TestServer,
  n: number,
  fields: Parameters<TestServer['fx']['conversation']>[1] = {},
) => madeInTurn(n, () => t.fx.conversation(t.org.id, fields));

/** Each ordering field gets a different permutation of days, so every ordering differs from id order. */
const ORDERING_DAYS: Record<string, number[]> = {
  last_message_sent_at: [3, 1, 4, 2],
  contact_first_message_sent_at: [2, 4, 1, 3],
  contact_last_update_at: [4, 3, 2, 1],
  contact_last_message_sent_at: [1, 3, 2, 4],
};
const setOrderingDays = async (t: TestServer, four: Array<{ id: number }>) => {
  for (const [i, conversation] of four.entries())
    await setColumns(
      t,
      'conversations',
      conversation.id,
      Object.fromEntries(Object.entries(ORDERING_DAYS).map(([column, d]) => [column, T(d[i]!)])),
    );
};

/** Copies of a conversation row without messages (bulk-delete counts need many rows, not renderings). */
const cloneConversation = async (t: TestServer, templateId: number, copies: number, status = 'ended') =>
  cloneConversationRows(t.db, templateId, copies, status);

const countOf = async (t: TestServer, query: Record<string, string | number> = {}) =>
  (await t.api.ok('listConversations', { query: { limit: 1, ...query } })).count;

describeEngines('conversations', (t, engine) => {
  it('GET conversations/ lists an offset page of the 10 newest by creation by default', async () => {
    const created = await conversations(t, 12);
    const page = await t.api.ok('listConversations');
    expect(page.count).toBe(12);
    expect(idsOf(page)).toEqual(newestFirstIds(created).slice(0, 10));
    expect(page.next).not.toBeNull();
    expect(page.previous).toBeNull();
    // List representations carry exactly one message and no conversation_part_set (strict schema).
    expect(page.results[0]).not.toHaveProperty('conversation_part_set');
    expect(page.results[0]!.last_message.body).toBe('Message 2');
  });

  it('every filter row (contact_uuid ... id__lt) selects the matching conversations, on the list and all endpoints', async () => {
    const contact = await t.fx.contact(t.org.id);
    const widget = { id: await addWidget(t.db, t.org.id, 'Shop', 'German') };
    const a = await t.fx.conversation(t.org.id, {
      contact_identity_id: contact.id,
      operator_id: t.org.operators.operator,
      status: 'pending',
      topics: ['Billing'],
    });
    const b = await t.fx.conversation(t.org.id, { operator_id: t.org.operators.admin, topics: ['Shipping'] });
    const c = await t.fx.conversation(t.org.id, { operator_id: null });
    // a was conducted partly through the second widget.
    await addConversationWidget(t.db, a.id, widget.id);
    const rows: Record<string, [string | number, number[]]> = {
      contact_uuid: [a.conversation_contact_uuid, [a.id]],
      contact_identity_id: [contact.id, [a.id]],
      operator_id: [t.org.operators.operator, [a.id]],
      status: ['pending', [a.id]],
      topics: [b.topics[0]!.id, [b.id]],
      um_widget_id: [widget!.id, [a.id]],
      chat_widget_id: [widget!.id, [a.id]],
      id__gt: [a.id, [c.id, b.id]],
      id__lt: [c.id, [b.id, a.id]],
    };
    for (const [filter, [value, expected]] of Object.entries(rows)) {
      const page = await t.api.ok('listConversations', { query: { [filter]: value } });
      expect(idsOf(page), filter).toEqual(expected);
      expect(page.count, filter).toBe(expected.length);
      // The all endpoint takes the same filters.
      const all = await t.api.ok('listAllConversations', { query: { [filter]: value, ordering: '-id' } });
      expect(idsOf(all), `all: ${filter}`).toEqual(expected);
      expect(all.count, `all: ${filter}`).toBe(expected.length);
    }
  });

  it('every date filter pair (*_from_date / *_to_date) selects by time, bounds inclusive', async () => {
    const [a, b, c] = await conversations(t, 3);
    const pairs = {
      contact_first_message: 'contact_first_message_sent_at',
      contact_last_message: 'contact_last_message_sent_at',
      updated_at: 'updated_at',
      last_activity: 'last_activity_at',
    };
    // Each column orders the three conversations differently: a check that each filter reads its own.
    const days = [
      [1, 2, 3],
      [3, 1, 2],
      [2, 3, 1],
      [1, 3, 2],
    ];
    for (const [i, conversation] of [a!, b!, c!].entries())
      await setColumns(
        t,
        'conversations',
        conversation.id,
        Object.fromEntries(Object.values(pairs).map((column, p) => [column, T(days[p]![i]!)])),
      );
    const ids = async (query: Record<string, string>) =>
      idsOf(await t.api.ok('listConversations', { query }));
    for (const [p, prefix] of Object.keys(pairs).entries()) {
      const byDay = (day: number) => [a!, b!, c!][days[p]!.indexOf(day)]!.id;
      const desc = (list: number[]) => [...list].sort((x, y) => y - x);
      expect(await ids({ [`${prefix}_from_date`]: T(2) }), prefix).toEqual(desc([byDay(2), byDay(3)]));
      expect(await ids({ [`${prefix}_to_date`]: T(2) }), prefix).toEqual(desc([byDay(1), byDay(2)]));
      expect(await ids({ [`${prefix}_from_date`]: T(2), [`${prefix}_to_date`]: T(2) }), prefix).toEqual([
        byDay(2),
      ]);
      // Dates and zone offsets are ISO 8601 too: 2024-01-02T13:00+01:00 is T(2).
      expect(
        await ids({
          [`${prefix}_from_date`]: '2024-01-02T13:00:00+01:00',
          [`${prefix}_to_date`]: '2024-01-03',
        }),
        prefix,
      ).toEqual([byDay(2)]);
    }
  });

  it('combines several filters with AND (Common rule 5)', async () => {
    const mine = await t.fx.conversation(t.org.id, {
      operator_id: t.org.operators.operator,
      status: 'ended',
    });
    await t.fx.conversation(t.org.id, { operator_id: t.org.operators.operator, status: 'new' });
    await t.fx.conversation(t.org.id, { operator_id: t.org.operators.admin, status: 'ended' });
    const query = { operator_id: t.org.operators.operator, status: 'ended' };
    expect(idsOf(await t.api.ok('listConversations', { query }))).toEqual([mine.id]);
    expect(idsOf(await t.api.ok('listAllConversations', { query }))).toEqual([mine.id]);
  });

  it('accepts any status value and matches it exactly', async () => {
    const odd = await t.fx.conversation(t.org.id, { status: 'waiting_for_customer' });
    await t.fx.conversation(t.org.id, { status: 'ended' });
    const page = await t.api.ok('listConversations', { query: { status: 'waiting_for_customer' } });
    expect(idsOf(page)).toEqual([odd.id]);
    expect(page.results[0]!.status).toBe('waiting_for_customer');
    expect((await t.api.ok('listConversations', { query: { status: 'nothing-has-this' } })).count).toBe(0);
  });

  it('every ordering value orders the list (Common rule 4)', async () => {
    const created = await conversations(t, 4);
    await setOrderingDays(t, created);
    const days = ORDERING_DAYS;
    for (const ordering of CONVERSATION_ORDERINGS) {
      const field = ordering.replace(/^-/, '');
      const key = (i: number) => (field === 'id' ? created[i]!.id : days[field]![i]!);
      const expected = created
        .map((c, i) => ({ id: c.id, key: key(i) }))
        .sort((x, y) => x.key - y.key)
        .map((c) => c.id);
      if (ordering.startsWith('-')) expected.reverse();
      const page = await t.api.ok('listConversations', { query: { ordering } });
      expect(idsOf(page), ordering).toEqual(expected);
      // The field the page is ordered by is the one the response shows.
      if (field !== 'id') {
        const shown = page.results.map((r) => r[field as keyof Conversation] as string);
        const sorted = [...shown].sort((x, y) =>
          ordering.startsWith('-') ? y.localeCompare(x) : x.localeCompare(y),
        );
        expect(shown, ordering).toEqual(sorted);
      }
    }
  });

  it('a topic or widget filter pages in every ordering like the unfiltered list (list keys, 0014)', async () => {
    const tagged = await conversations(t, 4, { topics: ['Billing'] });
    await conversations(t, 2, { topics: ['Other'] });
    // Written after the topics were set: the keys follow later changes of the ordering columns.
    await setOrderingDays(t, tagged);
    const topic = tagged[0]!.topics[0]!.id;
    const widget = tagged[0]!.um_widget.id;
    const ids = new Set(tagged.map((c) => c.id));
    for (const ordering of CONVERSATION_ORDERINGS) {
      const all = idsOf(await t.api.ok('listConversations', { query: { ordering } }));
      const byTopic = await t.api.ok('listConversations', { query: { ordering, topics: topic, limit: 2 } });
      expect(byTopic.count, ordering).toBe(4);
      const second = await t.api.follow('listConversations', byTopic.next);
      expect([...idsOf(byTopic), ...idsOf(second)], ordering).toEqual(all.filter((id) => ids.has(id)));
      const byWidget = await t.api.ok('listConversations', { query: { ordering, um_widget_id: widget } });
      expect(idsOf(byWidget), ordering).toEqual(all);
    }
  });

  it('GET conversations/all/ is a counted cursor page with id ordering only', async () => {
    const created = await conversations(t, 3);
    const page = await t.api.ok('listAllConversations');
    expect(page.count).toBe(3);
    expect(idsOf(page)).toEqual(created.map((c) => c.id).reverse());
    const ascending = await t.api.ok('listAllConversations', { query: { ordering: 'id' } });
    expect(idsOf(ascending)).toEqual(created.map((c) => c.id));
    await t.api.invalid('listAllConversations', { query: { ordering: '-last_message_sent_at' } }, 'ordering');
  });

  it('GET conversations/{id}/ returns one conversation including conversation_part_set', async () => {
    const created = await t.fx.conversation(t.org.id, { messages: 3, topics: ['Invoice'] });
    const conversation = await t.api.ok('getConversation', { params: { id: created.id } });
    expect(conversation).toEqual(created);
    expect(conversation.conversation_part_set).toHaveLength(1);
    expect(conversation.conversation_part_set[0]!.part_type).toBe('ChatMeta');
    expect(conversation.last_message.id).toBe(`${created.id}.${conversation.conversation_part_set[0]!.id}.3`);
    expect(conversation.topics.map((topic) => topic.text)).toEqual(['Invoice']);
    await t.api.fails('getConversation', { params: { id: created.id + 1000 } }, 404, 'not_found');
  });

  it('PATCH conversations/{id}/ sets topics from texts and returns the updated conversation', async () => {
    const first = await t.fx.conversation(t.org.id, { topics: ['Billing'] });
    const second = await t.fx.conversation(t.org.id);
    const billing = first.topics[0]!;
    const updated = await t.api.ok('updateConversation', {
      params: { id: second.id },
      body: { topics: ['Billing', 'Refund', 'Refund', '  Refund  '] },
    });
    // An existing text reuses that topic; an unknown one creates a topic; duplicates collapse.
    expect(updated.topics.map((topic) => topic.text)).toEqual(['Billing', 'Refund']);
    expect(updated.topics[0]!.id).toBe(billing.id);
    expect(updated.topics[1]!.organization_id).toBe(t.org.id);
    expect(updated.conversation_part_set).toHaveLength(1);
    expect(await t.api.ok('getConversation', { params: { id: second.id } })).toEqual(updated);
    // The set replaces the current one; an empty list clears it.
    const replaced = await t.api.ok('updateConversation', {
      params: { id: second.id },
      body: { topics: ['Refund'] },
    });
    expect(replaced.topics.map((topic) => topic.text)).toEqual(['Refund']);
    const cleared = await t.api.ok('updateConversation', { params: { id: second.id }, body: { topics: [] } });
    expect(cleared.topics).toEqual([]);
    // The topics filter sees the change.
    const refund = replaced.topics[0]!.id;
    expect((await t.api.ok('listConversations', { query: { topics: refund } })).count).toBe(0);
    await t.api.notFound('updateConversation', { params: { id: second.id + 1000 }, body: { topics: [] } });
  });

  it('keeps a single conversation rendered by version, rendered again after any write to it (0017)', async () => {
    const created = await t.fx.conversation(t.org.id, { messages: 2, topics: ['Kept'] });
    expect(await t.api.ok('getConversation', { params: { id: created.id } })).toEqual(created);
    const first = (await storedDetailVersions(t.db, created.id))!;
    expect(first.stored).toBe(first.version);
    // A write of a part (which a conversation's render embeds): the answer changes with it.
    await setColumns(t, 'conversation_parts', created.conversation_part_set[0]!.id, { part_type: 'Changed' });
    const changed = await t.api.ok('getConversation', { params: { id: created.id } });
    expect(changed.conversation_part_set.map((part) => part.part_type)).toEqual(['Changed']);
    const second = (await storedDetailVersions(t.db, created.id))!;
    expect(second.version).toBeGreaterThan(first.version);
    expect(second.stored).toBe(second.version);
    // A PATCH answers the new version, and a later GET the same.
    const patched = await t.api.ok('updateConversation', {
      params: { id: created.id },
      body: { topics: ['Renewed'] },
    });
    expect(patched.topics.map((topic) => topic.text)).toEqual(['Renewed']);
    expect(await t.api.ok('getConversation', { params: { id: created.id } })).toEqual(patched);
    // Its answer is kept in this process only: the stored render is the older version, which
    // no read serves; a read that renders the new version stores it.
    const third = (await storedDetailVersions(t.db, created.id))!;
    expect(third.version).toBeGreaterThan(second.version);
    expect(third.stored).toBe(second.version);
  });

  it.runIf(engine === 'postgres')(
    'a PATCH sends 1 SQL statement and its announcement; a GET after it sends 1 (the version), the next none (migration 0017)',
    async () => {
      const created = await t.fx.conversation(t.org.id, { topics: ['One'] });
      await t.api.ok('getConversation', { params: { id: created.id } }); // authentication cached
      const patch = (topics: string[]) =>
        statementsSentDuring(() =>
          t.api.ok('updateConversation', { params: { id: created.id }, body: { topics } }),
        );
      // One statement writes the topics and returns the answer's render, whether topics are created,
      // kept or removed (see decision D56, a PATCH of topics answers from its write); then one
      // announcement (a request alone; concurrent ones share announcements).
      expect(await patch(['One', 'Two'])).toBe(2);
      expect(await patch(['One', 'Two'])).toBe(2);
      expect(await patch([])).toBe(2);
      // A GET after the write: the version (1); again, before any other write: none (it is cached).
      const get = () =>
        statementsSentDuring(() => t.api.ok('getConversation', { params: { id: created.id } }));
      expect(await get()).toBe(1);
      expect(await get()).toBe(0);
    },
  );

  it.runIf(engine === 'postgres')(
    'a PATCH that waited for a write committed after its snapshot answers that write too',
    async () => {
      const created = await t.fx.conversation(t.org.id, { topics: ['One'] });
      const partId = created.conversation_part_set[0]!.id;
      // A part written (its conversation's row updated, so locked) until the PATCH waits for it.
      const { patching } = await t.db.transaction(async (tx) => {
        await writePartType(tx, partId, 'Concurrent');
        const patching = t.api.ok('updateConversation', {
          params: { id: created.id },
          body: { topics: ['One', 'Two'] },
        });
        while (!(await aWriteWaitsForALock(t.db)));
        return { patching }; // answered once this transaction commits
      });
      const patched = await patching;
      expect(patched.topics.map((topic) => topic.text)).toEqual(['One', 'Two']);
      expect(patched.conversation_part_set.map((part) => part.part_type)).toEqual(['Concurrent']);
      expect(await t.api.ok('getConversation', { params: { id: created.id } })).toEqual(patched);
    },
  );

  it('PATCH takes the fields directly: a wrapper object or a read-only field is 400 (Common rule 2)', async () => {
    const conversation = await t.fx.conversation(t.org.id);
    await t.api.invalid(
      'updateConversation',
      { params: { id: conversation.id }, body: { conversation: { topics: ['x'] } } },
      'conversation',
    );
    const readOnly = await t.api.fails(
      'updateConversation',
      { params: { id: conversation.id }, body: { topics: ['x'], status: 'new' } },
      400,
      'invalid',
    );
    expect(readOnly.errors?.status).toEqual(['This field is read-only.']);
    await t.api.invalid(
      'updateConversation',
      { params: { id: conversation.id }, body: { topics: 'x' } },
      'topics',
    );
    // Nothing changed.
    expect((await t.api.ok('getConversation', { params: { id: conversation.id } })).topics).toEqual([]);
  });

  it('DELETE conversations/{id}/ answers 204 without a body, also for an ongoing conversation', async () => {
    const ongoing = await t.fx.conversation(t.org.id, { status: 'new' });
    await t.api.deletes('deleteConversation', 'getConversation', ongoing.id);
  });

  it('GET conversations/{id}/messages/ is a cursor page of 100 messages by default, oldest first', async () => {
    const conversation = await t.fx.conversation(t.org.id, { messages: 105 });
    const partId = conversation.conversation_part_set[0]!.id;
    const page = await t.api.ok('listMessages', { params: { id: conversation.id } });
    expect(page).not.toHaveProperty('count');
    expect(page.results).toHaveLength(100);
    expect(page.results.map((m) => m.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => `${conversation.id}.${partId}.${i + 1}`),
    );
    expect(page.previous).toBeNull();
    const rest = await t.api.follow('listMessages', page.next, { id: conversation.id });
    expect(rest.results.map((m) => m.body)).toEqual([
      'Message 101',
      'Message 102',
      'Message 103',
      'Message 104',
      'Message 105',
    ]);
    expect(rest.next).toBeNull();
    const newest = await t.api.ok('listMessages', {
      params: { id: conversation.id },
      query: { ordering: '-id', limit: 2 },
    });
    expect(newest.results.map((m) => m.body)).toEqual(['Message 105', 'Message 104']);
    await t.api.fails('listMessages', { params: { id: conversation.id + 1000 } }, 404, 'not_found');
  });

  it('messages carry the described fields: id = msgid, sender and operator fields by sender type', async () => {
    const conversation = await t.fx.conversation(t.org.id, {
      messages: 2,
      operator_id: t.org.operators.operator,
    });
    const { results } = await t.api.ok('listMessages', { params: { id: conversation.id } });
    const [fromContact, fromOperator] = results;
    for (const message of results) {
      expect(message.msgid).toBe(message.id);
      expect(message.id).toMatch(new RegExp(`^${conversation.id}\\.${message.part_id}\\.\\d+$`));
      expect(message.conversation).toEqual({ id: conversation.id });
      expect(message.sent_at_time).toBe(message.sent_at.slice(11, 26));
    }
    expect(fromContact!.sender).toEqual({ type: 'contact', id: conversation.contact.id });
    expect(fromContact!.operator_id).toBeNull();
    expect(fromContact!.operator_name).toBe('');
    expect(fromContact!.operator_display_name).toBe('');
    expect(fromOperator!.sender).toEqual({ type: 'operator', id: t.org.operators.operator });
    expect(fromOperator!.operator_id).toBe(t.org.operators.operator);
    expect(fromOperator!.state).toEqual({ type: 1, error_code: null, message: 'Submitted' });
  });

  it('DELETE conversations/ removes 10 by default, newest first, and never ongoing ones (Common rule 9)', async () => {
    const ended = await conversations(t, 12);
    const ongoing = [
      await t.fx.conversation(t.org.id, { status: 'new' }),
      await t.fx.conversation(t.org.id, { status: 'pending' }),
    ];
    const response = await t.api.call('deleteConversations');
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const left = await t.api.ok('listConversations');
    expect(idsOf(left)).toEqual([...ongoing.map((c) => c.id).reverse(), ended[1]!.id, ended[0]!.id]);
  });

  it('DELETE conversations/ removes at most 100 per request', async () => {
    const template = await t.fx.conversation(t.org.id);
    await cloneConversation(t, template.id, 120);
    expect(await countOf(t)).toBe(121);
    await t.api.ok('deleteConversations', { query: { limit: 150 } });
    expect(await countOf(t)).toBe(21);
    await t.api.ok('deleteConversations', { query: { limit: 15 } });
    expect(await countOf(t)).toBe(6);
  });

  it('DELETE conversations/ applies the filters and search_query it is given', async () => {
    const contact = await t.fx.contact(t.org.id, { name: 'Quirin Quendel' });
    const mine = await conversations(t, 2, { contact_identity_id: contact.id });
    const other = await conversations(t, 2);
    await t.api.ok('deleteConversations', { query: { contact_identity_id: contact.id } });
    expect(idsOf(await t.api.ok('listConversations'))).toEqual(other.map((c) => c.id).reverse());
    const searched = await t.fx.conversation(t.org.id, { message_bodies: ['the parcel never arrived'] });
    await t.api.ok('deleteConversations', { query: { search_query: 'parcel' } });
    await t.api.fails('getConversation', { params: { id: searched.id } }, 404);
    expect(idsOf(await t.api.ok('listConversations'))).toEqual(other.map((c) => c.id).reverse());
    expect(mine).toHaveLength(2);
  });

  it('DELETE conversations/?delete_ids= deletes only those, whatever filters and limit; exclude_ids wins (Common rules 6, 7)', async () => {
    const [a, b, c, d] = await conversations(t, 4);
    const ongoing = await t.fx.conversation(t.org.id, { status: 'pending' });
    await t.api.ok('deleteConversations', {
      query: {
        delete_ids: `${a!.id},${b!.id},${c!.id},${ongoing.id}`,
        exclude_ids: String(c!.id),
        status: 'new',
        limit: 1,
      },
    });
    // a and b went (status=new and limit=1 notwithstanding), c was excluded, the ongoing one stays.
    expect(idsOf(await t.api.ok('listConversations'))).toEqual([ongoing.id, d!.id, c!.id]);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    await t.api.invalid('deleteConversations', { query: { delete_ids: tooMany } }, 'delete_ids');
  });

  it('exclude_ids: excluded conversations are not fetched, updated or deleted (Common rule 6)', async () => {
    const [a, b] = await conversations(t, 2, { topics: ['Keep'] });
    const exclude_ids = String(a!.id);
    expect(idsOf(await t.api.ok('listConversations', { query: { exclude_ids } }))).toEqual([b!.id]);
    expect(idsOf(await t.api.ok('listAllConversations', { query: { exclude_ids } }))).toEqual([b!.id]);
    const single = { params: { id: a!.id }, query: { exclude_ids: `${b!.id},${a!.id}` } };
    await t.api.fails('getConversation', single, 404, 'not_found');
    await t.api.fails('listMessages', single, 404, 'not_found');
    await t.api.fails('updateConversation', { ...single, body: { topics: ['Changed'] } }, 404, 'not_found');
    await t.api.fails('deleteConversation', single, 404, 'not_found');
    await t.api.ok('deleteConversations', { query: { exclude_ids } });
    const kept = await t.api.ok('getConversation', { params: { id: a!.id } });
    expect(kept.topics.map((topic) => topic.text)).toEqual(['Keep']);
    await t.api.fails('getConversation', { params: { id: b!.id } }, 404);
  });

  it('keeps the stored representation current when embedded data changes (storage)', async () => {
    const contact = await t.fx.contact(t.org.id, { name: 'Before Name' });
    const conversation = await t.fx.conversation(t.org.id, {
      contact_identity_id: contact.id,
      operator_id: t.org.operators.operator,
    });
    const operator = await t.fx.operator(t.org.id, { name: 'Temp Operator' });
    await setColumns(t, 'conversations', conversation.id, { operator_assigned_to: operator.id });
    // Read once, so the rendered representation is stored...
    expect((await t.api.ok('listConversations')).results[0]!.contact.name).toBe('Before Name');
    expect((await t.api.ok('getContact', { params: { id: contact.id } })).conversation_count).toBe(1);
    // ...then change what it embeds through the API.
    await t.api.ok('updateContact', { params: { id: contact.id }, body: { name: 'After Name' } });
    await t.api.ok('updateConversation', { params: { id: conversation.id }, body: { topics: ['Fresh'] } });
    await t.api.ok('deleteOperator', { params: { id: operator.id } });
    for (const shown of [
      (await t.api.ok('listConversations')).results[0]!,
      await t.api.ok('getConversation', { params: { id: conversation.id } }),
      (await t.api.ok('listAllConversations')).results[0]!,
    ]) {
      expect(shown.contact.name).toBe('After Name');
      expect(shown.topics.map((topic) => topic.text)).toEqual(['Fresh']);
      expect(shown.operator_assigned_to).toBeNull();
    }
    const second = await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
    expect((await t.api.ok('getContact', { params: { id: contact.id } })).conversation_count).toBe(2);
    await t.api.ok('deleteConversation', { params: { id: second.id } });
    expect((await t.api.ok('getContact', { params: { id: contact.id } })).conversation_count).toBe(1);
    expect((await t.api.ok('listContacts')).results[0]!.conversation_count).toBe(1);
  });

  it('renders free-form fields (shapes the description does not show) as stored, null included', async () => {
    const conversation = await t.fx.conversation(t.org.id);
    await setColumns(t, 'conversations', conversation.id, {
      um_widget_goals: JSON.stringify([{ id: 1, name: 'Signup' }]),
      unread_messages_operator: JSON.stringify(['m1']),
      visits: JSON.stringify({ count: 3 }),
      pre_survey_option: JSON.stringify('Sales'),
      addon_urls: JSON.stringify({ crm: 'https://crm.example.org/c/1' }),
    });
    const shown = await t.api.ok('getConversation', { params: { id: conversation.id } });
    expect(shown.um_widget_goals).toEqual([{ id: 1, name: 'Signup' }]);
    expect(shown.unread_messages_operator).toEqual(['m1']);
    expect(shown.visits).toEqual({ count: 3 });
    expect(shown.pre_survey_option).toBe('Sales');
    expect(shown.post_survey_option).toBeNull();
    expect(shown.addon_urls).toEqual({ crm: 'https://crm.example.org/c/1' });
  });

  it('accepts any message type, state type and part type', async () => {
    const conversation = await t.fx.conversation(t.org.id, { messages: 1 });
    await setConversationRows(t.db, 'messages', conversation.id, {
      type: 'whatsapp',
      state_type: 7,
      state_message: 'Failed',
      state_error_code: 42,
    });
    await setConversationRows(t.db, 'conversation_parts', conversation.id, { part_type: 'VideoMeta' });
    const shown = await t.api.ok('getConversation', { params: { id: conversation.id } });
    expect(shown.conversation_part_set[0]!.part_type).toBe('VideoMeta');
    const [message] = (await t.api.ok('listMessages', { params: { id: conversation.id } })).results;
    for (const m of [shown.last_message, message!]) {
      expect(m.type).toBe('whatsapp');
      expect(m.state).toEqual({ type: 7, error_code: 42, message: 'Failed' });
    }
  });
});
