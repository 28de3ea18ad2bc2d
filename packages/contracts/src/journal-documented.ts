import {
  type EndpointDefinition,
  type EndpointId,
  endpointList,
  paramsShapeOf,
  SERVER_ERROR_STATUSES,
} from '@org/model';
import { documentedStatusesOf } from './coverage.js';
import {
  documentedPathsOf,
  fieldsOf,
  finiteValuesOf,
  type Json,
  mediaTypeOf,
  resolved,
} from './journal-schema.js';

/**
 * What the API documents of one operation, as the journal coverage counts it. Parameters are
 * `path:id`, `query:limit`, `body:topics`; values `query:ordering=-id`; properties `results[].id`.
 */
export interface DocumentedOperation {
  readonly operation: EndpointId;
  readonly method: string;
  /** The path template, e.g. /api/um/v3/notes/{id}/ */
  readonly path: string;
  readonly statuses: readonly number[];
  readonly parameters: readonly string[];
  /** Parameters whose values are a boolean's or a short enum's (journal-schema.ts MAX_FINITE_VALUES). */
  readonly values: readonly string[];
  /** The boolean parameters, whose spellings (`1`, `yes`, `True`) the journal shows as sent. */
  readonly booleans: readonly string[];
  /** Media types the operation takes a body in (none without a body). */
  readonly requestTypes: readonly string[];
  /** Media types its documented answers come in. */
  readonly responseTypes: readonly string[];
  /** Success statuses with a body, and the properties those bodies document. */
  readonly bodyStatuses: readonly number[];
  readonly properties: readonly string[];
}

const STATUS_SERVER_ERRORS = new Set<number>(SERVER_ERROR_STATUSES);

/**
 * The statuses a team's tests can meet in the sandbox's journal: the contracted ones
 * (documentedStatusesOf), and the server's faults (500, 503), which `Prefer: code=` forces so that a
 * client's handling of them is tested. The transport's (414, 431) are answered before any operation
 * is routed, so no journal entry names an operation with them.
 */
export function journalStatusesOf(ep: EndpointDefinition): number[] {
  return [
    ...new Set([...documentedStatusesOf(ep), ...ep.errors.filter((s) => STATUS_SERVER_ERRORS.has(s))]),
  ].sort((a, b) => a - b);
}

/** The model's parameter names of an endpoint: its path and query schemas' and its body's top-level fields. */
function parametersOf(ep: EndpointDefinition): string[] {
  return [
    ...Object.keys(paramsShapeOf(ep.params)).map((name) => `path:${name}`),
    ...Object.keys(paramsShapeOf(ep.query)).map((name) => `query:${name}`),
    ...Object.keys(paramsShapeOf(ep.body)).map((name) => `body:${name}`),
  ];
}

function contentOf(doc: Json, holder: unknown): Json {
  const content = resolved(doc, holder).content;
  return typeof content === 'object' && content !== null ? (content as Json) : {};
}

function mediaTypesOf(content: Json): string[] {
  return Object.keys(content).flatMap((type) => mediaTypeOf(type) ?? []);
}

/** Each (parameter, value) pair the document makes finite, `query:verified=true`, and which are booleans. */
function valuesOf(doc: Json, op: Json, body: unknown): { values: string[]; booleans: string[] } {
  const named: Array<[string, unknown]> = [
    ...(Array.isArray(op.parameters) ? op.parameters : [])
      .map((p) => resolved(doc, p))
      .filter((p) => p.in === 'path' || p.in === 'query')
      .map((p): [string, unknown] => [`${p.in}:${p.name}`, p.schema]),
    ...fieldsOf(doc, body).map(([name, schema]): [string, unknown] => [`body:${name}`, schema]),
  ];
  const values: string[] = [];
  const booleans: string[] = [];
  for (const [name, schema] of named) {
    const finite = finiteValuesOf(doc, schema);
    if (!finite) continue;
    values.push(...finite.map((value) => `${name}=${value}`));
    if (resolved(doc, schema).type === 'boolean') booleans.push(name);
  }
  return { values, booleans };
}

/** One operation as the model's table and the published document describe it. */
function documentedOperation(doc: Json, operation: EndpointId, ep: EndpointDefinition): DocumentedOperation {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const op = resolved(doc, paths[ep.path]?.[ep.method.toLowerCase()]);
  const responses = resolved(doc, op.responses);
  const requestContent = contentOf(doc, op.requestBody);
  const bodySchema = Object.values(requestContent).map((c) => resolved(doc, c).schema)[0];
  const bodyStatuses = Object.entries(ep.success)
    .filter(([, schema]) => schema !== null)
    .map(([status]) => Number(status));
  const properties = bodyStatuses.flatMap((status) =>
    Object.values(contentOf(doc, responses[status])).flatMap((c) =>
      documentedPathsOf(doc, resolved(doc, c).schema),
    ),
  );
  return {
    operation,
    method: ep.method,
    path: ep.path,
    statuses: journalStatusesOf(ep),
    parameters: parametersOf(ep),
    ...valuesOf(doc, op, bodySchema),
    requestTypes: ep.body ? mediaTypesOf(requestContent) : [],
    responseTypes: [...new Set(Object.values(responses).flatMap((r) => mediaTypesOf(contentOf(doc, r))))],
    bodyStatuses,
    properties: [...new Set(properties)],
  };
}

/** Every operation of the endpoint table, documented (the document is @org/model's published one). */
export function documentedOperations(doc: Json): DocumentedOperation[] {
  return endpointList().map(([operation, ep]) => documentedOperation(doc, operation, ep));
}
