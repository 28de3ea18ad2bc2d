import { conversationDataPoints, operatorDataPoints } from './analytics.js';
import { ContactTimeline, contactNotes, contactProfile } from './contacts.js';
import { ConversationScripter, SlotLedger } from './conversation-script.js';
import { BASE_IDS, IdAllocator } from './ids.js';
import type { ResolvedWorldOptions, WorldOptions } from './options.js';
import { buildCustomer, buildOrganization, type OrgWorld } from './organizations.js';
import { Random } from './random.js';
import {
  contactRows,
  conversationRows,
  customerRows,
  dataPointRow,
  organizationRows,
  type WorldTable,
} from './rows.js';
import { DAY, formatMicros } from './time.js';

/** Conversations between two progress reports within an organization (a second or two of work). */
const PROGRESS_EVERY = 5_000;

/**
 * Where generated rows go (the store's batch writer): rows in WORLD_TABLES column order, and a
 * chance between records to write what is buffered, so memory stays flat whatever the size.
 */
export interface WorldSink {
  add(table: WorldTable, values: readonly unknown[]): void;
  maybeFlush(): Promise<void>;
  /** Rows added so far (progress). */
  readonly totalRows: number;
}

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

/** What the generator knows of the world it made; the store adds counts and timings. */
export type GeneratedWorld = Omit<WorldSummary, 'seconds' | 'counts' | 'totalRecords' | 'timings'>;

function defaultToken(seed: number, ...what: (string | number)[]): string {
  return Random.of(seed, 'token', ...what).hex(40);
}

/**
 * Generates the demo world into `writer`, parents before children (contacts after the
 * conversations that decide their message times: the store defers those references). Same options
 * => the same rows in the same order.
 */
export async function generateWorld(
  options: ResolvedWorldOptions,
  input: WorldOptions,
  writer: WorldSink,
): Promise<GeneratedWorld> {
  const ids = new IdAllocator();
  const emit = (table: WorldTable, values: readonly unknown[]) => writer.add(table, values);
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
      if ((i + 1) % PROGRESS_EVERY === 0 && i + 1 < options.conversationsPerOrg)
        input.onProgress?.({
          organizationIndex: o,
          organizations: options.organizations,
          records: writer.totalRows,
          conversationsDone: i + 1,
          conversationsPerOrg: options.conversationsPerOrg,
        });
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
