import type { EndpointId } from '@org/model';
import { endpointOfRequest } from './coverage.js';
import type { DocumentedOperation } from './journal-documented.js';
import { answeredPathsOf, mediaTypeOf } from './journal-schema.js';

/**
 * One exchange of the sandbox's journal, as far as the coverage reads it: an entry of
 * `GET /_sandbox/requests` (or of `useReferenceServer().exchanges()`) has all of it.
 */
export interface JournalExchange {
  /**
   * The operationId the sandbox routed the request to; null when it routed it to none (not an
   * operation of the API). Left out, the operation is found by method and path.
   */
  readonly operation?: string | null;
  readonly method: string;
  /** The path as sent, without the query string. */
  readonly path: string;
  /** The query parameters, decoded; a repeated one is an array. */
  readonly query?: Readonly<Record<string, string | readonly string[]>>;
  readonly status: number;
  readonly request?: { readonly headers?: Readonly<Record<string, string>>; readonly body?: unknown };
  readonly response?: { readonly headers?: Readonly<Record<string, string>>; readonly body?: unknown };
}

/** What the journal shows of one operation, in the terms of DocumentedOperation. */
export interface ExercisedOperation {
  exchanges: number;
  readonly statuses: Set<number>;
  readonly parameters: Set<string>;
  readonly values: Set<string>;
  readonly requestTypes: Set<string>;
  readonly responseTypes: Set<string>;
  readonly properties: Set<string>;
}

export interface Exercised {
  readonly operations: Map<EndpointId, ExercisedOperation>;
  /** Requests that name no operation of the API, `GET /nowhere`, with how many times each was sent. */
  readonly unmatched: Map<string, number>;
}

/** The query string spellings the API reads as a boolean (the model's boolParam). */
const TRUE = /^(?:true|1|yes)$/i;
const FALSE = /^(?:false|0|no)$/i;

function emptyExercise(): ExercisedOperation {
  return {
    exchanges: 0,
    statuses: new Set(),
    parameters: new Set(),
    values: new Set(),
    requestTypes: new Set(),
    responseTypes: new Set(),
    properties: new Set(),
  };
}

/** The path parameters' values of a request, by the template's placeholders (`{id}` -> `id=1042`). */
function pathValuesOf(template: string, path: string): Array<[string, string]> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const source = template
    .replace(/\/+$/, '')
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('([^/]+)');
  // A gateway's prefix (`/messaging/api/...`) is matched by the path's end, as endpointOfRequest does.
  const match = new RegExp(`${source}/?$`).exec(path);
  return match ? names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]) : [];
}

/** A value as the document spells it: a boolean parameter's `1` or `yes` is `true`. */
function spelled(name: string, raw: unknown, documented: DocumentedOperation): string {
  const text = String(raw);
  if (!documented.booleans.includes(name)) return text;
  return TRUE.test(text) ? 'true' : FALSE.test(text) ? 'false' : text;
}

/** The parameters and values one request used: its path's, its query's and its body's top-level fields. */
function namedValuesOf(exchange: JournalExchange, documented: DocumentedOperation): Array<[string, unknown]> {
  const body = exchange.request?.body;
  return [
    ...pathValuesOf(documented.path, exchange.path).map(([n, v]): [string, unknown] => [`path:${n}`, v]),
    ...Object.entries(exchange.query ?? {}).flatMap(([n, v]) =>
      (Array.isArray(v) ? v : [v]).map((one): [string, unknown] => [`query:${n}`, one]),
    ),
    ...(typeof body === 'object' && body !== null && !Array.isArray(body)
      ? Object.entries(body).map(([n, v]): [string, unknown] => [`body:${n}`, v])
      : []),
  ];
}

/** Adds one exchange to what its operation was seen doing. */
function record(seen: ExercisedOperation, exchange: JournalExchange, documented: DocumentedOperation) {
  seen.exchanges += 1;
  seen.statuses.add(exchange.status);
  for (const [name, value] of namedValuesOf(exchange, documented)) {
    seen.parameters.add(name);
    if (value === null || typeof value !== 'object')
      seen.values.add(`${name}=${spelled(name, value, documented)}`);
  }
  const sent = mediaTypeOf(exchange.request?.headers?.['content-type']);
  if (sent && exchange.request?.body != null) seen.requestTypes.add(sent);
  const answered = mediaTypeOf(exchange.response?.headers?.['content-type']);
  if (answered) seen.responseTypes.add(answered);
  // A body past the journal's cap is kept as { truncated, text }: its properties are not read.
  const body = exchange.response?.body as { truncated?: unknown } | null | undefined;
  if (documented.bodyStatuses.includes(exchange.status) && body?.truncated !== true)
    answeredPathsOf(body, seen.properties);
}

/** The operation an exchange went to: the one the sandbox named, else the one its method and path match. */
function operationOf(exchange: JournalExchange, known: ReadonlyMap<string, DocumentedOperation>) {
  if (exchange.operation === null) return undefined;
  const named = exchange.operation ?? endpointOfRequest(exchange.method, exchange.path);
  return named === undefined ? undefined : known.get(named);
}

/** What the journal's exchanges exercised, operation by operation. */
export function exercisedOf(
  exchanges: readonly JournalExchange[],
  documented: readonly DocumentedOperation[],
): Exercised {
  const known = new Map(documented.map((d) => [d.operation as string, d]));
  const operations = new Map<EndpointId, ExercisedOperation>();
  const unmatched = new Map<string, number>();
  for (const exchange of exchanges) {
    const op = operationOf(exchange, known);
    if (!op) {
      const request = `${exchange.method} ${exchange.path}`;
      unmatched.set(request, (unmatched.get(request) ?? 0) + 1);
      continue;
    }
    const seen = operations.get(op.operation) ?? emptyExercise();
    operations.set(op.operation, seen);
    record(seen, exchange, op);
  }
  return { operations, unmatched };
}
