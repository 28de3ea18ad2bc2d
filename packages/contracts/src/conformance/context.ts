import { type ApiClient, createClient, type FetchLike } from '@org/client';
import { type EndpointDefinition, type EndpointId, RATE_LIMIT_HEADERS, strictOf } from '@org/model';
import type { z } from 'zod/v4';
import { endpointById } from '../endpoint-lookup.js';
import type { ExchangeFinding } from '../exchange/types.js';
import type { Violations } from './check.js';

export interface ConformanceOptions {
  /** Origin of the deployment, e.g. https://api.example.com */
  readonly baseUrl: string;
  /** An organization (or customer) token; only GET requests are sent. */
  readonly token: string;
  readonly organizationId?: number;
  readonly operatorId?: number;
  /** The UTC day whose analytics are read (YYYY-mm-dd); default yesterday. */
  readonly analyticsDate?: string;
  /** Only checks whose id matches run. */
  readonly only?: RegExp;
  /** Leave out the ~50 analytics metric endpoints (each has a rate limit of 10 per minute). */
  readonly skipAnalytics?: boolean;
  readonly fetch?: FetchLike;
}

/** A response read without the typed client (for requests the client would not send, e.g. no token). */
export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

/** What the checks share: the typed client, raw requests and the ids found while listing. */
export class ConformanceContext {
  readonly options: ConformanceOptions;
  readonly client: ApiClient;
  readonly baseUrl: string;
  /** Ids found in list responses, by resource (conversation, contact, note, operator). */
  readonly found = new Map<string, number>();
  readonly #fetch: FetchLike;

  constructor(options: ConformanceOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.client = createClient({
      baseUrl: this.baseUrl,
      token: options.token,
      fetch: this.#fetch,
      // A deployment has real rate limits: wait as Retry-After says (bounded), never fail on a burst.
      retry: { maxRetries: 4, maxDelaySeconds: 65 },
      ...(options.organizationId === undefined ? {} : { organizationId: options.organizationId }),
      ...(options.operatorId === undefined ? {} : { operatorId: options.operatorId }),
    });
  }

  definition(id: EndpointId): EndpointDefinition {
    return endpointById(id);
  }

  /** A GET with exactly these headers (no token unless given). */
  async raw(pathOrUrl: string, headers: Record<string, string> = {}): Promise<RawResponse> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const res = await this.#fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json', ...headers },
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  }

  /** The analytics day to read. */
  get analyticsDate(): string {
    return this.options.analyticsDate ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  }
}

/** Records each way a body fails a schema (at most `max`). */
/** Checks a body against the strict form of a schema: the runner catches every drift of the provider. */
export function expectSchema(v: Violations, schema: z.ZodType, body: unknown, what: string, max = 5) {
  const parsed = strictOf(schema).safeParse(body);
  if (parsed.success) return true;
  for (const issue of parsed.error.issues.slice(0, max))
    v.add(`${what}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (parsed.error.issues.length > max)
    v.add(`${what}: ... ${parsed.error.issues.length - max} more schema issues`);
  return false;
}

/** Records the findings of a body judged by the model, as expectSchema does (at most `max`). */
export function recordSchemaFindings(
  v: Violations,
  findings: readonly ExchangeFinding[],
  what: string,
  max = 5,
) {
  for (const finding of findings.slice(0, max)) v.add(`${what}: ${finding.message}`);
  if (findings.length > max) v.add(`${what}: ... ${findings.length - max} more schema issues`);
}

const RATE_LIMIT_HEADER_LIST = Object.keys(RATE_LIMIT_HEADERS);

/** Whether a finding's pointer names one of the rate-limit headers (D2). */
export function isRateLimitHeader(pointer: string): boolean {
  const name = pointer.split('/').at(-1)?.toLowerCase();
  return RATE_LIMIT_HEADER_LIST.some((header) => header.toLowerCase() === name);
}

/** The violation of D2's rate-limit headers, as the runner words it. */
export function rateLimitViolation(headers: Headers, what: string): string {
  return `${what}: missing or malformed ${RATE_LIMIT_HEADER_LIST.join('/')} (D2) (got ${RATE_LIMIT_HEADER_LIST.map((h) => `${h}=${headers.get(h)}`).join(', ')})`;
}
