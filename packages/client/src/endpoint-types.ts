import type { EndpointId, Endpoints } from '@org/model';
import type { EndpointIO } from './endpoint-io.generated.js';

export type { DateInput, FriendlyValue } from './derived-types.js';
/**
 * Every type a call needs, for every entry of `typeof endpoints` in @org/model: a new entry in the
 * table is a new, fully typed call once src/endpoint-io.generated.ts is rewritten (its test says
 * when). Calls read that file's plain types, not zod's inference of the table: inferring at every
 * call site made a consumer's type-check three times slower on zod 4 (see decision D74).
 */
export type { EndpointId, Endpoints };

type Def<Id extends EndpointId> = Endpoints[Id];
type IO<Id extends EndpointId> = EndpointIO[Id];

/** Whether an endpoint declares path parameters, a query or a body. */
type Declares<Id extends EndpointId, Part extends string> = Part extends IO<Id>['parts'] ? true : false;

export type QueryInput<Id extends EndpointId> = IO<Id>['query'];
export type ParamsInput<Id extends EndpointId> = IO<Id>['params'];
export type BodyInput<Id extends EndpointId> = IO<Id>['body'];

type SuccessOf<Id extends EndpointId> = Def<Id>['success'];

/** The documented success statuses of an endpoint (200, 201, 204). */
export type SuccessStatusOf<Id extends EndpointId> = keyof SuccessOf<Id> & number;

/**
 * The documented error statuses of an endpoint, as the model's table derives them: e.g. 400, 401,
 * 403, 404, 414, 429, 431, 500 and 503 for getConversation (500 and 503 on every counted operation).
 */
export type ErrorStatusOf<Id extends EndpointId> = Def<Id>['errors'][number];

/** The response body of a call: the z.output of its success schema (undefined for 204). */
export type ResponseOf<Id extends EndpointId> = IO<Id>['response'];

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
  Declares<Id, 'params'> extends true
    ? { readonly params: ParamsInput<Id> }
    : { readonly params?: undefined };
type QueryPart<Id extends EndpointId> =
  Declares<Id, 'query'> extends true
    ? { readonly query?: QueryInput<Id> | undefined }
    : { readonly query?: undefined };
type BodyPart<Id extends EndpointId> =
  Declares<Id, 'body'> extends true ? { readonly body: BodyInput<Id> } : { readonly body?: undefined };

/** What `client.request(id, input)` takes for one endpoint. */
export type RequestInput<Id extends EndpointId> = ParamsPart<Id> & QueryPart<Id> & BodyPart<Id> & CallOptions;

/** The input argument is required when the endpoint has path parameters or a body. */
export type RequestArgs<Id extends EndpointId> =
  Declares<Id, 'params'> extends true
    ? [input: RequestInput<Id>]
    : Declares<Id, 'body'> extends true
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
