import type { Db } from '../db/db.js';
import { syncIdSequences } from '../db/reset-db.js';
import { conversationDataPoints, operatorDataPoints } from './analytics.js';
import { BatchWriter } from './batch-writer.js';
import { ContactTimeline, contactNotes, contactProfile } from './contacts.js';
import { ConversationScripter, SlotLedger } from './conversation-script.js';
import { BASE_IDS, IdAllocator } from './ids.js';
import { type ResolvedWorldOptions, resolveWorldOptions, type WorldOptions } from './options.js';
import { buildCustomer, buildOrganization, type OrgWorld } from './organizations.js';
import { Random } from './random.js';
import {
  contactRows,
  conversationRows,
  customerRows,
  dataPointRow,
  organizationRows,
  type RowSink,
  WORLD_TABLES,
  type WorldTable,
} from './rows.js';
import { DAY, formatMicros } from './time.js';

export interface WorldOrganizationSummary {
  readonly id: number;
  readonly name: string;
  readonly isDefault: boolean;
  /** Raw organization token. */
  readonly token: string;
  readonly widgetIds: readonly number[];
  readonly operatorGroupIds: readonly number[];
  readonly topicIds: readonly number[];
  /** One operator id per role, and a bot (null when botsPerOrg is 0). */
  readonly operators: { admin: number; operator: number; restricted: number; bot: number | null };
  readonly operatorIds: readonly number[];
  /** Inclusive id ranges of this organization's contacts and conversations. */
  readonly contactIds: { first: number; last: number };
  readonly conversationIds: { first: number; last: number } | null;
}

export interface WorldSummary {
  readonly seed: number;
  readonly now: string;
  /** Conversations start in [from, to]; analytics data points fall within about the same range. */
  readonly window: { from: string; to: string };
  readonly customerId: number;
  readonly customerName: string;
  readonly defaultOrganizationId: number;
  readonly organizationIds: readonly number[];
  readonly tokens: { readonly customer: string; readonly organizations: Readonly<Record<number, string>> };
  readonly organizations: readonly WorldOrganizationSummary[];
  readonly baseIds: typeof BASE_IDS;
  /** Rows inserted per table. */
  readonly counts: Readonly<Record<WorldTable, number>>;
  readonly totalRecords: number;
  readonly seconds: number;
  /** Where the time went: INSERT milliseconds per table (includes waiting for the event loop). */
  readonly timings: Readonly<Record<string, number>>;
}

/**
 * Generates the demo world into a migrated, empty database: in one transaction, streamed in
 * batches (memory stays flat from a handful of records to millions). Triggers that maintain
 * search vectors step aside during the load (`app.bulk_load`), and the vectors are computed
 * afterwards with the same SQL functions. Same options => byte-identical data.
 */
export async function seedWorld(db: Db, input: WorldOptions = {}): Promise<WorldSummary> {
  const options = resolveWorldOptions(input);
  const started = performance.now();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('app.bulk_load', 'on', true)`);
    // Contacts are written after the conversations that reference them (see generate()).
    await tx.query('SET CONSTRAINTS ALL DEFERRED');
    const checksSkipped = !options.checkForeignKeys && (await skipTriggerChecks(tx));
    const summary = await generate(tx, options, input);
    // Derived rows the triggers keep afterwards, written once for the whole load.
    await tx.query('SELECT refresh_conversation_list_keys(ARRAY(SELECT id FROM conversations))');
    if (checksSkipped) await tx.query(`SET LOCAL session_replication_role = origin`);
    await tx.query(`SELECT set_config('app.bulk_load', 'off', true)`);
    await syncIdSequences(tx);
    return { ...summary, seconds: (performance.now() - started) / 1000 };
  });
}

/**
 * Foreign keys are enforced by triggers, which session_replication_role = replica switches off
 * for this transaction. Only privileged roles may set it; others keep the checks (same rows).
 */
async function skipTriggerChecks(tx: Db): Promise<boolean> {
  try {
    await tx.transaction((inner) => inner.query(`SET LOCAL session_replication_role = replica`));
    return true;
  } catch {
    return false;
  }
}

function defaultToken(seed: number, ...what: (string | number)[]): string {
  return Random.of(seed, 'token', ...what).hex(40);
}

async function generate(
  db: Db,
  options: ResolvedWorldOptions,
  input: WorldOptions,
): Promise<Omit<WorldSummary, 'seconds'>> {
  const ids = new IdAllocator();
  const writer = new BatchWriter(db, WORLD_TABLES, options.batchSize);
  const emit: RowSink = (table, values) => writer.add(table, values);
  const customer = buildCustomer(
    options,
    ids,
    input.tokens?.customer ?? defaultToken(options.seed, 'customer'),
  );
  customerRows(emit, customer);

  const organizations: WorldOrganizationSummary[] = [];
  for (let o = 0; o < options.organizations; o++) {
    const token = input.tokens?.organizations?.[o] ?? defaultToken(options.seed, 'organization', o);
    const org = buildOrganization(options, ids, customer, o, token);
    organizationRows(emit, customer, org, {
      organization: ids.next('apiToken'),
      customer: o === 0 ? ids.next('apiToken') : null,
    });

    const contacts = new ContactTimeline(
      options,
      ids.block('contact', options.contactsPerOrg),
      options.contactsPerOrg,
    );
    // Conversations first: they decide each contact's first and last message times, which the
    // contact rows then carry (no second write per contact). Contact references are deferred.
    const firstMessage = new Float64Array(options.contactsPerOrg).fill(Number.NaN);
    const lastMessage = new Float64Array(options.contactsPerOrg).fill(Number.NaN);
    const slots = new SlotLedger();
    const scripter = new ConversationScripter(options, org, contacts, ids, slots);
    let firstConversation: number | null = null;
    let lastConversation: number | null = null;
    for (let i = 0; i < options.conversationsPerOrg; i++) {
      const conversation = scripter.script(i);
      firstConversation ??= conversation.id;
      lastConversation = conversation.id;
      const k = conversation.contact.index;
      for (const message of conversation.messages) {
        if (message.sender !== 'contact') continue;
        if (!(firstMessage[k]! <= message.sentAt)) firstMessage[k] = message.sentAt;
        if (!(lastMessage[k]! >= message.sentAt)) lastMessage[k] = message.sentAt;
      }
      conversationRows(emit, conversation);
      for (const point of conversationDataPoints(conversation))
        dataPointRow(emit, ids.next('analyticsDataPoint'), point);
      await writer.maybeFlush();
    }
    for (const point of operatorDataPoints(org, slots, options.now, options.days)) {
      dataPointRow(emit, ids.next('analyticsDataPoint'), point);
    }
    for (let k = 0; k < options.contactsPerOrg; k++) {
      const contact = contactProfile(options, org, contacts, k);
      const notes = contactNotes(options, org, contact);
      const times = Number.isNaN(firstMessage[k]!)
        ? null
        : { first: firstMessage[k]!, last: lastMessage[k]! };
      contactRows(emit, contact, notes, ids.block('note', notes.length), times);
      await writer.maybeFlush();
    }
    await writer.maybeFlush();
    organizations.push(summarize(org, contacts, firstConversation, lastConversation));
    input.onProgress?.({
      organizationIndex: o,
      organizations: options.organizations,
      records: writer.totalRows,
    });
  }
  await writer.drain();

  const counts = writer.rowCounts as Record<WorldTable, number>;
  return {
    seed: options.seed,
    now: formatMicros(options.now),
    window: { from: formatMicros(options.now - options.days * DAY), to: formatMicros(options.now) },
    customerId: customer.id,
    customerName: customer.name,
    defaultOrganizationId: organizations[0]!.id,
    organizationIds: organizations.map((o) => o.id),
    tokens: {
      customer: customer.token,
      organizations: Object.fromEntries(organizations.map((o) => [o.id, o.token])),
    },
    organizations,
    baseIds: BASE_IDS,
    counts,
    totalRecords: writer.totalRows,
    timings: writer.writeMilliseconds,
  };
}

function summarize(
  org: OrgWorld,
  contacts: ContactTimeline,
  firstConversation: number | null,
  lastConversation: number | null,
): WorldOrganizationSummary {
  const byRole = (role: string) => org.humans.find((h) => h.role === role)!.id;
  return {
    id: org.id,
    name: org.name,
    isDefault: org.isDefault,
    token: org.token,
    widgetIds: org.widgets.map((w) => w.id),
    operatorGroupIds: org.groups.map((g) => g.id),
    topicIds: org.topics.map((t) => t.id),
    operators: {
      admin: byRole('admin'),
      operator: byRole('operator'),
      restricted: byRole('restricted'),
      bot: org.bots[0]?.id ?? null,
    },
    operatorIds: org.operators.map((o) => o.id),
    contactIds: { first: contacts.firstId, last: contacts.firstId + contacts.count - 1 },
    conversationIds:
      firstConversation === null || lastConversation === null
        ? null
        : { first: firstConversation, last: lastConversation },
  };
}
