import {
  ContactIdentitySchema,
  ConversationDetailSchema,
  MessageSchema,
  NavigationEventSchema,
  NoteSchema,
  OperatorSchema,
  OperatorSlotsSchema,
  strictOf,
} from '@org/model';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Row } from '../engine/db.js';
import { useTestDb } from '../test-support/test-databases.js';
import { seedWorld } from './seed-world.js';

/**
 * Every stored record, rendered the plain way (columns as fields, nested objects assembled),
 * passes the model's schema: the world's values are valid API values (country codes, locales,
 * e-mails, URLs, UUIDs, timestamps with microseconds). Rendering for real is the routes' job.
 */
const db = useTestDb();
beforeAll(async () => {
  await seedWorld(db, { organizations: 2, contactsPerOrg: 40, conversationsPerOrg: 30 });
});

function expectAllValid(schema: z.ZodType, records: readonly unknown[]) {
  expect(records.length).toBeGreaterThan(0);
  const failures = records
    .map((record) => ({ record, result: strictOf(schema).safeParse(record) }))
    .filter(({ result }) => !result.success)
    .slice(0, 3)
    .map(({ record, result }) => ({ record, issues: result.success ? [] : result.error.issues }));
  expect(failures).toEqual([]);
}

const without = (row: Row, ...keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));

const INTERNAL = ['search_vector', 'rendered_json', 'version'];

const CONTACT_SQL = `SELECT c.*, (SELECT count(*) FROM conversations v WHERE v.contact_identity_id = c.id) AS conversation_count
  FROM contact_identities c ORDER BY c.id`;

const MESSAGE_SQL = `SELECT m.*, to_char(m.sent_at AT TIME ZONE 'UTC', 'HH24:MI:SS.US') AS sent_at_time FROM messages m`;

function message(row: Row) {
  const operator = row.sender_type === 'operator';
  return {
    id: row.id,
    msgid: row.id,
    conversation_id: row.conversation_id,
    conversation: { id: row.conversation_id },
    part_id: row.part_id,
    sent_at: row.sent_at,
    sent_at_time: row.sent_at_time,
    type: row.type,
    event: row.event,
    body: row.body,
    reference: row.reference,
    url: row.url,
    state: { type: row.state_type, error_code: row.state_error_code, message: row.state_message },
    sender: { type: row.sender_type, id: row.sender_id },
    operator_id: row.operator_id,
    operator_name: operator ? row.name : '',
    operator_display_name: operator ? row.display_name : '',
    operator_is_bot: row.operator_is_bot,
    name: row.name,
    display_name: row.display_name,
    marked_read_contact: row.marked_read_contact,
    marked_read_operator: row.marked_read_operator,
  };
}

describe('stored records as the model describes them', () => {
  it('operators and their slots', async () => {
    const rows = await db.query<Row>('SELECT * FROM operators ORDER BY id');
    expectAllValid(
      OperatorSchema,
      rows.map((r) => without(r, ...INTERNAL, 'total_slots')),
    );
    const slots = await db.query<Row>(`SELECT o.id AS operator_id, o.total_slots,
        (SELECT count(*) FROM conversations v WHERE v.operator_assigned_to = o.id AND v.slot_reserved AND v.status <> 'ended') AS used_slots
      FROM operators o`);
    expectAllValid(
      OperatorSlotsSchema,
      slots.map((s) => ({ ...s, free_slots: (s.total_slots as number) - (s.used_slots as number) })),
    );
  });

  it('contacts, notes and navigation events', async () => {
    const contacts = await db.query<Row>(CONTACT_SQL);
    expectAllValid(
      ContactIdentitySchema,
      contacts.map((r) => without(r, ...INTERNAL, 'organization_id', 'updated_at')),
    );
    const notes = await db.query<Row>('SELECT * FROM notes ORDER BY id');
    expectAllValid(
      NoteSchema,
      notes.map((r) => without(r, ...INTERNAL, 'organization_id')),
    );
    const navigation = await db.query<Row>('SELECT * FROM navigation_events ORDER BY id');
    expectAllValid(
      NavigationEventSchema,
      navigation.map((r) => without(r, ...INTERNAL)),
    );
  });

  it('messages', async () => {
    expectAllValid(MessageSchema, (await db.query<Row>(MESSAGE_SQL)).map(message));
  });

  it('conversations with their contact, last message, topics, widget and parts', async () => {
    const contacts = new Map((await db.query<Row>(CONTACT_SQL)).map((c) => [c.id, c]));
    const lastMessages = new Map(
      (
        await db.query<Row>(`${MESSAGE_SQL} WHERE (m.conversation_id, m.sequence) IN
          (SELECT conversation_id, max(sequence) FROM messages GROUP BY conversation_id)`)
      ).map((m) => [m.conversation_id, message(m)]),
    );
    const widgets = new Map(
      (await db.query<Row>('SELECT id, name, language_name FROM um_widgets')).map((w) => [w.id, w]),
    );
    const topics = await db.query<Row>(
      `SELECT ct.conversation_id, t.id, t.organization_id, t.text, t.read_permission, t.write_permission
         FROM conversation_topics ct JOIN topics t ON t.id = ct.topic_id ORDER BY t.id`,
    );
    const parts = await db.query<Row>(`SELECT p.*, to_char(p.duration, 'HH24:MI:SS') AS duration_text
      FROM conversation_parts p ORDER BY p.id`);
    const conversations = await db.query<Row>('SELECT * FROM conversations ORDER BY id');
    // topic_ids mirrors conversation_topics for the list indexes (migration 0011).
    for (const v of conversations)
      expect(v.topic_ids).toEqual(topics.filter((t) => t.conversation_id === v.id).map((t) => t.id));
    const rendered = conversations.map((v) => ({
      ...without(
        v,
        ...INTERNAL,
        'contact_identity_id',
        'um_widget_id',
        'um_widget_ids',
        'contact_channel_state',
        'contact_channel_type',
        'last_activity_at',
        'topic_ids',
      ),
      contact: without(
        contacts.get(v.contact_identity_id)!,
        ...INTERNAL,
        'organization_id',
        'updated_at',
        'contact_uuids',
        'conversation_count',
      ),
      contact_channel: { state: v.contact_channel_state, type: v.contact_channel_type },
      last_message: lastMessages.get(v.id),
      topics: topics.filter((t) => t.conversation_id === v.id).map((t) => without(t, 'conversation_id')),
      um_widget: widgets.get(v.um_widget_id),
      conversation_part_set: parts
        .filter((p) => p.conversation_id === v.id)
        .map((p) => ({
          id: p.id,
          browser: { name: p.browser_name, os: p.browser_os, version: p.browser_version },
          created_at: p.created_at,
          ended_at: p.ended_at,
          duration: p.duration_text,
          location: {
            city: p.location_city,
            country: p.location_country,
            lat: p.location_lat,
            lon: p.location_lon,
          },
          name_friendly: p.name_friendly,
          part_type: p.part_type,
          referrer: p.referrer,
          read_permission: p.read_permission,
          write_permission: p.write_permission,
        })),
    }));
    expectAllValid(ConversationDetailSchema, rendered);
  });
});
