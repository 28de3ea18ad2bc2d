import { describe, expect, it } from 'vitest';
import { CLOCK_CHANGED } from '../sandbox/store/clock.js';
import { FIXTURE_TABLES } from '../sandbox/store/fixtures.js';
import {
  ANNOUNCE_SETTING,
  CHANGES_CHANNEL,
  LIST_KEY_KINDS,
  ORDER_COLUMNS,
  rendersTableOf,
} from './schema.js';
import { useTestDb } from './test-support/test-databases.js';

/** The tables whose pages are joined from stored renders (the handlers' FragmentTables). */
const RENDERED_TABLES = [
  'conversation_details',
  'conversations',
  'contact_identities',
  'messages',
  'notes',
  'navigation_events',
  'operators',
];

// The migrations are frozen SQL that cannot import schema.ts: these check that they agree.
describe('the schema names the store relies on, against a migrated database', () => {
  const db = useTestDb();

  const columnsOf = async (table: string) =>
    (
      await db.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      )
    ).map((row) => row.name);

  it('keeps the renders of each rendered table in rendersTableOf(table)', async () => {
    for (const table of RENDERED_TABLES) {
      expect(await columnsOf(rendersTableOf(table))).toEqual(expect.arrayContaining(['version', 'json']));
    }
  });

  it('indexes neither version nor updated_at of conversations, nor list keys by version, so writes can be HOT', async () => {
    const indexed = await db.query<{ index: string; column: string }>(
      `SELECT i.indexrelid::regclass::text AS index, a.attname AS column
         FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid IN ('conversations'::regclass, 'conversation_list_keys'::regclass)`,
    );
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.filter((row) => ['version', 'updated_at'].includes(row.column))).toEqual([]);
    expect(await columnsOf('conversation_list_keys')).not.toContain('version');
  });

  it('orders conversation list keys by ORDER_COLUMNS, which conversations carry', async () => {
    const keyColumns = await columnsOf('conversation_list_keys');
    expect(keyColumns.filter((c) => !['organization_id', 'id', 'kind', 'key'].includes(c))).toEqual(
      ORDER_COLUMNS,
    );
    expect(await columnsOf('conversations')).toEqual(expect.arrayContaining(ORDER_COLUMNS));
  });

  it('writes list keys of the LIST_KEY_KINDS kinds, from their columns', async () => {
    await db.exec(`
      INSERT INTO customers (id, name) VALUES (1, 'c');
      INSERT INTO organizations (id, customer_id, name) VALUES (1, 1, 'o');
      INSERT INTO contact_identities (id, organization_id) VALUES (1, 1);
      INSERT INTO um_widgets (id, organization_id, name, language_name) VALUES (7, 1, 'w', 'English');
      INSERT INTO topics (id, organization_id, text) VALUES (5, 1, 't');
      INSERT INTO conversations (id, organization_id, customer_id, contact_identity_id, conversation_contact_uuid,
                                 um_widget_id, um_widget_ids)
        VALUES (1, 1, 1, 1, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 7, '{7}');
      INSERT INTO conversation_topics (organization_id, conversation_id, topic_id) VALUES (1, 1, 5);`);
    const [conversation] = await db.query<Record<string, number[]>>(
      `SELECT ${Object.values(LIST_KEY_KINDS).join(', ')} FROM conversations WHERE id = 1`,
    );
    const expected = Object.entries(LIST_KEY_KINDS).flatMap(([kind, column]) =>
      conversation![column]!.map((key) => ({ kind, key })),
    );
    expect(expected.map((k) => k.kind)).toEqual(Object.keys(LIST_KEY_KINDS));
    expect(
      await db.query('SELECT kind, key FROM conversation_list_keys WHERE id = 1 ORDER BY kind, key'),
    ).toEqual(expected);
  });

  it('announces writes on CHANGES_CHANNEL', async () => {
    let notified!: () => void;
    const notification = new Promise<void>((resolve) => {
      notified = resolve;
    });
    const stop = await db.listen(CHANGES_CHANNEL, {
      onNotify: (table) => table === 'notes' && notified(),
      onLost: () => {},
      onRestored: () => {},
    });
    try {
      await db.query(`INSERT INTO notes (organization_id, contact_identity_id, body) VALUES (1, 1, 'n')`);
      await notification;
    } finally {
      await stop();
    }
  });

  it('the notifying triggers are those of the tables the server announces, and the clock', async () => {
    const notifying = await db.query<{ table: string }>(
      `SELECT DISTINCT c.relname AS table FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = 'notify_changed' AND NOT t.tgisinternal ORDER BY 1`,
    );
    expect(notifying.map((row) => row.table)).toEqual([...FIXTURE_TABLES, CLOCK_CHANGED].sort());
  });

  it(`with ${ANNOUNCE_SETTING.name} = '${ANNOUNCE_SETTING.server}' writes notify nothing, but the clock's`, async () => {
    const payloads: string[] = [];
    const stop = await db.listen(CHANGES_CHANNEL, {
      onNotify: (table) => payloads.push(table),
      onLost: () => {},
      onRestored: () => {},
    });
    try {
      await db.transaction(async (tx) => {
        await tx.query('SELECT set_config($1, $2, true)', [ANNOUNCE_SETTING.name, ANNOUNCE_SETTING.server]);
        await tx.query(`INSERT INTO notes (organization_id, contact_identity_id, body) VALUES (1, 1, 'n')`);
        await tx.query('DELETE FROM um_clock');
      });
      await db.query(`SELECT pg_notify($1, 'marker')`, [CHANGES_CHANNEL]);
      // PGlite delivers after the statement that committed; the marker follows what came before it.
      await expect.poll(() => payloads.includes('marker')).toBe(true);
      expect(payloads.slice(0, payloads.indexOf('marker'))).toEqual([CLOCK_CHANGED]);
    } finally {
      await stop();
    }
  });
});
