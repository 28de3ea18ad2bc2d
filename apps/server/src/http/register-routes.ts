import type { OutgoingHttpHeaders } from 'node:http';
import {
  ANALYTICS_QUERY_PARAMS,
  canonicalMetric,
  type EndpointDefinition,
  endpointList,
  fieldErrorsOf,
  routerPath,
  splitKeywords,
  V3,
} from '@org/model';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { ApiError } from '../core/api-error.js';
import { type AuthContext, OperatorRejected } from '../core/auth/authenticate.js';
import { assertCapability } from '../core/auth/capabilities.js';
import type { JsonPart } from '../core/json.js';
import { originFor } from '../core/links.js';
import { assertNoNulCharacters, parseOrThrow } from '../core/validate.js';
import { metricOfRequest } from '../handlers/analytics.js';
import type { Services } from '../handlers/services.js';
import type { HandlerTable, ServedEndpointId } from '../handlers/types.js';
import { RECORD_TABLE_NAMES } from '../store/resources.js';
import { readJsonBody } from './json-body.js';

/** Fields of the success record: a PATCH naming one of these is told it is read-only, not unknown. */
function recordFieldsOf(ep: EndpointDefinition): Set<string> {
  const schema = Object.values(ep.success)[0] as z.ZodType | null | undefined;
  const shape = (schema as z.ZodObject | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}

/**
 * Links are built from the public URL when one is configured, else from the Host header, which must
 * be a valid host so that no answer carries a link that is not a URL.
 */
function originOf(request: FastifyRequest, publicUrl: string | undefined) {
  const [path = '/', rawQuery = ''] = request.url.split('?', 2);
  return {
    origin: originFor(publicUrl, request.protocol, request.headers.host),
    path,
    query: new URLSearchParams(rawQuery),
  };
}

/**
 * Parsed query parameters by endpoint and raw query string: the model's parse is pure, so a query
 * asked again (a page, a filter a client repeats) skips it, a tenth of a small GET's CPU. Analytics
 * queries are not kept (a request naming no day covers the clock's day). Shared values: no handler
 * changes its query. Bounded in entries and key length, so hostile queries cannot grow it.
 */
const parsedQueries = new LRUCache<string, { value: unknown }>({ max: 2000 });
const MAX_KEPT_QUERY_LENGTH = 1024;

function parseQuery(id: string, ep: EndpointDefinition, request: FastifyRequest, services: Services) {
  const mark = request.url.indexOf('?');
  const raw = mark < 0 ? '' : request.url.slice(mark + 1);
  const key = ep.group === 'analytics' || raw.length > MAX_KEPT_QUERY_LENGTH ? undefined : `${id}?${raw}`;
  const kept = key === undefined ? undefined : parsedQueries.get(key);
  if (kept) return kept.value;
  assertNoNulCharacters(request.query, 'query parameters');
  const query = ep.group === 'analytics' ? onClockDay(request.query, services) : request.query;
  const value = parseOrThrow(ep.query!, query ?? {}, 'query parameters');
  if (key !== undefined) parsedQueries.set(key, { value });
  return value;
}

/** What a route's onRequest hook learnt: who asks, and the parsed path parameters. */
interface Admitted {
  auth: AuthContext;
  params: unknown;
}
const admitted = new WeakMap<FastifyRequest, Admitted>();

/**
 * Told of each page written part by part (sendParts): it goes to the socket past the reply's onSend
 * hooks, so whatever keeps the answers a server gives (the sandbox's journal) learns of it here.
 */
export type PageObserver = (
  request: FastifyRequest,
  parts: readonly JsonPart[],
  headers: Readonly<Record<string, unknown>>,
) => void;

export interface RouteOptions {
  /** The URL links are built from (e.g. https://api.example.com); without it, the Host header. */
  publicUrl?: string;
  /** Told of each page written part by part; none by default. */
  onPageWritten?: PageObserver;
}

/** One entry of the table the app serves: an endpoint with the hooks that answer it. */
export interface ServedRoute {
  endpoint: EndpointDefinition;
  /** Runs before the body is read (the API's: authenticate and count). */
  admitRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  answerRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /**
   * Where the router takes it when that is not the endpoint's method and path: a retired version
   * answers every method on every path below it.
   */
  route?: { methods: readonly string[]; urls: readonly string[] };
}

/**
 * Registers what the app serves in one loop over one table: the API's endpoints, the retired
 * versions and the endpoints an extension serves beside them (the sandbox's control API), each
 * entry with its own hooks.
 */
export function registerRoutes(app: FastifyInstance, table: Iterable<ServedRoute>): void {
  for (const { endpoint, admitRequest, answerRequest, route } of table)
    for (const url of route?.urls ?? [routerPath(endpoint.path)])
      app.route({
        method: (route?.methods ?? endpoint.method) as HTTPMethods | HTTPMethods[],
        url,
        ...(admitRequest ? { onRequest: admitRequest } : {}),
        handler: answerRequest,
      });
}

/** The API's counted endpoints: authentication, capability, rate limit, validation, handler. */
export function apiRoutes(
  services: Services,
  handlers: HandlerTable,
  options: RouteOptions = {},
): ServedRoute[] {
  return endpointList()
    .filter(([, ep]) => ep.group !== null)
    .map(([id, ep]) => ({
      endpoint: ep,
      // Authenticate and count before the body is read, so that every answer after
      // authentication (413 and 415 included) carries the request's counter headers.
      ...routeHooksOf(id, ep, handlers[id as ServedEndpointId] as EndpointHandler, services, options),
    }));
}

type EndpointHandler = (ctx: unknown) => ReturnType<HandlerTable[ServedEndpointId]>;

/** The two hooks of one endpoint's route, named so that stack traces and profiles say which step ran. */
function routeHooksOf(
  id: string,
  ep: EndpointDefinition,
  handler: EndpointHandler,
  services: Services,
  options: RouteOptions,
) {
  const readOnly = recordFieldsOf(ep);
  const writes = tablesWrittenBy(ep);

  async function admitRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { auth, rejected } = await authenticateOrReject(services, request);
    // An unknown metric is a 404 before anything is counted (no counter exists for it); a
    // malformed path parameter is counted first, then answered 400.
    let params: unknown;
    let malformed: unknown;
    try {
      params = ep.params ? parsePathParams(ep, request.params) : undefined;
    } catch (error) {
      if (ep.group === 'analytics') throw error;
      malformed = error;
    }
    reply.headers(
      await services.limiter.hit(rateScopeOf(auth, ep, request), ep.group!, counterMetricOf(ep, params)),
    );
    if (rejected) throw rejected;
    if (malformed) throw malformed;
    admitted.set(request, { auth, params });
  }

  async function answerRequest(request: FastifyRequest, reply: FastifyReply) {
    const { auth, params } = admitted.get(request)!;
    let query: unknown;
    if (ep.query) query = parseQuery(id, ep, request, services);
    else assertNoNulCharacters(request.query, 'query parameters');
    assertCapability(auth, ep, (params ?? {}) as { id?: number });
    let body: unknown;
    if (ep.body) {
      const json = readJsonBody(request);
      assertNoNulCharacters(json, 'body');
      const result = ep.body.safeParse(json);
      if (!result.success) throw bodyError(result.error, readOnly);
      body = result.data;
    }
    let result: Awaited<ReturnType<EndpointHandler>>;
    try {
      result = await handler({
        auth,
        params,
        query,
        body,
        origin: originOf(request, options.publicUrl),
        services,
        endpointId: id,
      });
    } finally {
      // Announced before the answer, so the other instances hear of the write before its client
      // does; also after a failure, as a failed handler may have written before it threw.
      if (writes) await services.announcer.announce(writes);
    }
    reply.code(result.status);
    if (result.json === undefined) return reply.send();
    if (Array.isArray(result.json)) return sendParts(reply, result.json, options.onPageWritten);
    return reply.type(JSON_TYPE).send(result.json);
  }

  return { admitRequest, answerRequest };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The tables a writing endpoint's requests announce, so that every instance drops what it cached of
 * them: its resource's, named by its path (`/api/um/v3/<table>/...`). What the listeners act on is
 * whether a table is counted or read by authentication; writes a statement makes to other tables
 * (cascades, derived rows) go with it. Why the server announces rather than the tables' triggers:
 * see decision D59 (each instance announces its own writes).
 */
function tablesWrittenBy(ep: EndpointDefinition): readonly string[] | undefined {
  if (ep.method === 'GET') return undefined;
  const table = ep.path.startsWith(`${V3}/`) ? ep.path.slice(V3.length + 1).split('/')[0]! : '';
  if (!RECORD_TABLE_NAMES.has(table))
    throw new Error(`${ep.method} ${ep.path}: writes no known table to announce`);
  return [table];
}

/**
 * A page of fragments is written part by part in one corked writev: joining 100 fragments into one
 * 200-300 KB buffer first cost a copy and a fresh allocation per page (a tenth of a list request's
 * CPU). Hooks after the handler do not run for a hijacked reply; onResponse (logging) still does.
 */
function sendParts(reply: FastifyReply, parts: readonly JsonPart[], onPageWritten?: PageObserver): void {
  let length = 0;
  let text = false;
  for (const part of parts) {
    if (typeof part === 'string') {
      length += Buffer.byteLength(part);
      text = true;
    } else length += part.length;
  }
  const headers = {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': JSON_TYPE,
    'content-length': length,
  };
  onPageWritten?.(reply.request, parts, headers);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(reply.statusCode, headers);
  // Bytes go out in one corked writev. Text is written part by part: corked, the socket encodes
  // all of a page's text into one allocation of its size (2 to 3 MB for a whole analytics page),
  // and with many such pages in flight the C heap kept what they had taken.
  const socket = text ? null : res.socket;
  socket?.cork();
  for (const part of parts) res.write(part);
  res.end();
  socket?.uncork();
}

/** The analytics parameters that choose the days a request covers. */
const DATE_PARAMS = Object.keys(ANALYTICS_QUERY_PARAMS).filter((name) => name.startsWith('event_date'));
const DEFAULT_DAY_PARAM = 'event_date' satisfies keyof typeof ANALYTICS_QUERY_PARAMS;

/**
 * An analytics request naming no day covers the current UTC day: the day of the server's clock,
 * which the sandbox may have set, rather than the model's default of the real day.
 */
function onClockDay(query: unknown, services: Services): unknown {
  const raw = (query ?? {}) as Record<string, unknown>;
  if (DATE_PARAMS.some((name) => name in raw)) return raw;
  return { ...raw, [DEFAULT_DAY_PARAM]: new Date(services.clock.now()).toISOString().slice(0, 10) };
}

/** The counter metric of an analytics endpoint (both spellings of one metric share a counter). */
function counterMetricOf(ep: EndpointDefinition, params: unknown): string | undefined {
  const metric = ep.group === 'analytics' ? metricOfRequest(ep, params) : undefined;
  return metric && canonicalMetric(metric);
}

/**
 * Whose rate-limit counter a request adds to. v3: the active organization. Analytics: the
 * organization asked for; a customer token asking for several organizations or none counts under
 * its customer.
 */
function rateScopeOf(auth: AuthContext, ep: EndpointDefinition, request: FastifyRequest): string {
  if (ep.group !== 'analytics' || auth.tokenKind !== 'customer') return `o${auth.organizationId}`;
  const raw = (request.query as Record<string, unknown> | undefined)?.organization_id;
  const asked = typeof raw === 'string' ? splitKeywords(raw) : [];
  const only = asked.length === 1 ? Number(asked[0]) : undefined;
  return only !== undefined && auth.visibleOrganizationIds.includes(only)
    ? `o${only}`
    : `c${auth.customerId}`;
}

/** Every counted endpoint with a pattern of its path, for requests the router could not route. */
const COUNTED_ROUTES = endpointList()
  .filter(([, ep]) => ep.group !== null)
  .map(([, ep]) => ({
    ep,
    pattern: new RegExp(`^${routerPath(ep.path).replace(/:\w+/g, '[^/]+').replace(/\/$/, '')}/?$`),
  }));

/**
 * The answer to a request the router refused (a path parameter that is not valid
 * percent-encoding, `/conversations/%zz/`): on an operation's path it is answered as a malformed
 * path parameter is, authenticated and counted first (so it carries the counter's headers the
 * document lists for that 400), and an unknown metric (`/analytics/%zz/`) is the uncounted 404 of
 * any unknown metric. Other paths get `refused` as it is, uncounted.
 */
export async function answerUnroutable(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  refused: ApiError,
): Promise<ApiError> {
  const path = request.url.split('?', 1)[0]!;
  const route = COUNTED_ROUTES.find(({ ep, pattern }) => ep.method === request.method && pattern.test(path));
  if (!route) return refused;
  if (route.ep.path.includes('{metric}')) return new ApiError('not_found', 'Unknown analytics metric.');
  try {
    const { auth, rejected } = await authenticateOrReject(services, request);
    reply.headers(
      await services.limiter.hit(rateScopeOf(auth, route.ep, request), route.ep.group!, undefined),
    );
    return rejected ?? refused;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** A path naming something that does not exist is 404 (an unknown metric); a malformed id is 400. */
function parsePathParams(ep: EndpointDefinition, raw: unknown) {
  const result = ep.params!.safeParse(raw);
  if (result.success) return result.data;
  if (ep.path.includes('{metric}')) throw new ApiError('not_found', 'Unknown analytics metric.');
  return parseOrThrow(ep.params!, raw, 'path');
}

/**
 * The request's auth context; a Service-Operator-Id naming no operator is a 403 that is still
 * counted against the organization it names (every answer after authentication is), so it is
 * returned rather than thrown.
 */
async function authenticateOrReject(services: Services, request: FastifyRequest) {
  try {
    return { auth: await services.authenticator.authenticate(request.headers), rejected: undefined };
  } catch (error) {
    if (error instanceof OperatorRejected) return { auth: error.auth, rejected: error };
    throw error;
  }
}

function bodyError(error: z.ZodError, readOnly: Set<string>): ApiError {
  const errors = fieldErrorsOf(error, (key) =>
    readOnly.has(key) ? 'This field is read-only.' : 'Unknown field.',
  );
  return new ApiError('invalid', `Invalid body: ${Object.keys(errors).join(', ')}.`, errors);
}
