import type { EndpointDefinition, EndpointId } from '@org/model';
import { type ProviderState, PROVIDER_STATES as S, state } from '../../src/provider-states.js';
import { ANALYTICS_DAY, ORG } from '../support/contract.js';
import { definitionOf } from './examples.js';

type V3EndpointId = Exclude<EndpointId, `analytics_${string}` | 'analyticsLatest' | 'retiredV2'>;

const idOf = (ep: EndpointDefinition) => Number(ep.example.params?.id);
const queryOf = (ep: EndpointDefinition, key: string) => ep.example.query?.[key] ?? '';

/**
 * The records of a listed kind that belong to one record, keyed `parent/listed` as a nested list's
 * path names them: the state that makes the example's page of such a list non-empty. Written once
 * per kind of child, so a new nested list of a known kind needs no entry of its own.
 */
const CHILDREN_OF: Record<string, (id: number) => ProviderState[]> = {
  'conversations/messages': (id) => [state(S.conversationWithMessages, { id, messages: 3 })],
  'contact_identities/conversations': (id) => [state(S.aConversation, { contact: id })],
  'contact_identities/notes': (id) => [state(S.notesAboutContact, { contact: id, count: 2 })],
  'contact_identities/navigation': (id) => [state(S.navigationEventsOfContact, { contact: id, count: 2 })],
};

/** The state that makes one record of a collection exist, by the collection's path segment. */
const RECORD_EXISTS: Record<string, (id: number) => ProviderState[]> = {
  conversations: (id) => [state(S.conversationExists, { id })],
  contact_identities: (id) => [state(S.contactExists, { id })],
  notes: (id) => [state(S.noteExists, { id })],
  operators: (id) => [state(S.operatorExists, { id })],
};

/**
 * The default for an endpoint on one record or below it (`/notes/{id}/`, `/operators/{id}/slots/`):
 * the record its first id names exists; for a list nested under that record
 * (`/conversations/{id}/messages/`), that record has records of the listed kind (CHILDREN_OF).
 * Undefined for a path without an id.
 */
const recordExists = (ep: EndpointDefinition): ProviderState[] | undefined => {
  const [, collection, listed] = /\/(\w+)\/\{id\}\/(?:(\w+)\/)?$/.exec(ep.path) ?? [];
  if (!collection) return undefined;
  const id = idOf(ep);
  const children = listed && ep.method === 'GET' ? CHILDREN_OF[`${collection}/${listed}`] : undefined;
  return (children ?? RECORD_EXISTS[collection])?.(id);
};

/**
 * The provider states that make a v3 endpoint's documented example come true, where the default
 * (the record its path names exists, or has records of the kind a nested list lists) does not:
 * top-level lists, bulk operations and creations.
 */
const V3_SUCCESS_STATES: Partial<
  Record<V3EndpointId, (ep: EndpointDefinition, status: number) => ProviderState[]>
> = {
  listConversations: (ep) => [
    state(S.conversationsWithStatus, {
      org: ORG,
      count: 2,
      status: queryOf(ep, 'status'),
    }),
  ],
  deleteConversations: (ep) => [state(S.conversationsWithIds, { org: ORG, ids: queryOf(ep, 'delete_ids') })],
  listAllConversations: (ep) => {
    const cursor = Number(queryOf(ep, 'cursor'));
    return [
      state(S.conversationsWithIds, {
        org: ORG,
        ids: [cursor - 1, cursor, cursor + 1].join(','),
      }),
    ];
  },
  listNotes: (ep) => [
    state(S.notesAboutContact, {
      contact: Number(queryOf(ep, 'contact_identity_id')),
      count: 2,
    }),
  ],
  createNote: (ep) => [
    state(S.contactExists, {
      id: (ep.example.body as { contact_identity_id: number }).contact_identity_id,
    }),
  ],
  listNavigationEvents: () => [state(S.navigationEventsOfContact, { contact: 4711, count: 2 })],
  listContacts: (ep) => [state(S.contactsMatching, { org: ORG, term: queryOf(ep, 'search_query') })],
  deleteContacts: (ep) => [state(S.contactExists, { id: Number(queryOf(ep, 'delete_ids')) })],
  upsertContact: (ep, status) => {
    const email = (ep.example.body as { email: string }).email;
    return [status === 201 ? state(S.noContactWithEmail, { email }) : state(S.contactWithEmail, { email })];
  },
  listAllContacts: () => [state(S.contacts, { org: ORG, count: 2 })],
  listOperators: () => [state(S.operatorExists, { id: 12 })],
};

/** The analytics metric an endpoint serves (the metric endpoints and the latest-version path). */
export const metricOfEndpoint = (id: EndpointId): string | undefined => {
  if (id.startsWith('analytics_')) return id.slice('analytics_'.length);
  if (id === 'analyticsLatest') return String(definitionOf(id).example.params?.metric);
  return undefined;
};

export const successStatesOf = (id: EndpointId, status: number): ProviderState[] => {
  const metric = metricOfEndpoint(id);
  if (metric) return [state(S.dataPoints, { org: ORG, metric, date: ANALYTICS_DAY })];
  if (id === 'retiredV2') return [];
  const ep = definitionOf(id);
  const states = V3_SUCCESS_STATES[id as V3EndpointId]?.(ep, status) ?? recordExists(ep);
  if (!states)
    throw new Error(`${id}: no provider state makes its example true; add one to V3_SUCCESS_STATES`);
  return states;
};
