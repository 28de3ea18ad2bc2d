import type { EndpointId, Endpoints } from '@org/model';
import type { z } from 'zod/v4';

/**
 * Every type a call needs, derived from `typeof endpoints` in @org/model: nothing here names an
 * endpoint, so a new entry in the table is a new, fully typed call.
 */
export type { EndpointId, Endpoints };

type Def<Id extends EndpointId> = Endpoints[Id];

/** The schema an endpoint declares under `params`, `query` or `body`; `never` when it has none. */
type SchemaAt<E, K extends 'params' | 'query' | 'body'> = E extends { readonly [P in K]?: infer S }
  ? Exclude<S, undefined> extends z.ZodType
    ? Exclude<S, undefined>
    : never
  : never;

type Has<S> = [S] extends [never] ? false : true;

/** A date given to a filter: a Date (formatted by the client) or the string form itself. */
export type DateInput = Date | string;

/**
 * The friendly input of one query parameter, from the value the model parses it into:
 * timestamps and dates accept a Date, id lists a number or an array of numbers, keyword lists a
 * string or an array of strings; everything else is the parsed type itself (numbers, booleans,
 * enum literals, strings).
 */
export type FriendlyValue<T> = [T] extends [Date]
  ? DateInput
  : [T] extends [readonly number[]]
    ? number | readonly number[]
    : [T] extends [readonly string[]]
      ? string | readonly string[]
      : T;

/**
 * The query a call accepts: the keys of the zod INPUT of the query schema (every query parameter
 * is optional on the wire), each typed from what the model parses it into. Keys the model parses
 * into something else (the analytics date bounds become a range) take dates.
 */
export type QueryInputOf<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]?:
    | (K extends keyof z.output<Q>
        ? // Exclude, not NonNullable: `T & {}` would collapse an open value set (`'new' | (string & {})`) to string.
          FriendlyValue<Exclude<z.output<Q>[K], null | undefined>>
        : DateInput)
    // Undefined too, so that `{ limit: maybeLimit }` compiles under exactOptionalPropertyTypes.
    | undefined;
};

/** Path parameters are always required. */
export type ParamsInputOf<P extends z.ZodType> = {
  [K in keyof z.output<P>]-?: NonNullable<z.output<P>[K]>;
};

export type QueryInput<Id extends EndpointId> = QueryInputOf<SchemaAt<Def<Id>, 'query'>>;
export type ParamsInput<Id extends EndpointId> = ParamsInputOf<SchemaAt<Def<Id>, 'params'>>;
export type BodyInput<Id extends EndpointId> = z.input<SchemaAt<Def<Id>, 'body'>>;

type SuccessOf<Id extends EndpointId> = Def<Id>['success'];

/** The documented success statuses of an endpoint (200, 201, 204). */
export type SuccessStatusOf<Id extends EndpointId> = keyof SuccessOf<Id> & number;

/**
 * The documented error statuses of an endpoint, as the model's table derives them: e.g. 400, 401,
 * 403, 404, 414, 429, 431, 500 and 503 for getConversation (500 and 503 on every counted operation).
 */
export type ErrorStatusOf<Id extends EndpointId> = Def<Id>['errors'][number];

type BodyOfStatus<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The response body of a call: the z.output of its success schema (undefined for 204). */
export type ResponseOf<Id extends EndpointId> = {
  [S in keyof SuccessOf<Id>]: BodyOfStatus<SuccessOf<Id>[S]>;
}[keyof SuccessOf<Id>];

/** Options every call accepts besides its params, query and body. */
export interface CallOptions {
  /** Extra headers; they win over the client's (e.g. a different Content-Type). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Service-Organization-Id for this call (a customer token acting on another organization). */
  readonly organizationId?: number | undefined;
  /** Service-Operator-Id for this call (act as that operator). */
  readonly operatorId?: number | undefined;
  /** Validate the response with the model's schema (overrides the client option); true is `tolerant`. */
  readonly validateResponse?: boolean | undefined;
  /** How to check the response for this call (overrides the client option): see ClientOptions.validation. */
  readonly validation?: 'off' | 'tolerant' | 'strict' | undefined;
}

type ParamsPart<Id extends EndpointId> =
  Has<SchemaAt<Def<Id>, 'params'>> extends true
    ? { readonly params: ParamsInput<Id> }
    : { readonly params?: undefined };
type QueryPart<Id extends EndpointId> =
  Has<SchemaAt<Def<Id>, 'query'>> extends true
    ? { readonly query?: QueryInput<Id> | undefined }
    : { readonly query?: undefined };
type BodyPart<Id extends EndpointId> =
  Has<SchemaAt<Def<Id>, 'body'>> extends true
    ? { readonly body: BodyInput<Id> }
    : { readonly body?: undefined };

/** What `client.request(id, input)` takes for one endpoint. */
export type RequestInput<Id extends EndpointId> = ParamsPart<Id> & QueryPart<Id> & BodyPart<Id> & CallOptions;

/** The input argument is required when the endpoint has path parameters or a body. */
export type RequestArgs<Id extends EndpointId> =
  Has<SchemaAt<Def<Id>, 'params'>> extends true
    ? [input: RequestInput<Id>]
    : Has<SchemaAt<Def<Id>, 'body'>> extends true
      ? [input: RequestInput<Id>]
      : [input?: RequestInput<Id>];

/** Endpoints whose response is a page: `results` plus a `next` link (offset, cursor and analytics). */
export type PaginatedEndpointId = {
  [Id in EndpointId]: [ResponseOf<Id>] extends [
    { results: readonly unknown[]; next?: string | null | undefined },
  ]
    ? Id
    : never;
}[EndpointId];

/** The item type of a paginated endpoint. */
export type ItemOf<Id extends EndpointId> =
  ResponseOf<Id> extends { results: ReadonlyArray<infer T> } ? T : never;
