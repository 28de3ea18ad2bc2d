import fc from 'fast-check';
import {
  documentedResponse,
  type FuzzOperation,
  type OpenApiDocument,
  operationsOf,
  type Schema,
  SchemaValidator,
} from './document.js';
import {
  collectionOf,
  type FuzzRequest,
  type GeneratorContext,
  mutatedRequestArbitrary,
  type Pools,
  validRequestArbitrary,
} from './generate.js';

export type { FuzzRequest } from './generate.js';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface FuzzOptions {
  /** Origin of the API, e.g. https://api.example.com */
  readonly baseUrl: string;
  /**
   * Origins of further instances of the same deployment (the same data): the requests are spread
   * round-robin over `baseUrl` and these, so answers of one instance are checked against writes of
   * the others.
   */
  readonly instances?: readonly string[];
  /** Requests in flight at once (each on a kept-alive connection); default 8. */
  readonly concurrency?: number;
  /** The token every valid request carries. */
  readonly token: string;
  /** A token of another organization: its records must never show up with `token`. */
  readonly otherToken?: string;
  /** Seed of the generators (same seed, same document, same data: same requests). Default 1. */
  readonly seed?: number;
  /** Requests to send, not counting discovery and shrinking. Default 1000. */
  readonly requests?: number;
  /** The OpenAPI 3.0 document; default the one published with @org/model (docs/openapi.json). */
  readonly document?: OpenApiDocument;
  /** Only operations whose operationId matches. */
  readonly only?: RegExp;
  /** Send GET requests only (no writes, no deletes). */
  readonly readOnly?: boolean;
  /** The organization id of `token`; default: learned from the records it lists. */
  readonly organizationId?: number;
  /** Re-sends allowed per finding while shrinking its example; default 25. */
  readonly shrinkAttempts?: number;
  /** Per-request timeout in ms; default 10,000. */
  readonly timeoutMs?: number;
  readonly fetch?: FetchLike;
  /**
   * Called after each answer of the main run with the request's place in the (seeded) plan; with
   * concurrency, answers come in any order.
   */
  readonly onRequest?: (index: number, total: number, request: FuzzRequest, status: number) => void;
}

export type FuzzCheck =
  | 'server-error'
  | 'no-response'
  | 'status-undocumented'
  | 'body-schema'
  | 'error-body'
  | 'tenancy'
  | 'valid-rejected'
  | 'invalid-accepted'
  | 'page-size';

export interface FuzzFinding {
  readonly operationId: string;
  readonly check: FuzzCheck;
  readonly status: number;
  /** What was wrong with the smallest example. */
  readonly message: string;
  /** How many requests showed this finding. */
  readonly occurrences: number;
  /** The smallest failing example (after shrinking). */
  readonly request: FuzzRequest;
  /** A curl line that reproduces it (the token as $API_TOKEN), against the instance that answered. */
  readonly curl: string;
}

export interface FuzzExemption {
  readonly id: string;
  readonly rule: string;
  /** How many answers it excused in this run. */
  readonly applied: number;
}

export interface FuzzReport {
  readonly baseUrl: string;
  readonly seed: number;
  /** Requests of the main run (valid + mutated). */
  readonly requests: number;
  readonly valid: number;
  readonly mutated: number;
  /** Requests spent listing resources first and shrinking findings. */
  readonly discoveryRequests: number;
  readonly shrinkRequests: number;
  readonly byOperation: Record<string, { sent: number; statuses: Record<string, number> }>;
  readonly statuses: Record<string, number>;
  readonly findings: FuzzFinding[];
  readonly exemptions: FuzzExemption[];
  readonly organizationId: number | undefined;
  /** Origins the requests were spread over (baseUrl first). */
  readonly origins: readonly string[];
  /** Wall-clock time of the main run, in ms (for the rate the report prints). */
  readonly elapsedMs: number;
  readonly ok: boolean;
}

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string;
  readonly error?: string;
}

interface Observation {
  readonly check: FuzzCheck;
  readonly message: string;
}

/**
 * Server rules the OpenAPI document cannot express, from docs/decisions/api/. Answers they explain are
 * not findings; the report lists each with how often it applied.
 */
interface Exemption {
  readonly id: string;
  readonly rule: string;
  readonly applies: (op: FuzzOperation, req: FuzzRequest, status: number, ctx: RunContext) => boolean;
}

const queryValue = (req: FuzzRequest, name: string) => req.query.findLast((q) => q.name === name)?.value;

/** A range bound as the analytics endpoints read it: a day (to its end) or a second. */
const boundOf = (raw: string | undefined, end: boolean): number | undefined => {
  if (!raw) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const ms = Date.parse(day ? `${raw}T00:00:00Z` : `${raw.slice(0, 19)}Z`);
  if (Number.isNaN(ms)) return undefined;
  return end ? ms + (day ? 86_400_000 : 1000) : ms;
};

const EXEMPTIONS: Exemption[] = [
  {
    id: 'D14 93-day cap',
    rule: 'docs/decisions D14: an analytics range over 93 days answers 400.',
    applies: (_op, req, status) => {
      const from = boundOf(queryValue(req, 'event_date_from'), false);
      const to = boundOf(queryValue(req, 'event_date_to'), true);
      return status === 400 && from !== undefined && to !== undefined && to - from > 93 * 86_400_000;
    },
  },
  {
    id: 'D14 event_date or a range',
    rule: 'docs/decisions D14: event_date together with event_date_from or event_date_to answers 400.',
    applies: (_op, req, status) =>
      status === 400 &&
      queryValue(req, 'event_date') !== undefined &&
      (queryValue(req, 'event_date_from') !== undefined || queryValue(req, 'event_date_to') !== undefined),
  },
  {
    id: 'D4 operator groups',
    rule: 'docs/decisions D4: operator_group_ids must name operator groups of the organization; others answer 400 naming them.',
    applies: (op, req, status) => {
      const body = req.body?.json as { operator_group_ids?: unknown } | undefined;
      return status === 400 && op.id === 'updateOperator' && Array.isArray(body?.operator_group_ids);
    },
  },
  {
    id: 'D10 upsert identifier',
    rule: 'docs/decisions D10: PUT contact_identities/?identifier=<field> without a value of that field in the body answers 400.',
    applies: (_op, req, status) => {
      const identifier = queryValue(req, 'identifier');
      if (status !== 400 || req.method !== 'PUT' || !identifier) return false;
      const body = req.body?.json as Record<string, unknown> | undefined;
      return body?.[identifier] === undefined || body[identifier] === null || body[identifier] === '';
    },
  },
];

/** Documented rules applied as checks rather than exemptions (listed in the report too). */
const APPLIED_RULES: Array<{ id: string; rule: string }> = [
  {
    id: 'D6/D16 clamp',
    rule: 'A page size above x-um-clamp-to is valid (replaced by the clamp); pages never hold more than the clamp.',
  },
  { id: 'D17 unknown parameters', rule: 'An unknown query parameter must answer 400: a 2xx is a finding.' },
  {
    id: 'D12 write requests',
    rule: 'Wrong Content-Type (415), malformed JSON and unknown fields (400): a 2xx is a finding.',
  },
  {
    id: 'D3 organization header',
    rule: 'An organization token ignores Service-Organization-Id: garbage there may answer 2xx.',
  },
];

interface RunContext {
  readonly doc: OpenApiDocument;
  readonly validator: SchemaValidator;
  readonly pools: Pools;
  organizationId: number | undefined;
  readonly otherOrganizationIds: Set<number>;
  readonly errorBody: Schema | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------------------------------------- HTTP

/** The request as a URL (query values percent-encoded unless marked raw). */
export const urlOf = (baseUrl: string, req: FuzzRequest): string => {
  const path = req.pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(req.pathParams[name] ?? ''),
  );
  const query = req.query
    .map((q) => `${encodeURIComponent(q.name)}=${q.raw ? q.value : encodeURIComponent(q.value)}`)
    .join('&');
  return `${baseUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
};

const headersOf = (req: FuzzRequest, token: string): Record<string, string> => ({
  Accept: 'application/json',
  ...req.headers,
  ...(req.auth === 'none' ? {} : { Authorization: req.auth === 'token' ? token : req.auth.value }),
  ...(req.body?.contentType ? { 'Content-Type': req.body.contentType } : {}),
});

/** Shell-quotes a value: '...' when it is printable ASCII, $'...' with escapes otherwise. */
const shellQuote = (s: string): string => {
  if (/^[\x20-\x7e]*$/.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out +=
      c === "'" || c === '\\'
        ? `\\${c}`
        : byte >= 0x20 && byte < 0x7f
          ? c
          : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `$'${out}'`;
};

/** A curl line for the request; the run's token is written as $API_TOKEN. */
export const curlOf = (baseUrl: string, req: FuzzRequest): string => {
  const parts = ['curl -sS -i --globoff --path-as-is', `-X ${req.method}`, shellQuote(urlOf(baseUrl, req))];
  for (const [name, value] of Object.entries(req.headers))
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (req.auth === 'token') parts.push('-H "Authorization: $API_TOKEN"');
  else if (req.auth !== 'none') parts.push(`-H ${shellQuote(`Authorization: ${req.auth.value}`)}`);
  if (req.body) {
    parts.push(`-H ${shellQuote(`Content-Type: ${req.body.contentType ?? ''}`)}`);
    parts.push(`--data-binary ${shellQuote(req.body.text)}`);
  }
  return parts.join(' ');
};

const send = async (
  fetchFn: FetchLike,
  baseUrl: string,
  token: string,
  req: FuzzRequest,
  timeoutMs: number,
): Promise<Answer> => {
  // A timer cleared once the body is read, rather than AbortSignal.timeout: that one's timer runs
  // to its end after every answer (an abort and an exception per request, 10 s later), a tenth of
  // the fuzzer's CPU over a run of 10,000 requests. Same abort, same message, when it does fire.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    timeoutMs,
  );
  try {
    const res = await fetchFn(urlOf(baseUrl, req), {
      method: req.method,
      headers: headersOf(req, token),
      ...(req.body ? { body: new TextEncoder().encode(req.body.text) } : {}),
      redirect: 'manual',
      signal: controller.signal,
    });
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') ?? '' };
  } catch (error) {
    return {
      status: 0,
      text: '',
      contentType: '',
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
};

// -------------------------------------------------------------------------------------------- Checks

/** Every object of a JSON value (records, embedded records, data points). */
const objectsIn = function* (value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 8) return;
  if (Array.isArray(value)) for (const v of value) yield* objectsIn(v, depth + 1);
  else if (isObject(value)) {
    yield value;
    for (const v of Object.values(value)) yield* objectsIn(v, depth + 1);
  }
};

/** The top-level records of a body: `results` of a page, or the body itself. */
const recordsOf = (body: unknown): Array<Record<string, unknown>> =>
  isObject(body) && Array.isArray(body.results)
    ? body.results.filter(isObject)
    : isObject(body) && 'id' in body
      ? [body]
      : [];

const evaluate = (
  ctx: RunContext,
  op: FuzzOperation,
  req: FuzzRequest,
  answer: Answer,
  used: Map<string, number>,
): Observation[] => {
  const found: Observation[] = [];
  const { status } = answer;
  if (answer.error) return [{ check: 'no-response', message: answer.error }];
  if (status >= 500)
    return [{ check: 'server-error', message: `answered ${status}: ${answer.text.slice(0, 200)}` }];
  let body: unknown;
  let parsed = false;
  if (answer.text) {
    try {
      body = JSON.parse(answer.text);
      parsed = true;
    } catch {
      /* not JSON */
    }
  }
  const documented = documentedResponse(op, status);
  const bodyCheck: FuzzCheck = status >= 400 ? 'error-body' : 'body-schema';
  if (!documented) {
    found.push({ check: 'status-undocumented', message: `${status} is not documented for ${op.id}` });
    if (status >= 400 && ctx.errorBody) {
      const errors = parsed ? ctx.validator.errors(ctx.errorBody, body) : 'not JSON';
      if (errors) found.push({ check: 'error-body', message: `not the documented error body: ${errors}` });
    }
  } else if (documented.schema) {
    if (!parsed)
      found.push({
        check: bodyCheck,
        message: `body is not JSON: ${JSON.stringify(answer.text.slice(0, 80))}`,
      });
    else {
      const errors = ctx.validator.errors(documented.schema, body);
      if (errors) found.push({ check: bodyCheck, message: errors });
    }
  } else if (answer.text.length)
    found.push({
      check: bodyCheck,
      message: `a body where none is documented (${answer.text.length} bytes)`,
    });

  if (status >= 200 && status < 300 && parsed) {
    for (const record of objectsIn(body)) {
      const org = record.organization_id;
      if (typeof org === 'number' && ctx.organizationId !== undefined && org !== ctx.organizationId) {
        found.push({
          check: 'tenancy',
          message: `a record of organization ${org} (the token's is ${ctx.organizationId})`,
        });
        break;
      }
    }
    const others = new Set(ctx.pools.otherIds.get(collectionOf(op.path)) ?? []);
    const leaked = recordsOf(body).find((r) => typeof r.id === 'number' && others.has(r.id));
    if (leaked) found.push({ check: 'tenancy', message: `record ${leaked.id} of the other organization` });
    const limitParam = op.parameters.find((p) => p.in === 'query' && p.name === 'limit');
    const clamp = limitParam?.schema['x-um-clamp-to'];
    const limit = Number(queryValue(req, 'limit'));
    if (typeof clamp === 'number' && isObject(body) && Array.isArray(body.results)) {
      const max = Number.isInteger(limit) && limit > 0 ? Math.min(limit, clamp) : clamp;
      if (body.results.length > max)
        found.push({
          check: 'page-size',
          message: `${body.results.length} results for limit ${queryValue(req, 'limit') ?? '(default)'} (at most ${max})`,
        });
    }
    if (req.kind === 'mutated' && req.strict)
      found.push({ check: 'invalid-accepted', message: `${req.mutation} answered ${status}` });
  }
  if (status === 400 && req.kind === 'valid') {
    const exemption = EXEMPTIONS.find((e) => e.applies(op, req, status, ctx));
    if (exemption) used.set(exemption.id, (used.get(exemption.id) ?? 0) + 1);
    else
      found.push({
        check: 'valid-rejected',
        message: `a request valid under the document answered 400: ${answer.text.slice(0, 200)}`,
      });
  }
  return found;
};

// ----------------------------------------------------------------------------------------- Discovery

const addToPool = (map: Map<string, unknown[]>, key: string, value: unknown, cap = 40) => {
  const list = map.get(key) ?? [];
  if (list.length < cap && !list.some((v) => v === value)) list.push(value);
  map.set(key, list);
};

/** Lists every collection with each token: real ids and field values for the generators. */
const discover = async (
  ops: FuzzOperation[],
  options: FuzzOptions,
  fetchFn: FetchLike,
  timeoutMs: number,
): Promise<{
  pools: Pools;
  sent: number;
  organizationIds: Set<number>;
  otherOrganizationIds: Set<number>;
}> => {
  const pools: Pools = { ids: new Map(), fields: new Map(), otherIds: new Map() };
  const organizationIds = new Set<number>();
  const otherOrganizationIds = new Set<number>();
  const lists = ops.filter(
    (op) =>
      op.method === 'GET' &&
      !op.path.includes('{') &&
      !op.parameters.some((p) => p.required) &&
      Object.keys(op.responses).some((s) => s.startsWith('2')),
  );
  let sent = 0;
  for (const [token, mine] of [
    [options.token, true],
    ...(options.otherToken ? [[options.otherToken, false]] : []),
  ] as Array<[string, boolean]>) {
    for (const op of lists) {
      const req: FuzzRequest = {
        operationId: op.id,
        method: 'GET',
        pathTemplate: op.path,
        pathParams: {},
        query: op.parameters.some((p) => p.in === 'query' && p.name === 'limit')
          ? [{ name: 'limit', value: '100' }]
          : [],
        headers: {},
        auth: 'token',
        kind: 'valid',
      };
      const answer = await send(fetchFn, options.baseUrl, token, req, timeoutMs);
      sent++;
      if (answer.status !== 200) continue;
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        continue;
      }
      const collection = collectionOf(op.path);
      for (const record of recordsOf(body))
        if (typeof record.id === 'number')
          addToPool(mine ? pools.ids : pools.otherIds, collection, record.id, 1000);
      for (const object of objectsIn(body)) {
        if (typeof object.organization_id === 'number')
          (mine ? organizationIds : otherOrganizationIds).add(object.organization_id);
        if (!mine) continue;
        for (const [key, value] of Object.entries(object))
          if (value !== null && typeof value !== 'object' && key !== 'organization_id')
            addToPool(pools.fields, key, value);
      }
    }
  }
  // Ids both tokens see (e.g. shared records) are no evidence of a leak.
  for (const [collection, ids] of pools.otherIds) {
    const mine = new Set(pools.ids.get(collection) ?? []);
    pools.otherIds.set(
      collection,
      ids.filter((id) => !mine.has(id)),
    );
  }
  for (const id of organizationIds) otherOrganizationIds.delete(id);
  return { pools, sent, organizationIds, otherOrganizationIds };
};

// -------------------------------------------------------------------------------------------- Run

const schedule = (ops: FuzzOperation[], total: number): FuzzOperation[] => {
  // Reads and writes before deletes (a delete early on would leave little to read); analytics
  // endpoints (many, alike) weigh less than the others.
  const weight = (op: FuzzOperation) =>
    op.method === 'DELETE' ? 1 : op.path.includes('/analytics/') ? 1 : 4;
  const phases = [ops.filter((op) => op.method !== 'DELETE'), ops.filter((op) => op.method === 'DELETE')];
  const all = ops.reduce((sum, op) => sum + weight(op), 0);
  const shares = new Map(ops.map((op) => [op, Math.floor((total * weight(op)) / all)]));
  let rest = total - [...shares.values()].reduce((a, b) => a + b, 0);
  for (const op of ops) {
    if (rest <= 0) break;
    shares.set(op, (shares.get(op) ?? 0) + 1);
    rest--;
  }
  const order: FuzzOperation[] = [];
  for (const phase of phases) {
    const left = new Map(phase.map((op) => [op, shares.get(op) ?? 0]));
    while ([...left.values()].some((n) => n > 0))
      for (const op of phase) {
        const n = left.get(op) ?? 0;
        if (n > 0) {
          order.push(op);
          left.set(op, n - 1);
        }
      }
  }
  return order;
};

/**
 * The published document and its validator, made once per process: compiling the validators of
 * the document's schemas is a tenth of a run's CPU, and several runs in one process (a test file)
 * fuzz the same document. Never handed out, so nothing can change it between runs; a document
 * passed in `options.document` gets a validator of its own on every run.
 */
let defaultDocument: Promise<{ doc: OpenApiDocument; validator: SchemaValidator }> | undefined;
const loadDefaultDocument = () =>
  (defaultDocument ??= import('@org/model/openapi').then(({ openApiDocument }) => {
    const doc = openApiDocument() as unknown as OpenApiDocument;
    return { doc, validator: new SchemaValidator(doc) };
  })).catch((error: unknown) => {
    defaultDocument = undefined;
    throw error;
  });

/**
 * Smaller variants of a request: one query parameter, body field or header fewer. A valid request
 * stays valid (required parameters and body fields stay), so a shrunk example shows the same thing.
 */
const smallerVariants = (op: FuzzOperation, validator: SchemaValidator, req: FuzzRequest): FuzzRequest[] => {
  const variants: FuzzRequest[] = [];
  const required = new Set(op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name));
  req.query.forEach((q, i) => {
    if (req.kind === 'valid' && required.has(q.name)) return;
    variants.push({ ...req, query: req.query.filter((_, j) => j !== i) });
  });
  if (isObject(req.body?.json) && req.body)
    for (const key of Object.keys(req.body.json)) {
      const { [key]: _, ...json } = req.body.json;
      if (req.kind === 'valid' && op.body && !validator.valid(op.body.schema, json)) continue;
      variants.push({ ...req, body: { ...req.body, json, text: JSON.stringify(json) } });
    }
  for (const name of Object.keys(req.headers)) {
    const { [name]: _, ...headers } = req.headers;
    variants.push({ ...req, headers });
  }
  return variants;
};

const sizeOf = (req: FuzzRequest) =>
  req.query.length + Object.keys(req.headers).length + (req.body?.text.length ?? 0) / 20;

/**
 * Fuzzes a deployment from its OpenAPI document: lists the resources, then sends `requests`
 * generated requests (valid and mutated, reproducible by seed), checks every answer against the
 * document and shrinks each distinct finding to a small curl reproduction.
 */
export const fuzz = async (options: FuzzOptions): Promise<FuzzReport> => {
  const seed = options.seed ?? 1;
  const total = options.requests ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { doc, validator } = options.document
    ? { doc: options.document, validator: new SchemaValidator(options.document) }
    : await loadDefaultDocument();
  const ops = operationsOf(doc).filter(
    (op) => (!options.only || options.only.test(op.id)) && (!options.readOnly || op.method === 'GET'),
  );
  if (!ops.length) throw new Error('no operation to fuzz');
  const discovered = await discover(ops, options, fetchFn, timeoutMs);
  const errorBodyRef = doc.components?.schemas?.ErrorBody
    ? { $ref: '#/components/schemas/ErrorBody' }
    : undefined;
  const ctx: RunContext = {
    doc,
    validator,
    pools: discovered.pools,
    organizationId:
      options.organizationId ??
      (discovered.organizationIds.size === 1 ? [...discovered.organizationIds][0] : undefined),
    otherOrganizationIds: discovered.otherOrganizationIds,
    errorBody: errorBodyRef,
  };
  const gen: GeneratorContext = { doc, validator, pools: ctx.pools };

  // Every operation gets its own stream of requests, half valid, half mutated; the plan (which
  // request is sent when, to which instance) is fixed by the seed before the first is sent.
  const order = schedule(ops, total);
  const counts = new Map<FuzzOperation, number>();
  for (const op of order) counts.set(op, (counts.get(op) ?? 0) + 1);
  const streams = new Map<FuzzOperation, FuzzRequest[]>();
  ops.forEach((op, i) => {
    const n = counts.get(op) ?? 0;
    if (!n) return;
    const arbitrary = fc.oneof(validRequestArbitrary(gen, op), mutatedRequestArbitrary(gen, op));
    streams.set(op, fc.sample(arbitrary, { seed: (seed * 1_000_003 + i * 7919) | 0, numRuns: n }));
  });
  const origins = [options.baseUrl, ...(options.instances ?? [])];
  const plan = order.flatMap((op, i) => {
    const req = streams.get(op)?.shift();
    return req ? [{ op, req, origin: origins[i % origins.length] as string }] : [];
  });

  const byOperation: FuzzReport['byOperation'] = {};
  const statuses: Record<string, number> = {};
  const used = new Map<string, number>();
  const findings = new Map<
    string,
    {
      op: FuzzOperation;
      obs: Observation;
      status: number;
      req: FuzzRequest;
      origin: string;
      occurrences: number;
    }
  >();
  let valid = 0;
  let answered = 0;
  const check = (i: number, answer: Answer) => {
    const { op, req, origin } = plan[i]!;
    answered++;
    if (req.kind === 'valid') valid++;
    const entry = (byOperation[op.id] ??= { sent: 0, statuses: {} });
    entry.sent++;
    const status = String(answer.status || 'no answer');
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    statuses[status] = (statuses[status] ?? 0) + 1;
    // Ids created along the way are valid targets too.
    if (answer.status === 201 && op.method === 'POST') {
      try {
        const created = JSON.parse(answer.text) as { id?: unknown };
        if (typeof created.id === 'number') ctx.pools.ids.get(collectionOf(op.path))?.push(created.id);
      } catch {
        /* checked below */
      }
    }
    for (const obs of evaluate(ctx, op, req, answer, used)) {
      const key = `${op.id} ${obs.check} ${answer.status}`;
      const known = findings.get(key);
      if (!known) findings.set(key, { op, obs, status: answer.status, req, origin, occurrences: 1 });
      else {
        known.occurrences++;
        if (sizeOf(req) < sizeOf(known.req)) Object.assign(known, { req, obs, origin });
      }
    }
    options.onRequest?.(i + 1, plan.length, req, answer.status);
  };
  // A pool of workers takes the plan in order: `concurrency` requests in flight, each worker on a
  // connection that fetch keeps alive.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < plan.length; i = next++) {
      const { req, origin } = plan[i]!;
      check(i, await send(fetchFn, origin, options.token, req, timeoutMs));
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, plan.length) }, worker));
  const elapsedMs = Math.round(performance.now() - started);

  // Shrink: drop query parameters, body fields and headers while the same finding persists.
  let shrinkRequests = 0;
  const attempts = options.shrinkAttempts ?? 25;
  for (const [key, finding] of findings) {
    let budget = attempts;
    let progress = true;
    while (progress && budget > 0) {
      progress = false;
      for (const variant of smallerVariants(finding.op, validator, finding.req)) {
        if (budget-- <= 0) break;
        const answer = await send(fetchFn, finding.origin, options.token, variant, timeoutMs);
        shrinkRequests++;
        const obs = evaluate(ctx, finding.op, variant, answer, new Map()).find(
          (o) => `${finding.op.id} ${o.check} ${answer.status}` === key,
        );
        if (obs) {
          Object.assign(finding, { req: variant, obs });
          progress = true;
          break;
        }
      }
    }
  }

  const list: FuzzFinding[] = [...findings.values()].map((f) => ({
    operationId: f.op.id,
    check: f.obs.check,
    status: f.status,
    message: f.req.mutation ? `${f.obs.message} [${f.req.mutation}]` : f.obs.message,
    occurrences: f.occurrences,
    request: f.req,
    curl: curlOf(f.origin, f.req),
  }));
  const exemptions: FuzzExemption[] = [
    ...EXEMPTIONS.map((e) => ({ id: e.id, rule: e.rule, applied: used.get(e.id) ?? 0 })),
    ...APPLIED_RULES.map((r) => ({ ...r, applied: 0 })),
  ];
  if (options.organizationId === undefined && discovered.organizationIds.size > 1)
    list.push({
      operationId: '(discovery)',
      check: 'tenancy',
      status: 200,
      message: `the token's lists hold records of organizations ${[...discovered.organizationIds].join(', ')}`,
      occurrences: 1,
      request: {
        operationId: '(discovery)',
        method: 'GET',
        pathTemplate: '/',
        pathParams: {},
        query: [],
        headers: {},
        auth: 'token',
        kind: 'valid',
      },
      curl: '',
    });
  return {
    baseUrl: options.baseUrl,
    seed,
    requests: answered,
    valid,
    mutated: answered - valid,
    discoveryRequests: discovered.sent,
    shrinkRequests,
    byOperation,
    statuses,
    findings: list,
    exemptions,
    organizationId: ctx.organizationId,
    origins,
    elapsedMs,
    ok: list.length === 0,
  };
};
