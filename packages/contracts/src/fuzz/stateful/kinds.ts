import { resourceOfSegment } from '@org/model';
import type { DocumentedLink, FuzzOperation } from '../../document/openapi-document.js';
import { collectionOf } from '../generate.js';

/**
 * A link's value taken from the answer's body: the JSON pointer after `$response.body#`, with a
 * list's first record (`/results/0`) left out, so `/results/0/id` and `/id` both read `/id` of the record.
 */
export function recordPointerOf(expression: string): string | undefined {
  const m = /^\$response\.body#(\/.*)$/.exec(expression);
  return m?.[1]?.replace(/^\/results\/0(?=\/)/, '');
}

/** An operation a link leads to, with the record fields its parameters and body fields take. */
export interface LinkedOperation {
  readonly op: FuzzOperation;
  /** Parameter (or body field) name → pointer into the record (`/id`, `/contact_identity_id`). */
  readonly parameters: ReadonlyMap<string, string>;
  readonly bodyFields: ReadonlyMap<string, string>;
}

/** One kind of record the walks visit: where its records come from and what the links do with them. */
export interface RecordKind {
  /** The registry's name of the resource (`contacts`), else its collection path. */
  readonly name: string;
  readonly collection: string;
  /** A POST or PUT on the collection that answers the new record (linked to its read). */
  readonly creator: FuzzOperation | undefined;
  /** The list whose records are walked when there is no creator. */
  readonly finder: FuzzOperation | undefined;
  readonly read: FuzzOperation;
  readonly update: FuzzOperation | undefined;
  readonly remove: FuzzOperation | undefined;
  /** The collection's own list and the record fields its filters take (from a link, or `id`). */
  readonly list: LinkedOperation | undefined;
  /** Lists of the record's children: a path under the record, or a filter taking its id. */
  readonly childLists: readonly LinkedOperation[];
  /** Creates of children: a body field taking the record's id. */
  readonly childCreates: readonly LinkedOperation[];
}

function pointersOf(expressions: Readonly<Record<string, string>>): Map<string, string> {
  return new Map(
    Object.entries(expressions).flatMap(([name, e]) => {
      const pointer = recordPointerOf(e);
      return pointer ? [[name, pointer] as const] : [];
    }),
  );
}

/** The operations the 2xx answers of `ops` link to, with the record fields they take. */
function linksFrom(
  ops: readonly FuzzOperation[],
  byId: ReadonlyMap<string, FuzzOperation>,
): LinkedOperation[] {
  const links: DocumentedLink[] = ops.flatMap((op) =>
    Object.entries(op.responses).flatMap(([status, r]) => (status.startsWith('2') ? r.links : [])),
  );
  return links.flatMap((link) => {
    const op = byId.get(link.operationId);
    if (!op) return [];
    return [{ op, parameters: pointersOf(link.parameters), bodyFields: pointersOf(link.requestBody) }];
  });
}

/** The first linked operation of each operation id that `keep` accepts. */
function distinct(
  links: readonly LinkedOperation[],
  keep: (l: LinkedOperation) => boolean,
): LinkedOperation[] {
  const seen = new Set<string>();
  return links.filter((l) => keep(l) && !seen.has(l.op.id) && seen.add(l.op.id));
}

const takesRecordId = (l: LinkedOperation) =>
  [...l.parameters.values(), ...l.bodyFields.values()].includes('/id');
/** The operation at the record's own path (`<collection>{id}/`) with this method, if a link leads there. */
function itemOperation(links: readonly LinkedOperation[], collection: string, method: string) {
  return links.find(
    (l) => l.op.method === method && l.op.path === `${collection}{id}/` && l.parameters.get('id') === '/id',
  )?.op;
}

/** The collection's list: linked with filters taking record fields, or else by its path (filtered by `id` if it can be). */
function ownList(
  links: readonly LinkedOperation[],
  ops: readonly FuzzOperation[],
  collection: string,
): LinkedOperation | undefined {
  const linked = links.find((l) => l.op.method === 'GET' && l.op.path === collection && l.parameters.size);
  if (linked) return linked;
  const op = ops.find((o) => o.method === 'GET' && o.path === collection);
  if (!op) return undefined;
  const byId = op.parameters.some((p) => p.in === 'query' && p.name === 'id');
  return { op, parameters: new Map(byId ? [['id', '/id']] : []), bodyFields: new Map() };
}

/** Where the kind's records come from: the operation that creates one, else a list linked to its read. */
function sourcesOf(
  ops: readonly FuzzOperation[],
  byId: ReadonlyMap<string, FuzzOperation>,
  read: FuzzOperation,
) {
  const leadsToRead = (op: FuzzOperation) =>
    linksFrom([op], byId).some((l) => l.op === read && l.parameters.get('id') === '/id');
  const collection = collectionOf(read.path);
  const creator = ops.find(
    (op) => (op.method === 'POST' || op.method === 'PUT') && op.path === collection && leadsToRead(op),
  );
  const finder = creator
    ? undefined
    : ops.find((op) => op.method === 'GET' && op.path === collection && leadsToRead(op));
  return { creator, finder };
}

function kindOf(
  read: FuzzOperation,
  ops: readonly FuzzOperation[],
  byId: ReadonlyMap<string, FuzzOperation>,
): RecordKind | undefined {
  const collection = collectionOf(read.path);
  const { creator, finder } = sourcesOf(ops, byId, read);
  const source = creator ?? finder;
  if (!source) return undefined;
  const links = linksFrom([source, read], byId);
  const ownPath = (op: FuzzOperation) => op.path === collection || op.path === `${collection}{id}/`;
  const segment = collection.split('/').filter(Boolean).pop() ?? '';
  return {
    name: resourceOfSegment(segment)?.[0] ?? collection,
    collection,
    creator,
    finder,
    read,
    update: itemOperation(links, collection, 'PATCH') ?? itemOperation(links, collection, 'PUT'),
    remove: itemOperation(links, collection, 'DELETE'),
    list: ownList(links, ops, collection),
    childLists: distinct(links, (l) => l.op.method === 'GET' && !ownPath(l.op) && takesRecordId(l)),
    childCreates: distinct(
      links,
      (l) => l.op.method === 'POST' && [...l.bodyFields.values()].includes('/id'),
    ),
  };
}

/**
 * The kinds of record the stateful phase walks, read from the document's links: each with a read
 * (`GET <collection>{id}/`) and a source of records, a create or a list.
 */
export function recordKindsOf(ops: readonly FuzzOperation[]): RecordKind[] {
  const byId = new Map(ops.map((op) => [op.id, op]));
  return ops
    .filter((op) => op.method === 'GET' && op.path === `${collectionOf(op.path)}{id}/`)
    .flatMap((read) => kindOf(read, ops, byId) ?? []);
}
