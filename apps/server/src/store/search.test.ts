import { beforeEach, expect, it } from 'vitest';
import type { Db } from './engine/db.js';
import { resetDb } from './engine/reset-db.js';
import { FragmentCache, fragmentsOf } from './fragments.js';
import { describeOnEachEngine, type TestDb, useTestDb } from './test-support/test-databases.js';

/**
 * The search vectors (migration 0005) on real writes: weights A (contact name, email, street,
 * city) > B (notes) > C (messages), prefix and stem matching of keywords, and upkeep by the
 * triggers when contacts, notes and messages change. Also the version rules the stored renders
 * depend on, and the conversation list keys (0014).
 */
const ORG = 11;

async function fixture(db: Db): Promise<void> {
  await db.exec(`
    INSERT INTO customers (id, name) VALUES (1, 'Customer');
    INSERT INTO organizations (id, customer_id, name, is_default) VALUES (${ORG}, 1, 'Org', true);
    INSERT INTO um_widgets (id, organization_id, name, language_name) VALUES (21, ${ORG}, 'Website chat', 'English');
    INSERT INTO topics (id, organization_id, text) VALUES (41, ${ORG}, 'Billing');
    INSERT INTO contact_identities (id, organization_id, name, email, city) VALUES
      (101, ${ORG}, 'Marmaduke Zephyrine', 'mz@example.com', 'Leeds'),
      (102, ${ORG}, 'Ann Other', 'ann@example.com', 'York'),
      (103, ${ORG}, 'Bob Third', 'bob@example.com', 'Hull');
    INSERT INTO notes (organization_id, contact_identity_id, body) VALUES (${ORG}, 102, 'Asked about zephyrine shipping');
    INSERT INTO conversations (id, organization_id, customer_id, contact_identity_id, conversation_contact_uuid, um_widget_id)
      VALUES (201, ${ORG}, 1, 101, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 21),
             (203, ${ORG}, 1, 103, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a13', 21);
    INSERT INTO conversation_parts (id, organization_id, conversation_id, um_widget_id) VALUES
      (301, ${ORG}, 201, 21), (303, ${ORG}, 203, 21);
    INSERT INTO messages (organization_id, conversation_id, part_id, sequence, sent_at, body, sender_type, sender_id) VALUES
      (${ORG}, 201, 301, 1, now(), 'Hello there', 'contact', 101),
      (${ORG}, 203, 303, 1, now(), 'My zephyrine blender runs hot', 'contact', 103);
  `);
}

const contactRanks = (db: Db, query: string) =>
  db.query<{ id: number; rank: number }>(
    `SELECT id, ts_rank(search_vector, um_search_query($1)) AS rank FROM contact_identities
      WHERE organization_id = $2 AND search_vector @@ um_search_query($1) ORDER BY rank DESC, id DESC`,
    [query, ORG],
  );
const conversationRanks = (db: Db, query: string) =>
  db.query<{ id: number; rank: number }>(
    `SELECT id, ts_rank(search_vector, um_search_query($1)) AS rank FROM conversations
      WHERE organization_id = $2 AND search_vector @@ um_search_query($1) ORDER BY rank DESC, id DESC`,
    [query, ORG],
  );

function searchSuite(open: () => Promise<TestDb>) {
  const db = useTestDb(open);
  beforeEach(async () => {
    await resetDb(db);
    await fixture(db);
  });

  it('ranks a name match above a note match above a message match', async () => {
    const contacts = await contactRanks(db, 'zephyrine');
    expect(contacts.map((c) => c.id)).toEqual([101, 102]);
    const conversations = await conversationRanks(db, 'zephyrine');
    expect(conversations.map((c) => c.id)).toEqual([201, 203]);
    const [name, note] = contacts;
    const message = conversations[1]!;
    expect(name!.rank).toBeGreaterThan(note!.rank);
    expect(note!.rank).toBeGreaterThan(message.rank);
  });

  it('matches stems and prefixes, ORs keywords split on + or space, ignores stop words', async () => {
    expect((await conversationRanks(db, 'running')).map((c) => c.id)).toEqual([203]);
    expect((await contactRanks(db, 'zeph')).map((c) => c.id)).toEqual([101, 102]);
    expect((await contactRanks(db, 'york+hull')).map((c) => c.id)).toEqual([103, 102]);
    expect((await contactRanks(db, 'leeds hull')).map((c) => c.id)).toEqual([103, 101]);
    expect((await contactRanks(db, 'example.com')).length).toBe(3);
    expect((await contactRanks(db, 'ann@example')).map((c) => c.id)).toEqual([102]);
    const [none] = await db.query<{ q: string | null }>(`SELECT um_search_query('the and of') AS q`);
    expect(none?.q).toBeNull();
    expect(await contactRanks(db, `o'brien \\ ":*|&`)).toEqual([]);
  });

  it('follows contact edits into the contact and its conversations', async () => {
    await db.query(`UPDATE contact_identities SET name = 'Quentin Quasar' WHERE id = 101`);
    expect(await contactRanks(db, 'marmaduke')).toEqual([]);
    expect((await contactRanks(db, 'quasar')).map((c) => c.id)).toEqual([101]);
    expect((await conversationRanks(db, 'quasar')).map((c) => c.id)).toEqual([201]);
    expect(await conversationRanks(db, 'marmaduke')).toEqual([]);
  });

  it("writes a contact's vector with the row: an edit of a searched field is one row version (0028)", async () => {
    const row = async () =>
      (
        await db.query<{ version: number; matches: boolean }>(
          `SELECT version, search_vector = contact_search_vector(name, email, street, city, country,
                    (SELECT string_agg(body, ' ' ORDER BY id) FROM notes WHERE contact_identity_id = 102)) AS matches
             FROM contact_identities WHERE id = 102`,
        )
      )[0]!;
    const before = await row();
    await db.query(`UPDATE contact_identities SET city = 'Scarborough' WHERE id = 102`);
    expect(await row()).toEqual({ version: before.version + 1, matches: true });
    expect((await contactRanks(db, 'scarborough')).map((c) => c.id)).toEqual([102]);
    await db.query(
      `INSERT INTO contact_identities (id, organization_id, name, city) VALUES (104, ${ORG}, 'Nell New', 'Whitby')`,
    );
    expect((await contactRanks(db, 'whitby')).map((c) => c.id)).toEqual([104]);
  });

  it('follows note creation and deletion', async () => {
    await db.query(
      `INSERT INTO notes (organization_id, contact_identity_id, body) VALUES ($1, 103, 'Prefers kumquats')`,
      [ORG],
    );
    expect((await contactRanks(db, 'kumquat')).map((c) => c.id)).toEqual([103]);
    await db.query(`DELETE FROM notes WHERE contact_identity_id = 102`);
    expect((await contactRanks(db, 'zephyrine')).map((c) => c.id)).toEqual([101]);
  });

  it('follows new messages and deleted conversations', async () => {
    await db.query(
      `INSERT INTO messages (organization_id, conversation_id, part_id, sequence, sent_at, body, sender_type, sender_id, operator_id)
       VALUES ($1, 201, 301, 2, now(), 'Your invoice is attached', 'operator', 1, 1)`,
      [ORG],
    );
    expect((await conversationRanks(db, 'invoices')).map((c) => c.id)).toEqual([201]);
    await db.query(`DELETE FROM conversations WHERE id = 203`);
    expect((await conversationRanks(db, 'blender')).map((c) => c.id)).toEqual([]);
  });

  it('bumps the version on own and embedded changes', async () => {
    const version = async (table: string, id: number) =>
      (await db.query<{ version: number }>(`SELECT version FROM ${table} WHERE id = $1`, [id]))[0]!.version;
    const v1 = await version('contact_identities', 102);
    await db.query(`UPDATE contact_identities SET gender = 'female' WHERE id = 102`);
    expect(await version('contact_identities', 102)).toBe(v1 + 1);
    // The conversation embeds its contact, its last message and its topics.
    for (const change of [
      `UPDATE contact_identities SET salutation = 'mr' WHERE id = 101`,
      `INSERT INTO messages (organization_id, conversation_id, part_id, sequence, sent_at, body, sender_type, sender_id) VALUES (${ORG}, 201, 301, 3, now(), 'More', 'contact', 101)`,
      `INSERT INTO conversation_topics (organization_id, conversation_id, topic_id) VALUES (${ORG}, 201, 41)`,
      `UPDATE topics SET text = 'Invoices' WHERE id = 41`,
      `UPDATE um_widgets SET name = 'Chat' WHERE id = 21`,
    ]) {
      const before = await version('conversations', 201);
      await db.query(change);
      expect(await version('conversations', 201), change).toBeGreaterThan(before);
    }
    // A contact shows its conversation count.
    const before = await version('contact_identities', 103);
    await db.query(`DELETE FROM conversations WHERE id = 203`);
    expect(await version('contact_identities', 103)).toBeGreaterThan(before);
  });

  it("keeps each conversation's list keys (topics, widgets) in step with it", async () => {
    const keys = () =>
      db.query<{
        id: number;
        kind: string;
        key: number;
        last_message_sent_at: string | null;
      }>('SELECT id, kind, key, last_message_sent_at FROM conversation_list_keys ORDER BY id, kind, key');
    await db.query(`UPDATE conversations SET um_widget_ids = '{21}' WHERE id IN (201, 203)`);
    await db.query(
      `INSERT INTO conversation_topics (organization_id, conversation_id, topic_id) VALUES (${ORG}, 201, 41)`,
    );
    await db.query(`UPDATE conversations SET last_message_sent_at = '2025-01-02T03:04:05Z' WHERE id = 201`);
    const at = '2025-01-02T03:04:05.000000Z';
    expect(await keys()).toEqual([
      { id: 201, kind: 'topic', key: 41, last_message_sent_at: at },
      { id: 201, kind: 'widget', key: 21, last_message_sent_at: at },
      { id: 203, kind: 'widget', key: 21, last_message_sent_at: null },
    ]);
    // One statement: 203's key set changes (refreshed), 201's does not (rewritten in place).
    // A write changing neither keys nor ordering columns leaves them as they are.
    await db.query(`UPDATE conversations SET updated_at = now() WHERE id IN (201, 203)`);
    await db.query(
      `UPDATE conversations SET last_message_sent_at = '2025-02-03T04:05:06Z',
         um_widget_ids = CASE WHEN id = 203 THEN '{}'::int[] ELSE um_widget_ids END
       WHERE id IN (201, 203)`,
    );
    const later = '2025-02-03T04:05:06.000000Z';
    expect(await keys()).toEqual([
      { id: 201, kind: 'topic', key: 41, last_message_sent_at: later },
      { id: 201, kind: 'widget', key: 21, last_message_sent_at: later },
    ]);
    await db.query('DELETE FROM conversation_topics WHERE conversation_id = 201');
    await db.query('DELETE FROM conversations WHERE id = 203');
    expect((await keys()).map((k) => [k.id, k.kind, k.key])).toEqual([[201, 'widget', 21]]);
  });

  it('stores a render for its version only, never one of a version since written, and drops it with the record', async () => {
    const table = { name: 'contact_identities' };
    const current = async () =>
      (await db.query<{ version: number }>('SELECT version FROM contact_identities WHERE id = 102'))[0]!
        .version;
    const stored = () =>
      db.query<{ version: number; json: string }>(
        'SELECT version, json FROM contact_identities_renders WHERE id = 102',
      );
    const renderAs = (text: string) => async (ids: number[]) => new Map(ids.map((id) => [id, text]));
    const refuse = async (): Promise<Map<number, string>> => {
      throw new Error('must not render');
    };
    const v1 = await current();
    const page = (version: number) => [{ id: 102, version }];
    expect(await fragmentsOf(db, new FragmentCache(), table, page(v1), renderAs('"one"'))).toEqual([
      Buffer.from('"one"'),
    ]);
    expect(await stored()).toEqual([{ version: v1, json: '"one"' }]);
    // Another instance (an empty process cache) reads the stored render instead of rendering.
    expect(await fragmentsOf(db, new FragmentCache(), table, page(v1), refuse)).toEqual([
      Buffer.from('"one"'),
    ]);
    // A write bumps the version: the old render is not served for the new version.
    await db.query(`UPDATE contact_identities SET gender = 'male' WHERE id = 102`);
    const v2 = await current();
    expect(await fragmentsOf(db, new FragmentCache(), table, page(v2), renderAs('"two"'))).toEqual([
      Buffer.from('"two"'),
    ]);
    expect(await stored()).toEqual([{ version: v2, json: '"two"' }]);
    // A render of a version the record no longer has (a page read before a write) is not stored.
    await db.query(`UPDATE contact_identities SET gender = 'female' WHERE id = 102`);
    await fragmentsOf(db, new FragmentCache(), table, page(v2 + 5), renderAs('"stale"'));
    await fragmentsOf(db, new FragmentCache(), table, page(v1), renderAs('"older"'));
    expect(await stored()).toEqual([{ version: v2, json: '"two"' }]);
    await db.query('DELETE FROM contact_identities WHERE id = 102');
    expect(await stored()).toEqual([]);
  });
}

describeOnEachEngine('search vectors', searchSuite);
