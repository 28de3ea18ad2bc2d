import type * as z from 'zod/v4';
import { AnalyticsDataPointSchema } from './records/analytics.js';
import { ContactIdentitySchema } from './records/contact.js';
import { ConversationDetailSchema, MessageSchema } from './records/conversation.js';
import { NavigationEventSchema } from './records/navigation-event.js';
import { NoteSchema } from './records/note.js';
import { OperatorSchema } from './records/operator.js';

/** The base path of the JSON API v3: its collections are `${V3}/<segment>/`. */
export const V3 = '/api/um/v3';
/** The base path of the analytics API's latest version. */
const V1 = '/api/um/v1';

/** A provider state of the catalogue with its parameters (ProviderState, typed loosely). */
export interface RegistryState {
  readonly name: string;
  readonly params: Readonly<Record<string, number>>;
}

/**
 * One kind of record the API serves. Every fact that code outside the model needs about a kind
 * of record is written here once: the endpoint table takes its rate-limit group and tag, the
 * server its table and record, the sandbox its records path, the contract tests and the docs the
 * provider states that make an example true, the conformance runner how an item names its parent,
 * and the document its links.
 */
export interface ResourceDefinition {
  /** The API's base path the resource's paths start with. */
  readonly base: string;
  /**
   * The path segment that names it: `<base>/<segment>/` is its collection, and a list of its
   * records under another record ends in `/<segment>/`.
   */
  readonly segment: string;
  /**
   * Its records' name in the world: the database table, and for the v3 records the sandbox's
   * `/_sandbox/records/<table>`.
   */
  readonly table: string;
  /** The record as a read of one answers it. */
  readonly record: z.ZodType;
  /** The rate-limit counter its endpoints add to (D2). */
  readonly group: string;
  /** The section of the document its endpoints are listed under. */
  readonly tag: string;
  /**
   * The name other records, filters and bodies give its id (`contact_identity_id`), where it has one.
   */
  readonly idName?: string;
  /** Listed only under its parent's record (`/conversations/{id}/messages/`): no collection of its own. */
  readonly nested?: true;
  /**
   * The record each of its records belongs to, and where its own fields hold that record's id
   * (a dotted path: `contact.id`).
   */
  readonly parent?: { readonly resource: string; readonly idField: string };
  /**
   * The provider states that make its records exist, for examples: states of the model's catalogue
   * (provider-states.ts) with their parameters. Typed loosely here, since the catalogue's own types
   * read the registry's groups; a test parses each with its catalogue entry.
   */
  readonly states: {
    /** The record with that id exists. */
    readonly exists?: (id: number) => RegistryState;
    /** The parent with that id has records of this kind. */
    readonly children?: (parentId: number) => RegistryState;
  };
}

/**
 * The registry of resources, in a fixed order (the v2 route's enum and the rate-limit groups follow it).
 * An entry exists only for a kind of record that some endpoint serves (a test holds the registry and
 * the endpoint table to each other).
 */
export const RESOURCES = {
  conversations: {
    base: V3,
    segment: 'conversations',
    table: 'conversations',
    idName: 'conversation_id',
    record: ConversationDetailSchema,
    group: 'conversations',
    tag: 'Conversations',
    parent: { resource: 'contacts', idField: 'contact.id' },
    states: {
      exists: (id) => ({ name: 'a conversation with id {id} exists', params: { id } }),
      children: (contact) => ({ name: 'a conversation exists', params: { contact } }),
    },
  },
  messages: {
    base: V3,
    segment: 'messages',
    table: 'messages',
    record: MessageSchema,
    group: 'conversations',
    tag: 'Conversations',
    nested: true,
    parent: { resource: 'conversations', idField: 'conversation_id' },
    states: {
      children: (id) => ({
        name: 'a conversation with id {id} exists with {messages} messages',
        params: { id, messages: 3 },
      }),
    },
  },
  contacts: {
    base: V3,
    segment: 'contact_identities',
    table: 'contact_identities',
    idName: 'contact_identity_id',
    record: ContactIdentitySchema,
    group: 'contacts',
    tag: 'Contacts',
    states: { exists: (id) => ({ name: 'a contact with id {id} exists', params: { id } }) },
  },
  // Notes count toward the contacts limit (D2).
  notes: {
    base: V3,
    segment: 'notes',
    table: 'notes',
    record: NoteSchema,
    group: 'contacts',
    tag: 'Notes',
    parent: { resource: 'contacts', idField: 'contact_identity_id' },
    states: {
      exists: (id) => ({ name: 'a note with id {id} exists', params: { id } }),
      children: (contact) => ({ name: 'contact {contact} has {count} notes', params: { contact, count: 2 } }),
    },
  },
  navigationEvents: {
    base: V3,
    segment: 'navigation',
    table: 'navigation_events',
    record: NavigationEventSchema,
    group: 'navigation',
    tag: 'Navigation',
    parent: { resource: 'contacts', idField: 'contact_identity_id' },
    states: {
      children: (contact) => ({
        name: 'contact {contact} has {count} navigation events',
        params: { contact, count: 2 },
      }),
    },
  },
  operators: {
    base: V3,
    segment: 'operators',
    table: 'operators',
    idName: 'operator_id',
    record: OperatorSchema,
    group: 'operators',
    tag: 'Operators',
    states: { exists: (id) => ({ name: 'an operator with id {id} exists', params: { id } }) },
  },
  analyticsDataPoints: {
    base: V1,
    segment: 'analytics',
    table: 'analytics_data_points',
    record: AnalyticsDataPointSchema,
    group: 'analytics',
    tag: 'Analytics',
    states: {},
  },
} as const satisfies Record<string, ResourceDefinition>;

export type Resources = typeof RESOURCES;
export type ResourceKey = keyof Resources;

/** Rate-limit counters: every endpoint of a group and every method add to one counter (D2). */
export type RateLimitGroup = Resources[ResourceKey]['group'];

/** The resources of the JSON API v3 that have a collection of their own, by key. */
export type CollectionKey = {
  [K in ResourceKey]: Resources[K] extends { base: typeof V3; nested?: undefined } ? K : never;
}[ResourceKey];

/** The tables of the v3 resources' records (the sandbox creates records of each). */
export type V3RecordTable = {
  [K in ResourceKey]: Resources[K]['base'] extends typeof V3 ? Resources[K]['table'] : never;
}[ResourceKey];

/** The tables whose records a provider state makes exist by id (the resources with an `exists` state). */
export type StateTable = {
  [K in ResourceKey]: Resources[K]['states'] extends { exists: unknown } ? Resources[K]['table'] : never;
}[ResourceKey];

/** The registry as a list of [key, definition], in its order. */
export function resourceList(): Array<[ResourceKey, ResourceDefinition]> {
  return Object.entries(RESOURCES) as Array<[ResourceKey, ResourceDefinition]>;
}

/** The rate-limit groups, each once, in the registry's order. */
export const RATE_LIMIT_GROUPS = [...new Set(Object.values(RESOURCES).map((r) => r.group))] as [
  RateLimitGroup,
  ...RateLimitGroup[],
];

/** The keys of the v3 resources with a collection of their own, in the registry's order. */
export const COLLECTION_KEYS = resourceList()
  .filter(([, r]) => r.base === V3 && !r.nested)
  .map(([key]) => key) as CollectionKey[];

/** The v3 collections' path segments (`conversations`, `contact_identities`, ...). */
export const V3_RESOURCES = COLLECTION_KEYS.map((key) => RESOURCES[key].segment) as [
  Resources[CollectionKey]['segment'],
  ...Resources[CollectionKey]['segment'][],
];

/** The facts an endpoint takes from its resource: the rate-limit counter and the document's tag. */
export function servedAs<K extends ResourceKey>(
  key: K,
): { group: Resources[K]['group']; tag: Resources[K]['tag'] } {
  const { group, tag } = RESOURCES[key];
  return { group, tag };
}

/** The resource whose collection or nested list a path segment names; undefined for none. */
export function resourceOfSegment(segment: string): [ResourceKey, ResourceDefinition] | undefined {
  return resourceList().find(([, r]) => r.segment === segment);
}

/** The resource whose records a table holds; undefined for none. */
export function resourceOfTable(table: string): [ResourceKey, ResourceDefinition] | undefined {
  return resourceList().find(([, r]) => r.table === table);
}

/** The value at a dotted path of a record (`contact.id`); undefined where any step is missing. */
export function fieldAt(record: unknown, dotted: string): unknown {
  let value = record;
  for (const step of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}
