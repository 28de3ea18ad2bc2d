import { readFile } from 'node:fs/promises';
import { byBreakingThenLocation, diffDocuments, isBreaking } from './diff-documents.js';
import { operationsOf } from './operations.js';
import { type OperationRef, schemaUseKey, schemaUsers } from './schema-users.js';
import { type ApiChange, type Direction, isObject, type Json } from './types.js';

export type { OperationRef } from './schema-users.js';

/** One difference of the API between two releases, as the release notes list it. */
export interface ReleaseNoteEntry {
  /** Breaking by the gate's rules (docs/guides/release-flow.md, "What counts as breaking"). */
  readonly breaking: boolean;
  /** What changed: "property removed", "response added", "constraint tightened", ... */
  readonly kind: string;
  /** The differ's location: "GET /api/um/v3/notes/ › query parameter cursor", "schema Contact (in responses) › email". */
  readonly where: string;
  /** Before -> after, or the value concerned, when the kind alone does not say it. */
  readonly detail?: string;
  /** The operation `where` names; undefined when it names a component schema. */
  readonly operation?: string;
  /** The component schema `where` names, and whether clients send or receive it there. */
  readonly schema?: { readonly name: string; readonly direction: Direction };
  /** `where` after its operation or schema: "query parameter cursor", "email"; "" for the whole. */
  readonly part: string;
  /**
   * The operations a client meets the change through: the one named, or every operation that sends
   * or receives the named schema (in either document), by label.
   */
  readonly operations: readonly OperationRef[];
}

export interface ApiReleaseNotes {
  /** The versions compared: info.version of the two documents, unless the caller names them. */
  readonly from: string | undefined;
  readonly to: string | undefined;
  /** Breaking entries first, then non-breaking; each group by location. */
  readonly entries: readonly ReleaseNoteEntry[];
  readonly breakingCount: number;
}

const SCHEMA_LOCATION = /^schema (\S+) \(in (request|response)s\)(?: › (.*))?$/;
const OPERATION_LOCATION = /^([A-Z]+ \S+)(?: › (.*))?$/;

const versionOf = (doc: Json): string | undefined => {
  const version = isObject(doc.info) ? doc.info.version : undefined;
  return typeof version === 'string' ? version : undefined;
};

/** The users of a schema in both documents, so an operation that stopped using it is named too. */
const usersIn = (before: Json, after: Json): ((key: string) => OperationRef[]) => {
  const was = schemaUsers(before);
  const now = schemaUsers(after);
  return (key) => {
    const byLabel = new Map<string, OperationRef>();
    for (const ref of [...(now.get(key) ?? []), ...(was.get(key) ?? [])]) {
      if (!byLabel.has(ref.label)) byLabel.set(ref.label, ref);
    }
    return [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label));
  };
};

/** The operationId of each operation label, from whichever document has the operation. */
const operationIdsIn = (before: Json, after: Json): Map<string, string> => {
  const ids = new Map<string, string>();
  for (const doc of [before, after]) {
    for (const op of operationsOf(doc).values()) {
      if (op.operationId !== undefined) ids.set(op.label, op.operationId);
    }
  }
  return ids;
};

/** Splits the differ's location into what a client calls (operation) or reads (schema) and the part. */
const entryOf = (
  change: ApiChange,
  users: (key: string) => OperationRef[],
  operationIds: Map<string, string>,
): ReleaseNoteEntry => {
  const base = {
    breaking: isBreaking(change),
    kind: change.kind,
    where: change.location,
    ...(change.detail === undefined ? {} : { detail: change.detail }),
  };
  const schema = SCHEMA_LOCATION.exec(change.location);
  if (schema) {
    const [, name = '', direction = 'response', part = ''] = schema;
    const dir = direction as Direction;
    return { ...base, schema: { name, direction: dir }, part, operations: users(schemaUseKey(name, dir)) };
  }
  const [, label = change.location, part = ''] = OPERATION_LOCATION.exec(change.location) ?? [];
  const operationId = operationIds.get(label);
  return {
    ...base,
    operation: label,
    part,
    operations: [operationId === undefined ? { label } : { label, operationId }],
  };
};

/**
 * What changed in the API from one released document to the next, by the breaking-change gate's own
 * differ: every difference, breaking ones first, each with the operations it is seen through.
 */
export function apiReleaseNotes(
  before: Json,
  after: Json,
  versions: { readonly from?: string; readonly to?: string } = {},
): ApiReleaseNotes {
  const users = usersIn(before, after);
  const operationIds = operationIdsIn(before, after);
  const entries = diffDocuments(before, after)
    .sort(byBreakingThenLocation)
    .map((change) => entryOf(change, users, operationIds));
  return {
    from: versions.from ?? versionOf(before),
    to: versions.to ?? versionOf(after),
    entries,
    breakingCount: entries.filter((e) => e.breaking).length,
  };
}

const readJson = async (path: string): Promise<Json> => JSON.parse(await readFile(path, 'utf8')) as Json;

/** The same from two document files (a released docs/releases/openapi-<version>.json and a newer one). */
export async function apiReleaseNotesOfFiles(
  beforePath: string,
  afterPath: string,
): Promise<ApiReleaseNotes> {
  return apiReleaseNotes(await readJson(beforePath), await readJson(afterPath));
}
