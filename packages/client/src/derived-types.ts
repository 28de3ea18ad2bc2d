import type { EndpointId, Endpoints } from '@org/model';
import type { z } from 'zod/v4';

/**
 * What a call takes and returns, derived from `typeof endpoints` in @org/model with zod's
 * inference: nothing here names an endpoint. These are the definitions; the client's public types
 * read their expansion, src/endpoint-io.generated.ts (D74: inferring them at every call site made
 * a consumer's type-check three times slower on zod 4). `pnpm generate` writes that file from these
 * types and tests/endpoint-io.test.ts fails while it is stale; tests/exact-optional/endpoint-io.ts
 * checks that each entry equals its definition.
 */
type Def<Id extends EndpointId> = Endpoints[Id];

/** The schema an endpoint declares under `params`, `query` or `body`; `never` when it has none. */
type SchemaAt<E, K extends RequestPart> = E extends { readonly [P in K]?: infer S }
  ? Exclude<S, undefined> extends z.ZodType
    ? Exclude<S, undefined>
    : never
  : never;

/** The parts of a request an endpoint can declare. */
export type RequestPart = 'params' | 'query' | 'body';

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

/** The parts of a request an endpoint declares (`never` for none). */
export type DerivedParts<Id extends EndpointId> = {
  [K in RequestPart]: [SchemaAt<Def<Id>, K>] extends [never] ? never : K;
}[RequestPart];

export type DerivedQueryInput<Id extends EndpointId> = QueryInputOf<SchemaAt<Def<Id>, 'query'>>;
export type DerivedParamsInput<Id extends EndpointId> = ParamsInputOf<SchemaAt<Def<Id>, 'params'>>;
export type DerivedBodyInput<Id extends EndpointId> = z.input<SchemaAt<Def<Id>, 'body'>>;

type SuccessOf<Id extends EndpointId> = Def<Id>['success'];
type BodyOfStatus<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The response body of a call: the z.output of its success schema (undefined for 204). */
export type DerivedResponse<Id extends EndpointId> = {
  [S in keyof SuccessOf<Id>]: BodyOfStatus<SuccessOf<Id>[S]>;
}[keyof SuccessOf<Id>];
