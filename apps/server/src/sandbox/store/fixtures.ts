import type {
  AnalyticsDataPoint,
  AnalyticsMetric,
  ContactIdentity,
  ConversationDetail,
  NavigationEvent,
  Note,
  Operator,
  OperatorRole,
} from '@org/model';
import { canonicalMetric } from '@org/model';
import { generateToken, hashToken } from '../../core/auth/tokens.js';
import type { CountCache } from '../../core/count-cache.js';
import { bytesOfParts } from '../../core/json.js';
import { contactJson } from '../../store/contacts.js';
import { conversationDetailJson } from '../../store/conversations.js';
import type { Db } from '../../store/engine/db.js';
import { syncIdSequences } from '../../store/engine/reset-db.js';
import { FragmentCache } from '../../store/fragments.js';
import { RECORD_TABLE_NAMES } from '../../store/resources.js';
import { AUTH_TABLES } from '../../store/schema.js';
import { recordJson } from '../../store/simple-records.js';
import { Params, updateColumns } from '../../store/sql.js';

/**
 * Exact states for tests and Pact provider states: each call creates one record (with the id asked
 * for, when given) in an organization and returns it as the API shows it.
 */
export interface Fixtures {
  /** Deletes every record but customers, organizations, tokens, widgets, groups and operators. */
  reset(): Promise<void>;
  contact(
    org: number,
    fields?: Partial<Omit<ContactIdentity, 'conversation_count'>> & { id?: number },
  ): Promise<ContactIdentity>;
  conversation(
    org: number,
    fields?: {
      id?: number;
      contact_identity_id?: number;
      status?: string;
      operator_id?: number | null;
      messages?: number;
      topics?: string[];
      message_bodies?: string[];
    },
  ): Promise<ConversationDetail>;
  note(org: number, fields: { id?: number; contact_identity_id: number; body?: string }): Promise<Note>;
  navigationEvent(
    org: number,
    fields: { id?: number; contact_identity_id: number; conversation_id?: number },
  ): Promise<NavigationEvent>;
  operator(
    org: number,
    fields?: { id?: number; role?: OperatorRole; is_bot?: boolean; name?: string },
  ): Promise<Operator>;
  /**
   * A fresh customer with `organizations` organizations, their tokens (raw, returned), a widget and
   * an operator of each role: records and rate-limit counters of its own.
   */
  tenant(organizations?: number): Promise<{
    customerId: number;
    customerToken: string;
    organizations: Array<{ id: number; token: string; operators: Record<OperatorRole, number> }>;
  }>;
  /** Deletes a customer with everything it owns (organizations, tokens, records); false if absent. */
  dropTenant(customerId: number): Promise<boolean>;
  /** Sets columns of a row directly (states the API cannot write, e.g. timestamps). */
  setColumns(table: string, id: number, columns: Record<string, unknown>): Promise<void>;
  /** Deletes every operator but these (the world's own). */
  keepOnlyOperators(ids: number[]): Promise<void>;
  dataPoint(
    org: number,
    metric: AnalyticsMetric,
    fields?: Partial<AnalyticsDataPoint> & { time?: string },
  ): Promise<void>;
}

async function insert(db: Db, table: string, row: Record<string, unknown>): Promise<number> {
  const p = new Params();
  const entries = Object.entries(row).filter(([, v]) => v !== undefined);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO ${table} (${entries.map(([k]) => k).join(', ')}) VALUES (${entries.map(([, v]) => p.add(v)).join(', ')}) RETURNING id`,
    p.values,
  );
  return rows[0]!.id;
}

/** Moves the id sequences past ids chosen by a fixture, so later API writes get fresh ones. */
async function afterExplicitId(db: Db, id: number | undefined) {
  if (id !== undefined) await syncIdSequences(db);
}

/** Fixtures render what they create afresh and keep nothing in the process (a zero-byte cache). */
const noCache = new FragmentCache(0);

/**
 * What any fixture may have written (announced by the caller, as a request's writes are): the
 * counted tables and those authentication reads.
 */
export const FIXTURE_TABLES = [...new Set([...RECORD_TABLE_NAMES, ...AUTH_TABLES])];
/**
 * The fixtures that may write what authentication reads; the others write counted records only and
 * announce no authentication table (its echo through LISTEN would drop the instance's token cache
 * again, after requests made since refilled it).
 */
const AUTH_WRITING = new Set<keyof Fixtures>([
  'reset',
  'operator',
  'tenant',
  'dropTenant',
  'setColumns',
  'keepOnlyOperators',
]);
const RECORD_ONLY_TABLES = FIXTURE_TABLES.filter((table) => !AUTH_TABLES.includes(table));

export function createFixtures(
  db: Db,
  announce: (tables: readonly string[]) => Promise<void>,
  counts: CountCache,
): Fixtures {
  const widgetOf = async (org: number) =>
    (
      await db.query<{ id: number }>(
        'SELECT id FROM um_widgets WHERE organization_id = $1 ORDER BY id LIMIT 1',
        [org],
      )
    )[0]?.id ?? insert(db, 'um_widgets', { organization_id: org, name: 'Website', language_name: 'English' });
  const customerOf = async (org: number) =>
    (
      await db.query<{ customer_id: number }>('SELECT customer_id FROM organizations WHERE id = $1', [org])
    )[0]!.customer_id;

  const fixtures: Fixtures = {
    async reset() {
      // DELETE, not TRUNCATE: a test leaves a few rows, which delete in milliseconds, while
      // TRUNCATE gives some forty tables and indexes new files (a third of a second on either
      // engine, before every test). Children first; the rest follows by ON DELETE CASCADE.
      await db.exec(
        [
          'analytics_data_points',
          'navigation_events',
          'notes',
          'conversations',
          'contact_identities',
          'topics',
        ]
          .map((table) => `DELETE FROM ${table};`)
          .join('\n'),
      );
    },

    async contact(org, fields = {}) {
      const { id, conversation_count: _c, verified: _v, ...rest } = fields as Record<string, unknown>;
      const contactIdentityId = await insert(db, 'contact_identities', {
        id,
        organization_id: org,
        name: 'Lena Hoffmann',
        email: `contact-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`,
        city: 'Berlin',
        country: 'DE',
        locale: 'de_DE',
        contact_uuids: [crypto.randomUUID()],
        ...rest,
      });
      await afterExplicitId(db, id as number | undefined);
      return JSON.parse((await contactJson(db, org, contactIdentityId))!);
    },

    async conversation(org, fields = {}) {
      const contactIdentityId = fields.contact_identity_id ?? (await fixtures.contact(org)).id;
      const widget = await widgetOf(org);
      const operatorId =
        fields.operator_id === undefined
          ? ((
              await db.query<{ id: number }>(
                'SELECT id FROM operators WHERE organization_id = $1 ORDER BY id LIMIT 1',
                [org],
              )
            )[0]?.id ?? null)
          : fields.operator_id;
      const now = new Date();
      const id = await insert(db, 'conversations', {
        id: fields.id,
        organization_id: org,
        customer_id: await customerOf(org),
        contact_identity_id: contactIdentityId,
        conversation_contact_uuid: crypto.randomUUID(),
        um_widget_id: widget,
        um_widget_ids: [widget],
        operator_assigned_to: operatorId,
        status: fields.status ?? 'ended',
        status_description: fields.status ?? 'ended',
        subject: 'Question about an invoice',
        contact_first_message_sent_at: now.toISOString(),
        contact_last_message_sent_at: now.toISOString(),
        contact_last_update_at: now.toISOString(),
        last_message_sent_at: now.toISOString(),
        last_activity_at: now.toISOString(),
      });
      const partId = await insert(db, 'conversation_parts', {
        organization_id: org,
        conversation_id: id,
        um_widget_id: widget,
        operator_id: operatorId,
        browser_name: 'Firefox',
        browser_os: 'Linux',
        browser_version: '128.0',
        location_city: 'Berlin',
        location_country: 'DE',
        name_friendly: 'Chat',
        ended_at: now.toISOString(),
      });
      const bodies =
        fields.message_bodies ??
        Array.from({ length: Math.max(1, fields.messages ?? 2) }, (_, i) => `Message ${i + 1}`);
      for (const [i, body] of bodies.entries()) {
        const fromOperator = i % 2 === 1 && operatorId !== null;
        await db.query(
          `INSERT INTO messages (organization_id, conversation_id, part_id, sequence, sent_at, body, sender_type, sender_id,
                                 operator_id, name, display_name, state_type, state_message)
           VALUES ($1, $2, $3, $4, um_now() + make_interval(secs => $10), $5, $6, $7, $8, $9, $9, 1, 'Submitted')`,
          [
            org,
            id,
            partId,
            i + 1,
            body,
            fromOperator ? 'operator' : 'contact',
            fromOperator ? operatorId : contactIdentityId,
            fromOperator ? operatorId : null,
            fromOperator ? 'Operator' : 'Contact',
            i + 1,
          ],
        );
      }
      if (fields.topics?.length) {
        await db.query(
          `INSERT INTO topics (organization_id, text) SELECT $1, t FROM unnest($2::text[]) t ON CONFLICT DO NOTHING`,
          [org, fields.topics],
        );
        await db.query(
          `INSERT INTO conversation_topics (organization_id, conversation_id, topic_id)
           SELECT $1, $2, id FROM topics WHERE organization_id = $1 AND text = ANY ($3::text[])`,
          [org, id, fields.topics],
        );
      }
      await afterExplicitId(db, fields.id);
      return JSON.parse(
        bytesOfParts(
          (await conversationDetailJson({ db, fragments: noCache, counts }, org, id, { written: true }))!,
        ).toString(),
      );
    },

    async note(org, fields) {
      const id = await insert(db, 'notes', {
        id: fields.id,
        organization_id: org,
        contact_identity_id: fields.contact_identity_id,
        body: fields.body ?? 'Prefers email.',
      });
      await afterExplicitId(db, fields.id);
      return JSON.parse((await recordJson(db, 'notes', org, id))!);
    },

    async navigationEvent(org, fields) {
      const id = await insert(db, 'navigation_events', {
        id: fields.id,
        organization_id: org,
        contact_identity_id: fields.contact_identity_id,
        conversation_id: fields.conversation_id,
        um_widget_id: await widgetOf(org),
        url: 'https://shop.example.org/pricing',
        title: 'Pricing',
      });
      await afterExplicitId(db, fields.id);
      return JSON.parse((await recordJson(db, 'navigation_events', org, id))!);
    },

    async operator(org, fields = {}) {
      const id = await insert(db, 'operators', {
        id: fields.id,
        organization_id: org,
        name: fields.name ?? 'Jonas Weber',
        display_name: (fields.name ?? 'Jonas Weber').split(' ')[0],
        email: `operator-${Math.random().toString(36).slice(2, 8)}@example.com`,
        role: fields.role ?? 'operator',
        is_bot: fields.is_bot ?? false,
        status: 'online',
        total_slots: 5,
      });
      await afterExplicitId(db, fields.id);
      return JSON.parse((await recordJson(db, 'operators', org, id))!);
    },

    async tenant(organizations = 2) {
      const customerId = await insert(db, 'customers', { name: 'Test customer' });
      const customerToken = generateToken();
      const orgs = [];
      for (let i = 0; i < organizations; i++) {
        const id = await insert(db, 'organizations', {
          customer_id: customerId,
          name: `Test organization ${i + 1}`,
          is_default: i === 0,
        });
        const token = generateToken();
        const tokens = [['organization', token], ...(i === 0 ? [['customer', customerToken]] : [])];
        for (const [kind, raw] of tokens)
          await insert(db, 'api_tokens', {
            organization_id: id,
            customer_id: customerId,
            kind,
            token_sha256: hashToken(raw!),
          });
        await insert(db, 'um_widgets', { organization_id: id, name: 'Website', language_name: 'English' });
        const operators = {} as Record<OperatorRole, number>;
        for (const role of ['admin', 'operator', 'restricted'] as const)
          operators[role] = (await fixtures.operator(id, { role, name: `Test ${role}` })).id;
        orgs.push({ id, token, operators });
      }
      return { customerId, customerToken, organizations: orgs };
    },

    async dropTenant(customerId) {
      // Every organization-owned table cascades from organizations, which cascade from customers.
      return (await db.query('DELETE FROM customers WHERE id = $1 RETURNING id', [customerId])).length > 0;
    },

    async setColumns(table, id, columns) {
      await updateColumns(db, table, { id }, columns);
    },

    async keepOnlyOperators(ids) {
      await db.query('DELETE FROM operators WHERE NOT (id = ANY ($1::int[]))', [ids]);
    },

    async dataPoint(org, metric, fields = {}) {
      await insert(db, 'analytics_data_points', {
        metric: canonicalMetric(metric),
        organization_id: org,
        um_widget_ids: fields.um_widget_id ?? [await widgetOf(org)],
        operator_id: fields.operator_id ?? null,
        operator_group_id: fields.operator_group_id ?? null,
        time: fields.time ? `${fields.time.slice(0, 19)}Z` : new Date().toISOString(),
        value: fields.value ?? 1,
        value_str: fields.value_str ?? '',
        conversation_id: fields.conversation_id ?? null,
        conversation_part_id: fields.conversation_part_id ?? null,
        conversation_session_id: fields.conversation_session_id ?? null,
        is_chatbot_metric: fields.is_chatbot_metric ?? false,
        chatbot_interaction: fields.chatbot_interaction ?? null,
        human_interaction: fields.human_interaction ?? null,
      });
    },
  };
  // Every fixture writes: cached counts are stale after any of them, and cached operators after
  // operator(); the announcement clears them here at once and reaches the other instances.
  for (const key of Object.keys(fixtures) as Array<keyof Fixtures>) {
    const create = fixtures[key] as (...args: unknown[]) => Promise<unknown>;
    (fixtures as unknown as Record<string, unknown>)[key] = async (...args: unknown[]) => {
      try {
        return await create(...args);
      } finally {
        await announce(AUTH_WRITING.has(key) ? FIXTURE_TABLES : RECORD_ONLY_TABLES);
      }
    };
  }
  return fixtures;
}
