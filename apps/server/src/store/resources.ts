import {
  COLLECTION_KEYS,
  type CollectionKey,
  type ContactIdentity,
  type Conversation,
  type NavigationEvent,
  type Note,
  type Operator,
  RESOURCES,
  type Resources,
} from '@org/model';
import type { JsonText } from '../core/json.js';
import { contactSelection, renderContacts } from './contacts.js';
import { conversationPageSelection, conversationSelection, renderConversations } from './conversations.js';
import type { Db } from './engine/db.js';
import type { FragmentTable } from './fragments.js';
import { renderNavigationEvents, renderNotes, renderOperators } from './simple-records.js';
import type { Selection } from './sql.js';

/**
 * The tables behind the API's collections, by resource (the model's registry names them): how pages
 * read them, and the tables whose every write is announced.
 */
export const TABLES = Object.fromEntries(
  COLLECTION_KEYS.map((key) => [key, { name: RESOURCES[key].table }]),
) as { readonly [K in CollectionKey]: { readonly name: Resources[K]['table'] } } satisfies Record<
  CollectionKey,
  FragmentTable
>;

/** The names of those tables (the counted ones: every write to one is announced). */
export const RECORD_TABLE_NAMES: ReadonlySet<string> = new Set(
  Object.values(TABLES).map((table) => table.name),
);

type Filters<F> = F & { search_tsquery?: string | null | undefined };

/** A searchable resource listed by offset and cursor pages and bulk-deleted (conversations, contacts). */
export interface ListedResource<F, T> {
  table: FragmentTable;
  select: (organizationId: number, filters: Filters<F>) => Selection;
  /** The selection pages read ids and versions from, when it differs (default: select). */
  pageSelect?: (organizationId: number, filters: Filters<F>) => Selection;
  render: (db: Db, ids: number[]) => Promise<Map<number, JsonText<T>>>;
  /** Conditions a bulk delete never removes (ongoing conversations). */
  bulkDeleteKeeps?: readonly string[];
}

export const conversationsResource = {
  table: TABLES.conversations,
  select: conversationSelection,
  pageSelect: conversationPageSelection,
  render: renderConversations,
  bulkDeleteKeeps: ["v.status = 'ended'"],
} satisfies ListedResource<Parameters<typeof conversationSelection>[1], Conversation>;

export const contactsResource = {
  table: TABLES.contacts,
  select: contactSelection,
  render: renderContacts,
} satisfies ListedResource<Parameters<typeof contactSelection>[1], ContactIdentity>;

/** Records listed by offset pages of one organization, filtered by equality (notes, events, operators). */
export const simpleResources = {
  notes: { table: TABLES.notes, render: renderNotes },
  navigationEvents: { table: TABLES.navigationEvents, render: renderNavigationEvents },
  operators: { table: TABLES.operators, render: renderOperators },
} satisfies Record<
  string,
  {
    table: FragmentTable;
    render: (db: Db, ids: number[]) => Promise<Map<number, JsonText<Note | NavigationEvent | Operator>>>;
  }
>;
