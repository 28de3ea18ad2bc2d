import type { EndpointDefinition, EndpointId, Endpoints, retiredEndpoints, SuccessStatus } from '@org/model';
import type { z } from 'zod';
import type { AuthContext } from '../core/auth/authenticate.js';
import type { Json, JsonPart } from '../core/json.js';
import type { RequestOrigin } from '../core/links.js';
import type { Services } from './services.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request parsed with an endpoint's schemas, typed from them (the API's and the sandbox's handlers take it). */
export interface ParsedRequest<E extends EndpointDefinition = EndpointDefinition> {
  params: Out<NonNullable<E['params']>>;
  query: Out<NonNullable<E['query']>>;
  body: Out<NonNullable<E['body']>>;
}

/** What a handler receives: the validated request, typed from the endpoint's model schemas. */
export interface HandlerContext<E extends EndpointDefinition = EndpointDefinition> extends ParsedRequest<E> {
  auth: AuthContext;
  origin: RequestOrigin;
  services: Services;
  endpointId: EndpointId;
}

/**
 * A handler's answer, typed from the endpoint's success table: one of its statuses, with the JSON
 * text of that status's body (or none where the table says null, e.g. 204).
 */
export type HandlerResult<E extends EndpointDefinition> = {
  [S in keyof E['success'] & SuccessStatus]: E['success'][S] extends z.ZodType
    ? { status: S; json: Json<z.output<E['success'][S]>> }
    : { status: S; json?: undefined };
}[keyof E['success'] & SuccessStatus];

/** Any handler's answer, as the HTTP adapter writes it. */
export interface WireResult {
  status: number;
  json?: string | Buffer | readonly JsonPart[] | undefined;
}

export type Handler<E extends EndpointDefinition> = (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>;

/** Endpoints answered by a handler: all but retired versions (answered by the versioning route). */
export type ServedEndpointId = Exclude<EndpointId, keyof typeof retiredEndpoints>;

/** Every served endpoint of the table has exactly one handler (the compiler checks completeness). */
export type HandlerTable = { [K in ServedEndpointId]: Handler<Endpoints[K]> };

export function ok<T, S extends SuccessStatus = 200>(json: Json<T>, status: S = 200 as S) {
  return {
    status,
    json,
  };
}
export function noContent() {
  return { status: 204 as const };
}
