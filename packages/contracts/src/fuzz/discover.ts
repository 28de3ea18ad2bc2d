import { objectsIn, parsedJson, recordsOf } from '../document/json.js';
import type { FuzzOperation } from '../document/openapi-document.js';
import { inSequence } from './concurrency.js';
import { collectionOf, type FuzzRequest, type Pools } from './generate.js';
import type { RunSettings } from './settings.js';

/** What listing the resources first taught the run. */
export interface Discovery {
  readonly pools: Pools;
  /** Requests it took. */
  readonly sent: number;
  /** Organizations of the records the run's token lists (one, unless the server leaks). */
  readonly organizationIds: Set<number>;
  readonly otherOrganizationIds: Set<number>;
}

/** What one list answer holds, for the pools: ids of its collection, field values, organizations. */
interface Listing {
  readonly mine: boolean;
  readonly ids: ReadonlyArray<readonly [string, number]>;
  readonly fields: ReadonlyArray<readonly [string, unknown]>;
  readonly organizationIds: readonly number[];
}

/** A list the run can call bare: a GET of a collection without required parameters that can answer 2xx. */
function isBareList(op: FuzzOperation): boolean {
  return (
    op.method === 'GET' &&
    !op.path.includes('{') &&
    !op.parameters.some((p) => p.required) &&
    Object.keys(op.responses).some((s) => s.startsWith('2'))
  );
}

/** A list request for a page of 100 where the operation takes a limit. */
function listRequest(op: FuzzOperation): FuzzRequest {
  const hasLimit = op.parameters.some((p) => p.in === 'query' && p.name === 'limit');
  return {
    operationId: op.id,
    method: 'GET',
    pathTemplate: op.path,
    pathParams: {},
    query: hasLimit ? [{ name: 'limit', value: '100' }] : [],
    headers: {},
    auth: 'token',
    kind: 'valid',
  };
}

/** Scalar field values of the token's own records: the generators use them for fields of the same name. */
function fieldsOf(body: unknown): Array<readonly [string, unknown]> {
  return [...objectsIn(body)].flatMap((object) =>
    Object.entries(object).filter(
      ([key, value]) => value !== null && typeof value !== 'object' && key !== 'organization_id',
    ),
  );
}

function listingOf(op: FuzzOperation, mine: boolean, body: unknown): Listing {
  const collection = collectionOf(op.path);
  return {
    mine,
    ids: recordsOf(body).flatMap((r) => (typeof r.id === 'number' ? [[collection, r.id] as const] : [])),
    fields: mine ? fieldsOf(body) : [],
    organizationIds: [...objectsIn(body)].flatMap((o) =>
      typeof o.organization_id === 'number' ? [o.organization_id] : [],
    ),
  };
}

/** Values per key, in the order first seen, each once, at most `max` of them. */
function poolOf<T>(entries: Iterable<readonly [string, T]>, max: number): Map<string, T[]> {
  const pool = new Map<string, T[]>();
  for (const [key, value] of entries) {
    const values = pool.get(key) ?? [];
    if (values.length < max && !values.includes(value)) values.push(value);
    pool.set(key, values);
  }
  return pool;
}

/** Ids both tokens see (e.g. shared records) are no evidence of a leak. */
function withoutShared(otherIds: Map<string, number[]>, ids: Map<string, number[]>): Map<string, number[]> {
  return new Map(
    [...otherIds].map(([collection, others]) => {
      const mine = new Set(ids.get(collection) ?? []);
      return [collection, others.filter((id) => !mine.has(id))];
    }),
  );
}

/** How many ids a collection's pool keeps, and how many values a field's. */
const MAX_IDS = 1000;
const MAX_FIELD_VALUES = 40;

function poolsOf(mine: readonly Listing[], theirs: readonly Listing[]): Pools {
  const myIds = mine.flatMap((l) => l.ids);
  const myFields = mine.flatMap((l) => l.fields);
  const theirIds = theirs.flatMap((l) => l.ids);
  const ids = poolOf(myIds, MAX_IDS);
  return {
    ids,
    fields: poolOf(myFields, MAX_FIELD_VALUES),
    otherIds: withoutShared(poolOf(theirIds, MAX_IDS), ids),
  };
}

function discoveryOf(listings: readonly Listing[], sent: number): Discovery {
  const mine = listings.filter((l) => l.mine);
  const theirs = listings.filter((l) => !l.mine);
  const organizationIds = new Set(mine.flatMap((l) => l.organizationIds));
  const theirOrganizationIds = theirs.flatMap((l) => l.organizationIds);
  return {
    pools: poolsOf(mine, theirs),
    sent,
    organizationIds,
    otherOrganizationIds: new Set(theirOrganizationIds.filter((id) => !organizationIds.has(id))),
  };
}

/** Lists every collection with each token: real ids and field values for the generators. */
export async function discover(ops: readonly FuzzOperation[], settings: RunSettings): Promise<Discovery> {
  const tokens = [
    { token: settings.token, mine: true },
    ...(settings.otherToken ? [{ token: settings.otherToken, mine: false }] : []),
  ];
  const lists = ops.filter(isBareList);
  const calls = tokens.flatMap(({ token, mine }) => lists.map((op) => ({ token, mine, op })));
  const listings = await inSequence(calls, async ({ token, mine, op }) => {
    const answer = await settings.send(settings.baseUrl, token, listRequest(op));
    const json = answer.status === 200 ? parsedJson(answer.text) : undefined;
    return json ? [listingOf(op, mine, json.value)] : [];
  });
  return discoveryOf(listings.flat(), calls.length);
}
