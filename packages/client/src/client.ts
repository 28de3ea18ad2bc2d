import { type EndpointDefinition, endpoints, fillPath, type ParsingMode } from '@org/model';
import type {
  EndpointId,
  ItemOf,
  PaginatedEndpointId,
  RequestArgs,
  RequestInput,
  ResponseOf,
  SuccessStatusOf,
} from './endpoint-types.js';
import { ApiError, type RequestTarget } from './errors.js';
import { PageIterator, type PageOptions, type PageSource } from './pagination.js';
import { queryShapeOf, serializeQuery } from './query-string.js';
import { type RateLimitInfo, rateLimitOf, retryAfterSecondsOf } from './rate-limit.js';
import { parseSuccessBody, validateSuccessBody } from './response.js';
import {
  defaultSleep,
  RETRIED_STATUSES,
  type RetryOptions,
  retryDelaySeconds,
  retryPolicyOf,
} from './retry.js';

/** How success bodies are checked: see ClientOptions.validation. */
export type ValidationMode = 'off' | ParsingMode;

const validationModeOf = (o: {
  validation?: ValidationMode | undefined;
  validateResponses?: boolean | undefined;
  validateResponse?: boolean | undefined;
}): ValidationMode | undefined => {
  if (o.validation) return o.validation;
  const flag = o.validateResponse ?? o.validateResponses;
  return flag === undefined ? undefined : flag ? 'tolerant' : 'off';
};

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Something worth telling the caller that is not an error (the offset cap, a retry). */
export interface ClientWarning {
  readonly kind: 'offset-cap' | 'retry' | 'link-loop';
  readonly endpoint: string;
  readonly message: string;
}

export interface ClientOptions {
  /** Origin of the API, e.g. https://api.example.com or http://127.0.0.1:3000 */
  readonly baseUrl: string;
  /** The raw organization or customer token, sent as `Authorization`. */
  readonly token?: string | undefined;
  /** `Service-Organization-Id`: with a customer token, the organization to act on. */
  readonly organizationId?: number | undefined;
  /** `Service-Operator-Id`: act in the context of that operator. */
  readonly operatorId?: number | undefined;
  /** The fetch to use; default globalThis.fetch (Node 20+, browsers). */
  readonly fetch?: FetchLike | undefined;
  /** Headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * 429 throttled and 503 unavailable: retries honouring Retry-After (default 2, waits up to
   * 60 s); `false` turns it off.
   */
  readonly retry?: RetryOptions | false | undefined;
  /**
   * How success bodies are checked against the model: `off` (the default) returns the JSON as
   * sent; `tolerant` parses it with the model's schemas, which drop unknown fields and accept
   * unknown enum values, so a newer server never breaks the client; `strict` rejects both (for the
   * API's own conformance checks). A body that fails throws ResponseValidationError.
   */
  readonly validation?: ValidationMode | undefined;
  /** Shorthand of `validation`: true is `tolerant`, false is `off`. */
  readonly validateResponses?: boolean | undefined;
  /** Notified of the offset cap, retries and link loops. */
  readonly onWarning?: ((warning: ClientWarning) => void) | undefined;
  /** The wait between retries (injectable for tests). */
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

/** A success response with its status and headers. */
export interface ApiResponse<Id extends EndpointId> {
  readonly status: SuccessStatusOf<Id>;
  readonly data: ResponseOf<Id>;
  readonly headers: Headers;
  readonly rateLimit: RateLimitInfo | undefined;
  readonly url: string;
}

type AnyInput = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  organizationId?: number;
  operatorId?: number;
  validateResponse?: boolean;
  validation?: ValidationMode;
};

const definitionOf = (id: EndpointId): EndpointDefinition => {
  const ep = (endpoints as Record<string, EndpointDefinition>)[id];
  if (!ep) throw new TypeError(`Unknown endpoint ${String(id)}`);
  return ep;
};

/**
 * The typed client. One generic request path serves every endpoint of the model's table:
 * `client.request('getConversation', { params: { id: 1 } })`.
 */
export class ApiClient {
  readonly options: ClientOptions;
  readonly #fetch: FetchLike;
  readonly #baseUrl: string;

  constructor(options: ClientOptions) {
    this.options = options;
    if (!options.fetch && typeof globalThis.fetch !== 'function')
      throw new TypeError('No fetch available: pass one as options.fetch.');
    // Looked up per call, so a fetch replaced after creation (test doubles, polyfills) is used.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** A client with some options replaced (another token, operator or retry policy). */
  with(overrides: Partial<ClientOptions>): ApiClient {
    return new ApiClient({ ...this.options, ...overrides });
  }

  /** The URL a call goes to. */
  url<Id extends EndpointId>(id: Id, ...[input]: RequestArgs<Id>): string {
    const ep = definitionOf(id);
    const i = (input ?? {}) as AnyInput;
    const query = serializeQuery(ep.query, i.query);
    return `${this.#baseUrl}${fillPath(ep.path, i.params ?? {})}${query ? `?${query}` : ''}`;
  }

  /** Calls an endpoint and returns its body (typed by the model). Non-success statuses throw ApiError. */
  async request<Id extends EndpointId>(id: Id, ...args: RequestArgs<Id>): Promise<ResponseOf<Id>> {
    return (await this.send(id, ...args)).data;
  }

  /** Calls an endpoint and returns status, body, headers and rate-limit counters. */
  send<Id extends EndpointId>(id: Id, ...args: RequestArgs<Id>): Promise<ApiResponse<Id>> {
    return this.#execute(id, this.url(id, ...args), (args[0] ?? {}) as AnyInput);
  }

  /**
   * The pages of a list, following the server's `next` links. Offset lists stop at the 10,000
   * reachable items and say so (`iterator.state.capped`, `onCapReached`, `onWarning`).
   */
  pages<Id extends PaginatedEndpointId>(
    id: Id,
    input?: RequestInput<Id>,
    options: PageOptions = {},
  ): PageIterator<ResponseOf<Id>, ItemOf<Id>> {
    return new PageIterator(this.#pageSource(id, input), options);
  }

  /** The items of every page, in order (see `pages`). */
  items<Id extends PaginatedEndpointId>(id: Id, input?: RequestInput<Id>, options: PageOptions = {}) {
    return this.pages(id, input, options).items();
  }

  #pageSource<Id extends PaginatedEndpointId>(
    id: Id,
    input: RequestInput<Id> | undefined,
  ): PageSource<ResponseOf<Id>> {
    const ep = definitionOf(id);
    const i = (input ?? {}) as AnyInput;
    return {
      endpoint: id,
      firstUrl: this.url(id, ...([input] as RequestArgs<Id>)),
      baseUrl: this.#baseUrl,
      isOffsetPaged: 'offset' in queryShapeOf(ep.query),
      fetchPage: async (url) => (await this.#execute(id, url, i)).data,
      warn: (warning) => this.options.onWarning?.(warning),
    };
  }

  async #execute<Id extends EndpointId>(id: Id, url: string, input: AnyInput): Promise<ApiResponse<Id>> {
    const ep = definitionOf(id);
    const target: RequestTarget = { endpoint: id, method: ep.method, url };
    const init: RequestInit = { method: ep.method, headers: this.#headersFor(input) };
    if (input.body !== undefined)
      init.body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
    if (input.signal) init.signal = input.signal;
    const policy = retryPolicyOf(this.options.retry);
    const sleep = this.options.sleep ?? defaultSleep;

    for (let attempt = 1; ; attempt++) {
      const res = await this.#fetch(url, init);
      const text = await res.text();
      if (RETRIED_STATUSES.has(res.status)) {
        const delay = retryDelaySeconds(policy, attempt, retryAfterSecondsOf(res.headers));
        if (delay !== undefined) {
          policy?.onRetry?.({ endpoint: id, url, attempt, delaySeconds: delay });
          this.options.onWarning?.({
            kind: 'retry',
            endpoint: id,
            message: `${res.status} from ${url}; retry ${attempt} in ${delay} s`,
          });
          await sleep(delay * 1000, input.signal);
          continue;
        }
      }
      if (res.status < 200 || res.status > 299) throw new ApiError(target, res.status, res.headers, text);
      let data = parseSuccessBody(target, res.status, text);
      const mode = validationModeOf(input) ?? validationModeOf(this.options) ?? 'off';
      if (mode !== 'off') data = validateSuccessBody(target, ep, res.status, data, mode);
      return {
        status: res.status as SuccessStatusOf<Id>,
        data: data as ResponseOf<Id>,
        headers: res.headers,
        rateLimit: rateLimitOf(res.headers),
        url,
      };
    }
  }

  #headersFor(input: AnyInput): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    const { token } = this.options;
    if (token !== undefined) headers.set('Authorization', token);
    const organizationId = input.organizationId ?? this.options.organizationId;
    if (organizationId !== undefined) headers.set('Service-Organization-Id', String(organizationId));
    const operatorId = input.operatorId ?? this.options.operatorId;
    if (operatorId !== undefined) headers.set('Service-Operator-Id', String(operatorId));
    if (input.body !== undefined) headers.set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries({ ...this.options.headers, ...input.headers }))
      headers.set(name, value);
    return headers;
  }
}

/** Creates a client: `createClient({ baseUrl, token })`. */
export function createClient(options: ClientOptions): ApiClient {
  return new ApiClient(options);
}
