import {
  ANALYTICS_METRIC_NAMES,
  type AnalyticsMetric,
  canonicalMetric,
  type EndpointDefinition,
  ERROR_CODES,
  type ErrorCode,
  endpointList,
  RATE_LIMIT_HEADER_NAMES,
  routerPath,
} from '@org/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/api-error.js';
import type { RateLimits } from '../../core/rate-limit/limiter.js';
import { isControlTarget } from '../api/prefix.js';
import type { SandboxControl } from '../control.js';

/*
 * The sandbox's per-request preferences on the API's endpoints (RFC 7240 `Prefer`): an error a
 * client's handling is tested with, a delay, a dropped connection; and the 429 of a limit a
 * provider state exhausted. The control API's own requests take none.
 */

/** The longest delay a preference can ask for (a day would hang a test). */
const MAX_DELAY_MS = 60_000;

/** The first error code answered with each status (the model's table is the only source). */
const CODE_OF_STATUS = new Map<number, ErrorCode>();
for (const [code, { status }] of Object.entries(ERROR_CODES) as Array<[ErrorCode, { status: number }]>)
  if (!CODE_OF_STATUS.has(status)) CODE_OF_STATUS.set(status, code);

/** The API's endpoint a route serves, by method and router path. */
const ENDPOINT_OF_ROUTE = new Map<string, EndpointDefinition>(
  endpointList().map(([, ep]) => [`${ep.method} ${routerPath(ep.path)}`, ep]),
);

function endpointOf(request: FastifyRequest): EndpointDefinition | undefined {
  return ENDPOINT_OF_ROUTE.get(`${request.method} ${request.routeOptions.url}`);
}

/** RFC 7240 preferences of a request (`Prefer: code=429, delay=500`); unknown ones are ignored. */
export function preferencesOf(request: FastifyRequest): Map<string, string> {
  const raw = request.headers.prefer;
  const values = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const preferences = new Map<string, string>();
  for (const value of values)
    for (const part of value.split(/[,;]/)) {
      const [name, ...rest] = part.trim().split('=');
      if (name) preferences.set(name.toLowerCase(), rest.join('=').trim().replace(/^"|"$/g, ''));
    }
  return preferences;
}

/** The statuses whose answers carry Retry-After, telling the client when to try again. */
const RETRY_STATUSES = new Set<number>([429, 503]);
/** What the server's own 503 (a transaction that kept conflicting) asks a client to wait (core/api-error.ts). */
const DEFAULT_UNAVAILABLE_RETRY_SECONDS = 1;
/** The longest wait a preference can ask for, as `Prefer: delay` (a day would hang a test). */
const MAX_RETRY_AFTER_SECONDS = MAX_DELAY_MS / 1000;

/**
 * `Prefer: retry-after=N`: the Retry-After a forced 429 or 503 carries, in whole seconds (0 allowed,
 * so that a client retrying by default does not make a test wait). Anything else is ignored.
 */
function preferredRetryAfter(preferences: Map<string, string>): number | undefined {
  const raw = preferences.get('retry-after');
  if (raw === undefined || !/^\d{1,5}$/.test(raw)) return undefined;
  return Math.min(Number(raw), MAX_RETRY_AFTER_SECONDS);
}

/** The Retry-After of a forced answer: the preference, else the server's own for that status. */
function retryAfterOf(status: number, preferences: Map<string, string>, limits: RateLimits) {
  return (
    preferredRetryAfter(preferences) ??
    (status === 429 ? limits.burst.windowSeconds : DEFAULT_UNAVAILABLE_RETRY_SECONDS)
  );
}

/**
 * The detail of a forced error whose code's own account of the cause would not be true of it: the
 * model's 503 gives a transaction that kept conflicting as its example, and a forced one (on a read
 * too) ran none.
 */
const FORCED_DETAIL: Partial<Record<ErrorCode, string>> = {
  unavailable: 'Service unavailable, forced by the sandbox; Retry-After says when to try again.',
};

/**
 * `Prefer: code=<status>`: the error an endpoint documents for that status, with its body and
 * headers as the server would answer it, 500 and 503 included, so a client's handling of each can be
 * tested. Undocumented statuses are not applied (RFC 7240 lets a server ignore a preference).
 */
function preferredError(request: FastifyRequest, limits: RateLimits): ApiError | null {
  const preferences = preferencesOf(request);
  const status = Number(preferences.get('code'));
  const endpoint = endpointOf(request);
  const code = CODE_OF_STATUS.get(status);
  if (!endpoint || !code || !(endpoint.errors as readonly number[]).includes(status)) return null;
  const window = limits.burst.windowSeconds;
  const retryAfter = RETRY_STATUSES.has(status) ? retryAfterOf(status, preferences, limits) : undefined;
  const headers: Record<string, string> = {
    [RATE_LIMIT_HEADER_NAMES.limit]: String(limits.burst.requests),
    [RATE_LIMIT_HEADER_NAMES.remaining]: status === 429 ? '0' : String(limits.burst.requests - 1),
    [RATE_LIMIT_HEADER_NAMES.reset]: String(window),
    ...(retryAfter === undefined ? {} : { [RATE_LIMIT_HEADER_NAMES.retryAfter]: String(retryAfter) }),
  };
  const detail =
    status === 429
      ? `Request was throttled (preferred by the request). Expected available in ${retryAfter} seconds.`
      : `${FORCED_DETAIL[code] ?? ERROR_CODES[code].description} (Preferred by the request: Prefer: code=${status}.)`;
  const errors = code === 'invalid' ? { non_field_errors: ['Preferred by the request.'] } : undefined;
  return new ApiError(code, detail, errors, headers);
}

/** The Preference-Applied value of a forced error: the code, and the Retry-After when it was asked. */
function appliedPreferences(request: FastifyRequest, error: ApiError) {
  const retryAfter = preferredRetryAfter(preferencesOf(request));
  return RETRY_STATUSES.has(error.status) && retryAfter !== undefined
    ? `code=${error.status}, retry-after=${retryAfter}`
    : `code=${error.status}`;
}

/** Whether a provider state exhausted the rate limit a request of this endpoint adds to. */
function isExhausted(exhausted: ReadonlySet<string>, endpoint: EndpointDefinition, request: FastifyRequest) {
  if (exhausted.size === 0 || endpoint.group === null) return false;
  if (exhausted.has('*') || exhausted.has(endpoint.group)) return true;
  const metric = endpoint.metric ?? (request.params as { metric?: string } | undefined)?.metric;
  return (
    metric !== undefined &&
    (ANALYTICS_METRIC_NAMES as readonly string[]).includes(metric) &&
    exhausted.has(`metric:${canonicalMetric(metric as AnalyticsMetric)}`)
  );
}

/** The 429 of a limit a provider state exhausted: as the server's own, with the burst window's headers. */
function exhaustedError(limits: RateLimits): ApiError {
  const window = limits.burst.windowSeconds;
  return new ApiError(
    'throttled',
    `Request was throttled (the sandbox's provider state exhausted this limit). Expected available in ${window} seconds.`,
    undefined,
    {
      [RATE_LIMIT_HEADER_NAMES.limit]: String(limits.burst.requests),
      [RATE_LIMIT_HEADER_NAMES.remaining]: '0',
      [RATE_LIMIT_HEADER_NAMES.reset]: String(window),
      [RATE_LIMIT_HEADER_NAMES.retryAfter]: String(window),
    },
  );
}

/** The onRequest hook that applies a request's preferences before its route's own hooks run. */
export function preferencesHookOf(control: Pick<SandboxControl, 'limits' | 'exhaustedLimits'>) {
  return async function applyPreferences(request: FastifyRequest, reply: FastifyReply) {
    if (isControlTarget(request.url)) return;
    const preferences = preferencesOf(request);
    const delay = Number(preferences.get('delay'));
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delay, MAX_DELAY_MS)));
    if (preferences.get('fault') === 'reset') {
      // The connection is dropped without an answer, as a failing proxy or server would.
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    const error = preferredError(request, control.limits);
    if (error) {
      reply.header('Preference-Applied', appliedPreferences(request, error));
      throw error;
    }
    const endpoint = endpointOf(request);
    if (endpoint && isExhausted(control.exhaustedLimits, endpoint, request))
      throw exhaustedError(control.limits);
  };
}
