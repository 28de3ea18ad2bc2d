import type { EndpointDefinition, EndpointId, Endpoints, retiredEndpoints } from '@org/model';
import type { z } from 'zod';
import type { AuthContext } from '../core/auth/authenticate.js';
import type { RequestOrigin } from '../core/links.js';
import type { Services } from './services.js';

type Out<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

/** What a handler receives: the validated request, typed from the endpoint's model schemas. */
export interface HandlerContext<E extends EndpointDefinition = EndpointDefinition> {
  auth: AuthContext;
  params: Out<NonNullable<E['params']>>;
  query: Out<NonNullable<E['query']>>;
  body: Out<NonNullable<E['body']>>;
  origin: RequestOrigin;
  services: Services;
  endpointId: EndpointId;
}

/** A handler's answer: a status and the JSON text of the body (rendered once, never re-stringified). */
export interface HandlerResult {
  status: number;
  /** The body; a list of parts (a page of fragments) is written as it is, without joining it. */
  json?: string | Buffer | Buffer[];
}

export type Handler<E extends EndpointDefinition = EndpointDefinition> = (
  ctx: HandlerContext<E>,
) => Promise<HandlerResult>;

/** Endpoints answered by a handler: all but retired versions (answered by the versioning route). */
export type ServedEndpointId = Exclude<EndpointId, keyof typeof retiredEndpoints>;

/** Every served endpoint of the table has exactly one handler (the compiler checks completeness). */
export type HandlerTable = { [K in ServedEndpointId]: Handler<Endpoints[K]> };

export const ok = (json: string | Buffer | Buffer[], status = 200): HandlerResult => ({ status, json });
export const noContent = (): HandlerResult => ({ status: 204 });
