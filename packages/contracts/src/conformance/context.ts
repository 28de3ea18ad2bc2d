import { type ApiClient, createClient, type FetchLike } from '@org/client';
import type { EndpointDefinition, EndpointId } from '@org/model';
import { endpointById } from '../endpoint-lookup.js';

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
  /** The path that was asked (no query): which operation answered. */
  readonly path: string;
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
    return { path: new URL(url).pathname, status: res.status, headers: res.headers, body, text };
  }

  /** The analytics day to read. */
  get analyticsDate(): string {
    return this.options.analyticsDate ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  }
}
