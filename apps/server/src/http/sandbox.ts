import {
  ANALYTICS_METRIC_NAMES,
  type AnalyticsMetric,
  canonicalMetric,
  type EndpointDefinition,
  ERROR_CODES,
  type ErrorCode,
  endpointList,
  fieldErrorsOf,
  PROVIDER_STATE_CATALOGUE,
  type ProviderStateKey,
  RATE_LIMIT_HEADER_NAMES,
  routerPath,
} from '@org/model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, invalid } from '../core/api-error.js';
import { CLOCK_RANGE } from '../core/clock.js';
import { bytesOfParts, type JsonPart } from '../core/json.js';
import type { RateLimits } from '../core/rate-limit/limiter.js';
import { dataPointInputSchemaFor, type SandboxRecordResource } from '../core/sandbox-inputs.js';
import { assertNoNulCharacters, parseOrThrow } from '../core/validate.js';
import { readJsonBody } from './json-body.js';
import { type JournalRecord, journalTextOf, RequestJournal } from './request-journal.js';
import {
  ClockRequestSchema,
  type ClockSchema,
  type JournalEntry,
  type JournalQuery,
  JournalQuerySchema,
  SANDBOX_PREFIX as PREFIX,
  ProviderStateChangeSchema,
  RECORD_RESOURCES,
  type SandboxWorld,
  WorldRequestSchema,
} from './sandbox-api.js';

export type { JournalEntry, JournalQuery, SandboxWorld };

type ClockState = z.infer<typeof ClockSchema>;

/** What the control API acts on; the composition root (server.ts) wires it to the store and caches. */
export interface SandboxControl {
  /** Back to the seeded world (records, ids, counters, every cache), so the next test starts from it. */
  reset(): Promise<void>;
  /** Forgets the rate-limit counters. */
  clearRateLimits(): Promise<void>;
  /** The limits in force (the headers of a preferred error carry them). */
  limits: RateLimits;
  /** A world of its own inside the running server: a customer with organizations, tokens, operators. */
  createWorld(organizations: number): Promise<SandboxWorld>;
  /** Drops a world createWorld made; false when there is none with that id. */
  dropWorld(id: number): Promise<boolean>;
  /** The seeded world's customer (never dropped: a reset restores it). */
  seededWorldId: number;
  /** The seeded world's raw tokens, which the docs site's try-it console prefills. */
  demoTokens: { organization: string; customer: string };
  /** The server's clock, kept in the database so that every instance on it reads the same moment. */
  clock: {
    read(): Promise<ClockState>;
    /** A moment (ISO 8601), or null for real time. */
    set(at: string | null): Promise<ClockState>;
    /** Moves it by an ISO 8601 duration; null when that is not one (or leaves the range of dates). */
    advance(duration: string): Promise<ClockState | null>;
  };
  /**
   * Creates a record of any table in `organizationId`, or else the organization of the request's
   * token (401 for an unknown token); JSON text as the API renders the record.
   */
  createRecord(
    resource: SandboxRecordResource,
    body: Record<string, unknown>,
    headers: FastifyRequest['headers'],
  ): Promise<string>;
  createDataPoint(
    metric: AnalyticsMetric,
    body: Record<string, unknown>,
    headers: FastifyRequest['headers'],
  ): Promise<string>;
  /** Sets a provider state of the catalogue up with validated parameters; the values it returns. */
  setUpProviderState(key: ProviderStateKey, params: unknown): Promise<Record<string, string | number>>;
  /**
   * Rate limits a provider state exhausted until the reset: `*` (every group), a group, or
   * `metric:<canonical metric>`; their requests answer 429.
   */
  exhaustedLimits: ReadonlySet<string>;
}

/** The catalogue's keys by state name, and the names listed for a state the sandbox does not know. */
const STATE_KEY_OF_NAME = new Map<string, ProviderStateKey>(
  (Object.keys(PROVIDER_STATE_CATALOGUE) as ProviderStateKey[]).map((key) => [
    PROVIDER_STATE_CATALOGUE[key].name,
    key,
  ]),
);
const CATALOGUE_NAMES = [...STATE_KEY_OF_NAME.keys()].map((name) => `"${name}"`).join(', ');

/** The catalogue's key of a state name, or 400 naming the state and listing the catalogue. */
const stateKeyOf = (name: string): ProviderStateKey => {
  const key = STATE_KEY_OF_NAME.get(name);
  if (key) return key;
  throw new ApiError('invalid', `No provider state "${name}". The catalogue: ${CATALOGUE_NAMES}.`, {
    state: [`Unknown provider state "${name}"; GET /_sandbox/provider-states lists them.`],
  });
};

/** A state's parameters, checked by the catalogue: 400 naming each wrong one (`params.<name>`). */
const stateParamsOf = (key: ProviderStateKey, params: unknown): unknown => {
  const result = PROVIDER_STATE_CATALOGUE[key].params.safeParse(params ?? {});
  if (result.success) return result.data;
  const errors = Object.fromEntries(
    Object.entries(fieldErrorsOf(result.error)).map(([field, messages]) => [
      field === 'non_field_errors' ? 'params' : `params.${field}`,
      messages,
    ]),
  );
  throw new ApiError('invalid', `Invalid params of "${PROVIDER_STATE_CATALOGUE[key].name}".`, errors);
};

/** Whether a provider state exhausted the rate limit a request of this endpoint adds to. */
const isExhausted = (
  exhausted: ReadonlySet<string>,
  endpoint: EndpointDefinition,
  request: FastifyRequest,
) => {
  if (exhausted.size === 0 || endpoint.group === null) return false;
  if (exhausted.has('*') || exhausted.has(endpoint.group)) return true;
  const metric = endpoint.metric ?? (request.params as { metric?: string } | undefined)?.metric;
  return (
    metric !== undefined &&
    (ANALYTICS_METRIC_NAMES as readonly string[]).includes(metric) &&
    exhausted.has(`metric:${canonicalMetric(metric as AnalyticsMetric)}`)
  );
};

/** Marks an app whose pages (written part by part) are copied into the journal. */
export const SANDBOX_JOURNAL = 'sandboxJournal';
const MAX_DELAY_MS = 60_000;
const SANDBOX_PREFIX = `${PREFIX}/`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** A write's JSON body, checked as every write of the API is: JSON media type, valid, bounded, no NUL. */
const bodyOf = (request: FastifyRequest): unknown => {
  const json = readJsonBody(request);
  assertNoNulCharacters(json, 'body');
  return json;
};

/** The first error code answered with each status (the model's table is the only source). */
const CODE_OF_STATUS = new Map<number, ErrorCode>();
for (const [code, { status }] of Object.entries(ERROR_CODES) as Array<[ErrorCode, { status: number }]>)
  if (!CODE_OF_STATUS.has(status)) CODE_OF_STATUS.set(status, code);

/** The endpoint a route serves, by method and router path. */
const ENDPOINT_OF_ROUTE = new Map<string, EndpointDefinition>(
  endpointList().map(([, ep]) => [`${ep.method} ${routerPath(ep.path)}`, ep]),
);
/** The operationId a route serves, for the journal. */
const OPERATION_OF_ROUTE = new Map<string, string>(
  endpointList().map(([id, ep]) => [`${ep.method} ${routerPath(ep.path)}`, id]),
);

/**
 * Names of headers and query parameters whose values the journal never shows: the journal is read
 * by anyone who can reach the sandbox, and tests print it when they fail.
 */
const SECRET_NAME = /authorization|cookie|token|secret|password|api[-_]?key|credential|session/i;
const REDACTED = '[redacted]';

/** Headers as the journal shows them: one string per name, secrets redacted. */
const journalHeadersOf = (headers: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = SECRET_NAME.test(name)
      ? REDACTED
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  }
  return out;
};

/** The query parameters of a request target, decoded (repeated ones as arrays), secrets redacted. */
const journalQueryOf = (search: string): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const [name, raw] of new URLSearchParams(search)) {
    const value = SECRET_NAME.test(name) ? REDACTED : raw;
    const before = out[name];
    out[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return out;
};

/** One exchange as the journal keeps it: the request and the answer, headers and bodies. */
const journalRecordOf = (
  request: FastifyRequest,
  reply: FastifyReply,
  answer: string | null,
): JournalRecord => {
  const mark = request.url.indexOf('?');
  const route = `${request.method} ${request.routeOptions.url}`;
  return {
    id: request.id,
    at: new Date().toISOString(),
    operation: OPERATION_OF_ROUTE.get(route) ?? null,
    method: request.method,
    url: request.url,
    path: mark < 0 ? request.url : request.url.slice(0, mark),
    query: mark < 0 ? {} : journalQueryOf(request.url.slice(mark + 1)),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    request: { headers: journalHeadersOf(request.headers), body: journalTextOf(request.body) },
    response: { headers: journalHeadersOf(answerHeadersOf(request, reply)), body: answer },
  };
};

/** The headers an answer went out with: those of a page written part by part, else the reply's. */
const answerHeadersOf = (request: FastifyRequest, reply: FastifyReply): Record<string, unknown> =>
  (request as { journalHeaders?: Record<string, unknown> }).journalHeaders ?? reply.getHeaders();

const CLOCK_RANGE_LIMITS = 'between 1970-01-01 and 9999-12-31 (UTC)';
const CLOCK_RANGE_MESSAGE = `A moment ${CLOCK_RANGE_LIMITS}.`;

/** RFC 7240 preferences of a request (`Prefer: code=429, delay=500`); unknown ones are ignored. */
export const preferencesOf = (request: FastifyRequest): Map<string, string> => {
  const raw = request.headers.prefer;
  const values = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const preferences = new Map<string, string>();
  for (const value of values)
    for (const part of value.split(/[,;]/)) {
      const [name, ...rest] = part.trim().split('=');
      if (name) preferences.set(name.toLowerCase(), rest.join('=').trim().replace(/^"|"$/g, ''));
    }
  return preferences;
};

/** The statuses whose answers carry Retry-After, telling the client when to try again. */
const RETRY_STATUSES = new Set<number>([429, 503]);
/** What the server's own 503 (a write that kept conflicting) asks a client to wait (core/api-error.ts). */
const DEFAULT_UNAVAILABLE_RETRY_SECONDS = 1;
/** The longest wait a preference can ask for, as `Prefer: delay` (a day would hang a test). */
const MAX_RETRY_AFTER_SECONDS = MAX_DELAY_MS / 1000;

/**
 * `Prefer: retry-after=N`: the Retry-After a forced 429 or 503 carries, in whole seconds (0 allowed,
 * so that a client retrying by default does not make a test wait). Anything else is ignored.
 */
const preferredRetryAfter = (preferences: Map<string, string>): number | undefined => {
  const raw = preferences.get('retry-after');
  if (raw === undefined || !/^\d{1,5}$/.test(raw)) return undefined;
  return Math.min(Number(raw), MAX_RETRY_AFTER_SECONDS);
};

/** The Retry-After of a forced answer: the preference, else the server's own for that status. */
const retryAfterOf = (status: number, preferences: Map<string, string>, limits: RateLimits) =>
  preferredRetryAfter(preferences) ??
  (status === 429 ? limits.burst.windowSeconds : DEFAULT_UNAVAILABLE_RETRY_SECONDS);

/**
 * `Prefer: code=<status>`: the error an endpoint documents for that status, with its body and
 * headers as the server would answer it, 500 and 503 included, so a client's handling of each can be
 * tested. Undocumented statuses are not applied (RFC 7240 lets a server ignore a preference).
 */
const preferredError = (request: FastifyRequest, limits: RateLimits): ApiError | null => {
  const preferences = preferencesOf(request);
  const status = Number(preferences.get('code'));
  const endpoint = ENDPOINT_OF_ROUTE.get(`${request.method} ${request.routeOptions.url}`);
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
      : `${ERROR_CODES[code].description} (Preferred by the request: Prefer: code=${status}.)`;
  const errors = code === 'invalid' ? { non_field_errors: ['Preferred by the request.'] } : undefined;
  return new ApiError(code, detail, errors, headers);
};

/** The 429 of a limit a provider state exhausted: as the server's own, with the burst window's headers. */
const exhaustedError = (limits: RateLimits): ApiError => {
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
};

/** The Preference-Applied value of a forced error: the code, and the Retry-After when it was asked. */
const appliedPreferences = (request: FastifyRequest, error: ApiError) => {
  const retryAfter = preferredRetryAfter(preferencesOf(request));
  return RETRY_STATUSES.has(error.status) && retryAfter !== undefined
    ? `code=${error.status}, retry-after=${retryAfter}`
    : `code=${error.status}`;
};

/**
 * The sandbox for other teams' test suites (`--sandbox`): the control API under /_sandbox/ and
 * the per-request preferences. Without it none of this is registered and /_sandbox/ answers 404.
 */
export function registerSandbox(app: FastifyInstance, control: SandboxControl, journalSize = 500): void {
  const journal = new RequestJournal(journalSize);
  app.decorate(SANDBOX_JOURNAL, true);
  const bodies = new WeakMap<FastifyRequest, string | null>();

  app.addHook('onRequest', async function applyPreferences(request: FastifyRequest, reply: FastifyReply) {
    if (request.url.startsWith(SANDBOX_PREFIX)) return;
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
    const endpoint = ENDPOINT_OF_ROUTE.get(`${request.method} ${request.routeOptions.url}`);
    if (endpoint && isExhausted(control.exhaustedLimits, endpoint, request))
      throw exhaustedError(control.limits);
  });

  app.addHook('onSend', async function keepAnswerText(request, _reply, payload) {
    if (!request.url.startsWith(SANDBOX_PREFIX)) bodies.set(request, journalTextOf(payload));
    return payload;
  });
  app.addHook('onResponse', async function journalRequest(request, reply) {
    if (request.url.startsWith(SANDBOX_PREFIX)) return;
    const answer = bodies.get(request) ?? (request as { journalText?: string | null }).journalText ?? null;
    journal.add(journalRecordOf(request, reply, answer));
  });

  app.post(`${SANDBOX_PREFIX}reset`, async function resetSandbox(_request, reply) {
    await control.reset();
    journal.clear();
    return reply.code(204).send();
  });
  // Isolation for test files that share one server: each creates a world of its own.
  app.post(`${SANDBOX_PREFIX}worlds`, async function createWorld(request, reply) {
    // No body at all is an empty request; a body is checked as any write's is.
    const hasBody = typeof request.body === 'string' && request.body.trim() !== '';
    const wanted = parseOrThrow(WorldRequestSchema, hasBody ? bodyOf(request) : {}, 'body');
    return reply.code(201).send(await control.createWorld(wanted.organizations ?? 2));
  });
  app.delete<{ Params: { id: string } }>(
    `${SANDBOX_PREFIX}worlds/:id`,
    async function dropWorld(request, reply) {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : Number.NaN;
      if (id === control.seededWorldId)
        throw new ApiError('invalid', 'The seeded world is not dropped; POST /_sandbox/reset restores it.', {
          id: ['The seeded world.'],
        });
      if (!(await control.dropWorld(id)))
        throw new ApiError('not_found', `No sandbox world ${request.params.id}.`);
      return reply.code(204).send();
    },
  );
  app.delete(`${SANDBOX_PREFIX}rate-limits`, async function clearRateLimits(_request, reply) {
    await control.clearRateLimits();
    return reply.code(204).send();
  });
  app.get(`${SANDBOX_PREFIX}requests`, async function readJournal(request, reply) {
    return reply.send(
      journal.read(parseOrThrow(JournalQuerySchema, request.query ?? {}, 'query parameters')),
    );
  });
  app.delete(`${SANDBOX_PREFIX}requests`, async function clearJournal(_request, reply) {
    journal.clear();
    return reply.code(204).send();
  });

  // The server's clock, kept in the database so that every instance on it reads the same moment.
  app.get(`${SANDBOX_PREFIX}clock`, async function readClock(_request, reply) {
    return reply.send(await control.clock.read());
  });
  app.put(`${SANDBOX_PREFIX}clock`, async function setClock(request, reply) {
    const wanted = parseOrThrow(ClockRequestSchema, bodyOf(request), 'body');
    if (wanted.now !== undefined) {
      const at = Date.parse(wanted.now);
      if (!(at >= CLOCK_RANGE.min && at <= CLOCK_RANGE.max))
        throw invalid({ now: [CLOCK_RANGE_MESSAGE] }, 'Invalid body: now.');
      return reply.send(await control.clock.set(wanted.now));
    }
    const moved = await control.clock.advance(wanted.advance!);
    if (!moved)
      throw invalid(
        { advance: [`Expected an ISO 8601 duration such as PT1H or P1DT30M, ending ${CLOCK_RANGE_LIMITS}.`] },
        'Invalid body: advance.',
      );
    return reply.send(moved);
  });
  app.delete(`${SANDBOX_PREFIX}clock`, async function resetClock(_request, reply) {
    return reply.send(await control.clock.set(null));
  });

  // Any record of the world, including what the API cannot create, so a test can set up any state;
  // validated by the model, answered as the API renders it.
  app.post<{ Params: { resource: string } }>(
    `${SANDBOX_PREFIX}records/:resource`,
    async function createRecord(request, reply) {
      const resource = request.params.resource as SandboxRecordResource;
      if (!Object.hasOwn(RECORD_RESOURCES, resource))
        throw new ApiError(
          'not_found',
          `No sandbox records of ${request.params.resource}; known: ${Object.keys(RECORD_RESOURCES).join(', ')}, analytics/<metric>.`,
        );
      const body = parseOrThrow(RECORD_RESOURCES[resource].input, bodyOf(request), 'body');
      const json = await control.createRecord(resource, body, request.headers);
      return reply.code(201).type(JSON_TYPE).send(json);
    },
  );
  app.post<{ Params: { metric: string } }>(
    `${SANDBOX_PREFIX}records/analytics/:metric`,
    async function createDataPoint(request, reply) {
      const metric = request.params.metric as AnalyticsMetric;
      if (!(ANALYTICS_METRIC_NAMES as readonly string[]).includes(metric))
        throw new ApiError('not_found', `Unknown analytics metric ${request.params.metric}.`);
      const body = parseOrThrow(dataPointInputSchemaFor(metric), bodyOf(request), 'body');
      const json = await control.createDataPoint(metric, body, request.headers);
      return reply.code(201).type(JSON_TYPE).send(json);
    },
  );

  // Pact provider states for any team's pacts: the catalogue of @org/model, set up here.
  app.get(`${SANDBOX_PREFIX}provider-states`, async function serveStateCatalogue(_request, reply) {
    catalogue ??= import('./sandbox-document.js').then((m) => JSON.stringify(m.stateCatalogue()));
    return reply.type(JSON_TYPE).send(await catalogue);
  });
  app.post(`${SANDBOX_PREFIX}provider-states`, async function changeProviderState(request, reply) {
    const change = parseOrThrow(ProviderStateChangeSchema, bodyOf(request), 'body');
    if (change.action === 'teardown') {
      // The interaction is over: back to the seeded world, so the next one starts from it.
      await control.reset();
      journal.clear();
      return reply.send({});
    }
    const key = stateKeyOf(change.state);
    return reply.send(await control.setUpProviderState(key, stateParamsOf(key, change.params)));
  });

  // The sandbox's own document, never part of the published one: the control API binds no client.
  // Built on first request, so the start does not pay for it.
  let document: Promise<string> | undefined;
  let catalogue: Promise<string> | undefined;
  app.get(`${SANDBOX_PREFIX}openapi.json`, async function serveSandboxDocument(_request, reply) {
    document ??= import('./sandbox-document.js').then((m) => JSON.stringify(m.buildSandboxDocument()));
    return reply.type(JSON_TYPE).send(await document);
  });
}

/**
 * Lets a page written part by part (register-routes' sendParts) appear in the journal, with the
 * headers it is written with (they never pass through the reply).
 */
export function journalPage(
  request: FastifyRequest,
  parts: readonly JsonPart[],
  headers: Record<string, unknown>,
): void {
  const page = request as { journalText?: string | null; journalHeaders?: Record<string, unknown> };
  page.journalText = journalTextOf(bytesOfParts(parts));
  page.journalHeaders = headers;
}
