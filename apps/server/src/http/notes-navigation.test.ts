import { expect, it } from 'vitest';
import { addWidget } from '../store/test-support/test-states.js';
import { idsOf } from '../test-support/api.js';
import { describeEngines, setColumns } from '../test-support/harness.js';

/**
 * json-api-v3.md section 4 "Notes" and "Navigation events": every row of both endpoint tables,
 * with their records and filters, offset pages ordered by id (-id by default), Common rules 1-3
 * and 6 on these endpoints. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describeEngines('notes and navigation events', (t) => {
  it('GET notes/ is an offset page, newest first, filterable by contact_identity_id', async () => {
    const [a, b] = [await t.fx.contact(t.org.id), await t.fx.contact(t.org.id)];
    const n1 = await t.fx.note(t.org.id, { contact_identity_id: a.id, body: 'first' });
    const n2 = await t.fx.note(t.org.id, { contact_identity_id: b.id, body: 'second' });
    const n3 = await t.fx.note(t.org.id, { contact_identity_id: a.id, body: 'third' });
    const page = await t.api.ok('listNotes');
    expect(page.count).toBe(3);
    expect(idsOf(page)).toEqual([n3.id, n2.id, n1.id]);
    expect(page.results[2]).toEqual(n1);
    expect(idsOf(await t.api.ok('listNotes', { query: { ordering: 'id' } }))).toEqual([n1.id, n2.id, n3.id]);
    expect(idsOf(await t.api.ok('listNotes', { query: { contact_identity_id: a.id } }))).toEqual([
      n3.id,
      n1.id,
    ]);
    const limited = await t.api.ok('listNotes', { query: { limit: 2 } });
    expect(idsOf(limited)).toEqual([n3.id, n2.id]);
    expect(idsOf(await t.api.follow('listNotes', limited.next))).toEqual([n1.id]);
    await t.api.fails('listNotes', { query: { ordering: 'body' } }, 400, 'invalid');
  });

  it('POST notes/ creates a note and returns it with 201 (Common rule 2)', async () => {
    const contact = await t.fx.contact(t.org.id);
    const note = await t.api.ok(
      'createNote',
      { body: { contact_identity_id: contact.id, body: 'Called back, all fine.' } },
      201,
    );
    expect(note).toMatchObject({
      contact_identity_id: contact.id,
      body: 'Called back, all fine.',
      operator_id: null,
    });
    expect(await t.api.ok('getNote', { params: { id: note.id } })).toEqual(note);
    // The author is the acting operator (Service-Operator-Id).
    const byOperator = await t.api
      .as({ operatorId: t.org.operators.operator })
      .ok('createNote', { body: { contact_identity_id: contact.id, body: 'From Otto.' } }, 201);
    expect(byOperator.operator_id).toBe(t.org.operators.operator);
    // exclude_ids is accepted on any request (Common rule 6), a POST included.
    await t.api.ok(
      'createNote',
      { query: { exclude_ids: '1,2' }, body: { contact_identity_id: contact.id, body: 'x' } },
      201,
    );
  });

  it('POST notes/ needs both fields, a contact of the organization and nothing else', async () => {
    const contact = await t.fx.contact(t.org.id);
    const foreign = await t.fx.contact(t.orgB.id);
    const cases: Array<[unknown, string]> = [
      [{ body: 'no contact' }, 'contact_identity_id'],
      [{ contact_identity_id: contact.id }, 'body'],
      [{ contact_identity_id: contact.id, body: '' }, 'body'],
      [{ contact_identity_id: 'one', body: 'x' }, 'contact_identity_id'],
      [{ contact_identity_id: contact.id, body: 'x', operator_id: 1 }, 'operator_id'],
      [{ contact_identity_id: contact.id + 1000, body: 'x' }, 'contact_identity_id'],
      [{ contact_identity_id: foreign.id, body: 'x' }, 'contact_identity_id'],
    ];
    for (const [body, field] of cases) {
      const error = await t.api.fails('createNote', { body }, 400, 'invalid');
      expect(error.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await t.api.ok('listNotes')).count).toBe(0);
    expect((await t.apiB.ok('listNotes')).count).toBe(0);
  });

  it('GET and DELETE notes/{id}/: one note; 204 without a body; then 404 (Common rule 3)', async () => {
    const contact = await t.fx.contact(t.org.id);
    const note = await t.fx.note(t.org.id, { contact_identity_id: contact.id });
    expect(await t.api.ok('getNote', { params: { id: note.id } })).toEqual(note);
    const response = await t.api.call('deleteNote', { params: { id: note.id } });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    await t.api.fails('getNote', { params: { id: note.id } }, 404, 'not_found');
    await t.api.fails('deleteNote', { params: { id: note.id } }, 404, 'not_found');
    // The contact stays.
    await t.api.ok('getContact', { params: { id: contact.id } });
  });

  it('exclude_ids: excluded notes are not fetched or deleted (Common rule 6)', async () => {
    const contact = await t.fx.contact(t.org.id);
    const [a, b] = [
      await t.fx.note(t.org.id, { contact_identity_id: contact.id }),
      await t.fx.note(t.org.id, { contact_identity_id: contact.id }),
    ];
    expect(idsOf(await t.api.ok('listNotes', { query: { exclude_ids: String(a.id) } }))).toEqual([b.id]);
    const single = { params: { id: a.id }, query: { exclude_ids: String(a.id) } };
    await t.api.fails('getNote', single, 404, 'not_found');
    await t.api.fails('deleteNote', single, 404, 'not_found');
    expect(await t.api.ok('getNote', { params: { id: a.id } })).toEqual(a);
  });

  it('a note outlives its author: operator_id becomes null (storage)', async () => {
    const contact = await t.fx.contact(t.org.id);
    const author = await t.fx.operator(t.org.id, { role: 'operator' });
    const note = await t.api.as({ operatorId: author.id }).ok('createNote', {
      body: { contact_identity_id: contact.id, body: 'Written by a leaver.' },
    });
    expect((await t.api.ok('listNotes')).results[0]!.operator_id).toBe(author.id);
    await t.api.ok('deleteOperator', { params: { id: author.id } });
    expect((await t.api.ok('listNotes')).results[0]).toEqual({ ...note, operator_id: null });
    expect((await t.api.ok('getNote', { params: { id: note.id } })).operator_id).toBeNull();
  });

  it('GET navigation/ is an offset page ordered by id or -id (default -id) with the navigation event fields', async () => {
    const contact = await t.fx.contact(t.org.id);
    const events = [];
    for (let i = 0; i < 3; i++)
      events.push(await t.fx.navigationEvent(t.org.id, { contact_identity_id: contact.id }));
    const page = await t.api.ok('listNavigationEvents');
    expect(page.count).toBe(3);
    expect(idsOf(page)).toEqual(events.map((e) => e.id).reverse());
    expect(page.results[2]).toEqual(events[0]);
    expect(page.results[0]).toMatchObject({
      organization_id: t.org.id,
      contact_identity_id: contact.id,
      conversation_id: null,
    });
    expect(idsOf(await t.api.ok('listNavigationEvents', { query: { ordering: 'id' } }))).toEqual(
      events.map((e) => e.id),
    );
    expect(idsOf(await t.api.ok('listNavigationEvents', { query: { ordering: '-id' } }))).toEqual(
      events.map((e) => e.id).reverse(),
    );
    await t.api.invalid('listNavigationEvents', { query: { ordering: 'created_at' } }, 'ordering');
    const limited = await t.api.ok('listNavigationEvents', { query: { limit: 2, ordering: 'id' } });
    expect(idsOf(await t.api.follow('listNavigationEvents', limited.next))).toEqual([events[2]!.id]);
  });

  it('GET navigation/ filters by contact_identity_id, conversation_id and um_widget_id, AND-combined', async () => {
    const [a, b] = [await t.fx.contact(t.org.id), await t.fx.contact(t.org.id)];
    const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: a.id });
    const e1 = await t.fx.navigationEvent(t.org.id, {
      contact_identity_id: a.id,
      conversation_id: conversation.id,
    });
    const e2 = await t.fx.navigationEvent(t.org.id, { contact_identity_id: a.id });
    const e3 = await t.fx.navigationEvent(t.org.id, { contact_identity_id: b.id });
    const widget = { id: await addWidget(t.db, t.org.id, 'App', 'English') };
    await setColumns(t, 'navigation_events', e2.id, { um_widget_id: widget.id });
    const ids = async (query: Record<string, number>) =>
      idsOf(await t.api.ok('listNavigationEvents', { query }));
    expect(await ids({ contact_identity_id: a.id })).toEqual([e2.id, e1.id]);
    expect(await ids({ contact_identity_id: b.id })).toEqual([e3.id]);
    expect(await ids({ conversation_id: conversation.id })).toEqual([e1.id]);
    expect(await ids({ um_widget_id: widget!.id })).toEqual([e2.id]);
    expect(await ids({ um_widget_id: e1.um_widget_id })).toEqual([e3.id, e1.id]);
    expect(await ids({ contact_identity_id: a.id, um_widget_id: e1.um_widget_id })).toEqual([e1.id]);
    expect(await ids({ contact_identity_id: b.id, conversation_id: conversation.id })).toEqual([]);
  });

  it('navigation events: exclude_ids; a deleted conversation leaves conversation_id null (Common rule 6, storage)', async () => {
    const contact = await t.fx.contact(t.org.id);
    const conversation = await t.fx.conversation(t.org.id, { contact_identity_id: contact.id });
    const event = await t.fx.navigationEvent(t.org.id, {
      contact_identity_id: contact.id,
      conversation_id: conversation.id,
    });
    const other = await t.fx.navigationEvent(t.org.id, { contact_identity_id: contact.id });
    expect(
      idsOf(await t.api.ok('listNavigationEvents', { query: { exclude_ids: String(other.id) } })),
    ).toEqual([event.id]);
    expect((await t.api.ok('listNavigationEvents')).results[1]!.conversation_id).toBe(conversation.id);
    await t.api.ok('deleteConversation', { params: { id: conversation.id } });
    expect((await t.api.ok('listNavigationEvents')).results[1]).toEqual({ ...event, conversation_id: null });
    // Deleting the contact removes its events.
    await t.api.ok('deleteContact', { params: { id: contact.id } });
    expect((await t.api.ok('listNavigationEvents')).count).toBe(0);
  });
});
