import {
  type EndpointDefinition,
  type EndpointId,
  endpointList,
  successStatusOf,
} from './endpoints/index.js';
import { dataPointExample, EXAMPLE_ORGANIZATION_ID } from './examples.js';
import type { ProviderState } from './provider-states.js';
import {
  fieldAt,
  RESOURCES,
  type RegistryState,
  type ResourceDefinition,
  type ResourceKey,
  resourceList,
  resourceOfSegment,
  V3,
} from './resources.js';

/**
 * The provider states that make an endpoint's documented example come true: what the contract
 * tests give each success interaction, what the docs' samples set up before they run, and where a
 * workflow starts. Derived from the registry of resources (resources.ts) wherever the example's
 * path, query or body names the records it needs; written here only for the examples whose filters
 * need records of a certain kind.
 */

type Special = (ep: EndpointDefinition, status: number) => ProviderState[];

const ORG = EXAMPLE_ORGANIZATION_ID;
/** The UTC day of the example data point: the day analytics examples read. */
export const EXAMPLE_ANALYTICS_DAY = dataPointExample.time.slice(0, 10);

function queryOf(ep: EndpointDefinition, key: string): string {
  return ep.example.query?.[key] ?? '';
}

function idsIn(text: string): number[] {
  return text ? text.split(',').map(Number) : [];
}

/** The examples whose filters or bodies need records of a kind the registry cannot tell. */
const SPECIAL: Partial<Record<EndpointId, Special>> = {
  // The example filters by status: conversations with that status.
  listConversations: (ep) => [
    state('organization {org} has {count} conversations with status {status}', {
      org: ORG,
      count: 2,
      status: queryOf(ep, 'status'),
    }),
  ],
  // A bulk delete removes only ended conversations (D8): ended ones with the example's ids.
  deleteConversations: (ep) => [
    state('organization {org} has conversations with ids {ids}', {
      org: ORG,
      ids: queryOf(ep, 'delete_ids'),
    }),
  ],
  // The page after the cursor: conversations around it.
  listAllConversations: (ep) => {
    const cursor = Number(queryOf(ep, 'cursor'));
    return [
      state('organization {org} has conversations with ids {ids}', {
        org: ORG,
        ids: [cursor - 1, cursor, cursor + 1].join(','),
      }),
    ];
  },
  // The example searches: contacts the term finds.
  listContacts: (ep) => [
    state('organization {org} has contacts matching {term}', { org: ORG, term: queryOf(ep, 'search_query') }),
  ],
  // 200 updates the contact with the example's email, 201 creates it.
  upsertContact: (ep, status) => {
    const email = (ep.example.body as { email: string }).email;
    return [
      status === 201
        ? state('no contact with email {email} exists', { email })
        : state('a contact with email {email} exists', { email }),
    ];
  },
};

function state<S extends ProviderState['name']>(
  name: S,
  params: Extract<ProviderState, { name: S }>['params'],
): ProviderState {
  return { name, params } as ProviderState;
}

/** A registry state, as the catalogue types it (a model test parses each with its catalogue entry). */
function typed(registryState: RegistryState): ProviderState {
  return registryState as unknown as ProviderState;
}

const ID_OF = new Map<EndpointDefinition, EndpointId>(endpointList().map(([id, ep]) => [ep, id]));

/**
 * The states that make an endpoint's example true for a status (default: its success status). An
 * endpoint the registry cannot serve throws, naming what to add.
 */
export function exampleStatesOf(
  ep: EndpointDefinition,
  status: number = successStatusOf(ep),
): ProviderState[] {
  const id = ID_OF.get(ep);
  const special = id && SPECIAL[id];
  if (special) return special(ep, status);
  if (ep.group === null) return [];
  const metric = ep.metric ?? ep.example.params?.metric;
  if (metric !== undefined)
    return [
      state('organization {org} has {metric} data points on {date}', {
        org: ORG,
        metric: String(metric),
        date: EXAMPLE_ANALYTICS_DAY,
      }),
    ];
  const states = recordStatesOf(ep);
  if (!states)
    throw new Error(
      `${id ?? ep.path}: no provider state makes its example true; add one to the registry of resources or to SPECIAL`,
    );
  return states.map(typed);
}

/**
 * The records a v3 path needs: `<collection>/` and its views (`all/`), `<collection>/{id}/` and what
 * lies below one record (`slots/`, `messages/`).
 */
function recordStatesOf(ep: EndpointDefinition): RegistryState[] | undefined {
  const [segment, ...rest] = ep.path.slice(V3.length).split('/').filter(Boolean);
  const [key, resource] = resourceOfSegment(segment ?? '') ?? [];
  if (!key || !resource) return undefined;
  if (rest[0] === '{id}') return oneRecordStates(ep, key, resource, rest[1]);
  return collectionStates(ep, resource);
}

/**
 * A path on one record (`/notes/{id}/`, `/operators/{id}/slots/`): that record exists; for a list of
 * its children (`/conversations/{id}/messages/`), it has children of the listed kind.
 */
function oneRecordStates(
  ep: EndpointDefinition,
  key: ResourceKey,
  resource: ResourceDefinition,
  below: string | undefined,
): RegistryState[] | undefined {
  const id = Number(ep.example.params?.id);
  const child = below === undefined ? undefined : childResourceOf(key, below);
  const children = ep.method === 'GET' ? child?.states.children : undefined;
  return maybe(children ? children(id) : resource.states.exists?.(id));
}

/** The registry's resource listed under a record of `parent` by that segment; undefined for none. */
function childResourceOf(parent: ResourceKey, segment: string): ResourceDefinition | undefined {
  return resourceList().find(([, r]) => r.segment === segment && r.parent?.resource === parent)?.[1];
}

/**
 * A path on a collection: a creation needs the parent its body names; a list filtered by its
 * parent needs that parent's children; a bulk delete needs the records it names; any other list
 * needs the record its example's first item shows.
 */
function collectionStates(ep: EndpointDefinition, resource: ResourceDefinition): RegistryState[] | undefined {
  const parentField = resource.parent?.idField;
  const parent: ResourceDefinition | undefined =
    resource.parent && RESOURCES[resource.parent.resource as ResourceKey];
  if (ep.method === 'POST') {
    const parentId = parentField && fieldAt(ep.example.body, parentField);
    return maybe(typeof parentId === 'number' ? parent?.states.exists?.(parentId) : undefined);
  }
  if (ep.method === 'DELETE') {
    const { exists } = resource.states;
    return exists && idsIn(queryOf(ep, 'delete_ids')).map(exists);
  }
  const filteredBy = parentField ? Number(queryOf(ep, parentField)) : 0;
  if (filteredBy) return maybe(resource.states.children?.(filteredBy));
  const [item] = (ep.example.response as { results?: unknown[] } | undefined)?.results ?? [];
  const itemId = fieldAt(item, 'id');
  if (resource.states.exists && typeof itemId === 'number') return [resource.states.exists(itemId)];
  const itemParent = parentField && fieldAt(item, parentField);
  return typeof itemParent === 'number' ? maybe(resource.states.children?.(itemParent)) : undefined;
}

/** One state, or none. */
function maybe(made: RegistryState | undefined): RegistryState[] | undefined {
  return made && [made];
}
