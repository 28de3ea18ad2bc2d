import * as z from 'zod/v4';
import type { DecisionId } from '../decisions.js';
import {
  type ErrorStatus,
  errorBodySchemaFor,
  HEADERS_TOO_LARGE_STATUS,
  PATH_TOO_LONG_STATUS,
  SERVER_ERROR_STATUSES,
  UNCOUNTED_ERROR_STATUSES,
} from '../errors.js';
import { requiredIdParam } from '../query/params.js';
import type { AnalyticsMetric } from '../records/analytics-metrics.js';
import type { RateLimitGroup } from '../resources.js';

/** The `{placeholders}` of a path template, as a union of names (what ts-rest's ParamsFromUrl reads). */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;

/** The path parameters a path template implies: each placeholder an id (1..maxId); none without one. */
export type PathParamsOf<P extends string> = [PathParamNames<P>] extends [never]
  ? undefined
  : z.ZodObject<{ [K in PathParamNames<P>]: z.ZodType<number, unknown> }, z.core.$strict>;

const pathParamsSchemas = new Map<string, z.ZodType>();

/**
 * The schema of the path parameters a path names, each a required id, or undefined for a path
 * without placeholders: written once, in the path. One schema per set of names, so every `{id}`
 * path shares its schema (and its OpenAPI text).
 */
export function pathParamsOf<P extends string>(path: P): PathParamsOf<P> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  if (!names.length) return undefined as PathParamsOf<P>;
  const key = names.join(',');
  let schema = pathParamsSchemas.get(key);
  if (!schema) {
    schema = z.strictObject(
      Object.fromEntries(names.map((name) => [name, requiredIdParam('Id of the resource.')])),
    );
    pathParamsSchemas.set(key, schema);
  }
  return schema as PathParamsOf<P>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** @deprecated The old name of {@link RateLimitGroup}: a group is a rate-limit counter only. */
export type ResourceGroup = RateLimitGroup;

export type SuccessStatus = 200 | 201 | 204;

/**
 * What an endpoint reads of `Authorization`: `required` (the API, D3: the token and its operator
 * context on every request), `optional` (the token when one is given, read as the API reads it), or
 * `none` (nobody is asked who they are: a retired version, the sandbox's control endpoints).
 */
export type Authorization = 'required' | 'optional' | 'none';

export interface EndpointExample {
  /** Query string values as a client would send them. */
  readonly query?: Record<string, string>;
  readonly params?: Record<string, string | number>;
  readonly body?: unknown;
  /** The success response body. */
  readonly response?: unknown;
}

export interface EndpointDefinition<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Success extends Partial<Record<SuccessStatus, z.ZodType | null>> = Partial<
    Record<SuccessStatus, z.ZodType | null>
  >,
  Errors extends ErrorStatus = ErrorStatus,
> {
  readonly method: M;
  /** OpenAPI path template, e.g. /api/um/v3/conversations/{id}/ */
  readonly path: P;
  /** Rate-limit counter; null for paths that answer before any counting (v2). */
  readonly group: RateLimitGroup | null;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  /** Success statuses with their body schema (null: no body, e.g. 204). */
  readonly success: Success;
  /** Error statuses this endpoint can answer; derived by `endpoint()` unless given. */
  readonly errors: readonly Errors[];
  readonly decisions: readonly DecisionId[];
  /** Name of the success body in the OpenAPI components, when it is reused. */
  readonly example: EndpointExample;
  /** Marked deprecated or retired in the document. */
  readonly deprecated?: boolean;
  /** The metric an analytics endpoint serves; absent where a `{metric}` path parameter names it. */
  readonly metric?: AnalyticsMetric;
  /** What it reads of `Authorization`; `required` when absent (every endpoint of the API). */
  readonly authorization?: Authorization;
}

/** What an endpoint reads of `Authorization` (`required` unless it says otherwise). */
export function authorizationOf(ep: Pick<EndpointDefinition, 'authorization'>): Authorization {
  return ep.authorization ?? 'required';
}

/**
 * What `endpoint()` takes (errors and decisions may be left out) and what it makes of it (the path
 * parameters and error statuses derived), for the same type arguments.
 */
interface Declaration<
  M extends HttpMethod,
  P extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Success extends Partial<Record<SuccessStatus, z.ZodType | null>>,
  G extends RateLimitGroup | null,
  E extends readonly ErrorStatus[] | undefined,
  A extends readonly ErrorStatus[] | undefined,
  Au extends Authorization,
> {
  readonly input: Omit<
    EndpointDefinition<M, P, Params, Query, Body, Success>,
    'errors' | 'decisions' | 'group' | 'example' | 'authorization'
  > & {
    readonly group: G;
    readonly authorization?: Au;
    /** Values a client would send and the success body, for the document (none by default). */
    readonly example?: EndpointExample;
    /** The error statuses instead of the derived ones (a retired version answers fewer). */
    readonly errors?: E;
    /** Error statuses beyond the derived ones (an upsert's 404 with no id in its path). */
    readonly additionalErrors?: A;
    readonly decisions?: readonly DecisionId[];
  };
  readonly output: EndpointDefinition<
    M,
    P,
    ParamsOf<P, Params>,
    Query,
    Body,
    Success,
    DerivedErrorStatus<ParamsOf<P, Params>, Body, G, E, A, Query, Au>
  > & {
    readonly group: G;
  };
}

type ServerErrorStatus = (typeof SERVER_ERROR_STATUSES)[number];

/**
 * The error statuses an endpoint's shape brings, written once: the value `endpoint()` lists and the
 * type a typed client is answered are both read from it.
 * - Any request can carry headers larger than the transport takes (431).
 * - An endpoint that reads `Authorization` (required or when given) can be sent an unknown or
 *   missing token (401) or an operator of the token's organization who may not act (403): it reads
 *   the token as the API does, with its context headers (D3, D4).
 * - A counted request (a rate-limit group: the API's) can exceed its limit (429); the API checks the
 *   query string and path of every request it counts, whatever the operation takes (400).
 * - Query parameters can be invalid (400); a body can be invalid or not JSON (400) or of another
 *   media type (415); a path with parameters can name nothing (404) or be too long for the
 *   transport (414).
 * A counted operation also reaches the store, so it can fault (SERVER_ERROR_STATUSES, appended by
 * `endpoint()` whether its statuses are derived or given).
 */
const DERIVED_ERRORS = {
  everyRequest: [HEADERS_TOO_LARGE_STATUS],
  readsToken: [401, 403],
  counted: [400, 429],
  query: [400],
  pathParams: [404, PATH_TOO_LONG_STATUS],
  body: [400, 415],
} as const satisfies Record<string, readonly ErrorStatus[]>;

type Derived<K extends keyof typeof DERIVED_ERRORS> = (typeof DERIVED_ERRORS)[K][number];

/** The error statuses `endpoint()` derives, as a type: what a typed client can be answered. */
export type DerivedErrorStatus<
  Params extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  G extends RateLimitGroup | null,
  E extends readonly ErrorStatus[] | undefined,
  A extends readonly ErrorStatus[] | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Au extends Authorization = 'required',
> =
  | (E extends readonly ErrorStatus[]
      ? E[number]
      :
          | Derived<'everyRequest'>
          | (Au extends 'none' ? never : Derived<'readsToken'>)
          | (G extends null ? never : Derived<'counted'>)
          // Tested against undefined, not z.ZodType: relating a zod 4 schema class to ZodType is
          // costly, and a consumer's checker does it for every entry of the table (D74).
          | (Query extends undefined ? never : Derived<'query'>)
          | (Params extends undefined ? never : Derived<'pathParams'>)
          | (Body extends undefined ? never : Derived<'body'>))
  | (A extends readonly ErrorStatus[] ? A[number] : never)
  | (G extends null ? never : ServerErrorStatus);

/** The statuses an endpoint's shape brings (DERIVED_ERRORS), in the order they are listed there. */
const derivedErrorsOf = (
  def: Pick<EndpointDefinition, 'group' | 'query' | 'body' | 'authorization'>,
  params: z.ZodType | undefined,
): ErrorStatus[] => [
  ...DERIVED_ERRORS.everyRequest,
  ...(authorizationOf(def) === 'none' ? [] : DERIVED_ERRORS.readsToken),
  ...(def.group === null ? [] : DERIVED_ERRORS.counted),
  ...(def.query ? DERIVED_ERRORS.query : []),
  ...(params ? DERIVED_ERRORS.pathParams : []),
  ...(def.body ? DERIVED_ERRORS.body : []),
];

/**
 * Declares an endpoint. The error statuses follow from its shape (DERIVED_ERRORS), so they are never
 * listed by hand; an endpoint adds one of its own with `additionalErrors`. An operation that is
 * counted (it has a rate-limit group, so it reaches the store) can also fault
 * (SERVER_ERROR_STATUSES: 500, 503), whether its statuses are derived or given. The list is in
 * ascending order, as the document shows it.
 */
export function endpoint<
  const M extends HttpMethod,
  const P extends string,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  const Success extends Partial<Record<SuccessStatus, z.ZodType | null>> = Partial<
    Record<SuccessStatus, z.ZodType | null>
  >,
  const G extends RateLimitGroup | null = RateLimitGroup | null,
  const E extends readonly ErrorStatus[] | undefined = undefined,
  const A extends readonly ErrorStatus[] | undefined = undefined,
  const Au extends Authorization = 'required',
>(
  def: Declaration<M, P, Params, Query, Body, Success, G, E, A, Au>['input'],
): Declaration<M, P, Params, Query, Body, Success, G, E, A, Au>['output'] {
  // Path parameters come from the path (`{id}`), unless the endpoint states its own (an enum).
  const params = def.params ?? pathParamsOf(def.path);
  const shaped: readonly ErrorStatus[] = def.errors ?? derivedErrorsOf(def, params);
  const counted = def.group === null ? [] : SERVER_ERROR_STATUSES;
  const errors = [...new Set([...shaped, ...(def.additionalErrors ?? []), ...counted])].sort((a, b) => a - b);
  return {
    ...def,
    ...(params ? { params: params as ParamsOf<P, Params> } : {}),
    errors: errors as DerivedErrorStatus<ParamsOf<P, Params>, Body, G, E, A, Query, Au>[],
    decisions: def.decisions ?? [],
    example: def.example ?? {},
  } as Declaration<M, P, Params, Query, Body, Success, G, E, A, Au>['output'];
}

/** The path parameters of an endpoint: the ones it states, or those its path implies. */
type ParamsOf<P extends string, Params> = Params extends z.ZodType ? Params : PathParamsOf<P>;

/**
 * The error statuses of an endpoint answered before its request is counted, so without
 * rate-limit headers: UNCOUNTED_ERROR_STATUSES; every answer of an uncounted endpoint (a retired
 * version); and on an analytics path naming its metric, the 404 of an unknown metric (no counter
 * exists for it: the server answers it before counting).
 */
export function uncountedStatusesOf(ep: EndpointDefinition): ErrorStatus[] {
  return ep.errors.filter(
    (status) =>
      ep.group === null ||
      (UNCOUNTED_ERROR_STATUSES as readonly number[]).includes(status) ||
      (status === 404 && ep.group === 'analytics' && ep.params !== undefined),
  );
}

/** The error body schema of each error status an endpoint documents. */
export function errorResponsesOf(ep: EndpointDefinition) {
  return Object.fromEntries(ep.errors.map((status) => [status, errorBodySchemaFor(status)])) as Record<
    ErrorStatus,
    ReturnType<typeof errorBodySchemaFor>
  >;
}

/** The first success status (the one a client expects). */
export function successStatusOf(ep: EndpointDefinition): SuccessStatus {
  return Number(Object.keys(ep.success)[0]) as SuccessStatus;
}

/** `/api/um/v3/conversations/{id}/` -> `/api/um/v3/conversations/:id/` (router syntax). */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills a path template: `{id}` -> the value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
