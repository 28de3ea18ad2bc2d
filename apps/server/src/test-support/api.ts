import {
  type EndpointId,
  type Endpoints,
  ERROR_STATUSES,
  type ErrorBody,
  type ErrorCode,
  type ErrorStatus,
  endpoints,
  errorBodySchemaFor,
  fillPath,
  RATE_LIMIT_HEADERS,
  strictOf,
} from '@org/model';
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * A test client of the reference server: authenticated requests by endpoint id, every response
 * body parsed with the model's schema for its status (`endpoints[id].success[status]`, or
 * `errorBodySchemaFor(status)`), so a response that drifts from the model fails the test.
 */

type SuccessOf<Id extends EndpointId> = Endpoints[Id]['success'];
type BodyOfStatus<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The parsed success body of an endpoint (undefined for 204). */
export type SuccessBody<Id extends EndpointId> = {
  [S in keyof SuccessOf<Id>]: BodyOfStatus<SuccessOf<Id>[S]>;
}[keyof SuccessOf<Id>];

export type QueryValue = string | number | boolean | Array<string | number>;

export interface RequestOptions {
  params?: Record<string, string | number>;
  /** Query parameters; an array repeats the parameter. */
  query?: Record<string, QueryValue | undefined>;
  /** A raw query string appended as is (after `query`), e.g. `search_query=a+b`. */
  rawQuery?: string;
  /** A JSON body (sent with Content-Type: application/json unless headers say otherwise). */
  body?: unknown;
  /** A body sent verbatim (no Content-Type unless given in headers). */
  rawBody?: string;
  /** Extra headers; they win over the defaults. */
  headers?: Record<string, string>;
}

export interface Identity {
  /** The Authorization header value; null sends none. */
  token: string | null;
  /** Service-Organization-Id. */
  organizationId?: number | string;
  /** Service-Operator-Id. */
  operatorId?: number | string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed body: the model's output of the success or error schema; undefined when empty. */
  body: T;
  /** The raw body text. */
  text: string;
}

const describeIssues = (error: z.ZodError) =>
  error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');

/**
 * Parses a body with the strict form of a schema (no unknown field, no unknown enum value), so
 * the reference server cannot drift from the model unnoticed; a failure names the request and fields.
 */
export function parseWith<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
  const result = strictOf(schema).safeParse(json);
  if (!result.success)
    throw new Error(
      `${what}: the body does not match the model\n${describeIssues(result.error)}\nbody: ${JSON.stringify(json).slice(0, 2000)}`,
    );
  return result.data;
}

const queryString = (query: RequestOptions['query'] = {}, raw?: string): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const parts = [params.toString(), raw ?? ''].filter(Boolean);
  return parts.length ? `?${parts.join('&')}` : '';
};

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly identity: Identity,
  ) {}

  /** The same client acting as someone else (another token, organization or operator). */
  as(identity: Partial<Identity>): Api {
    return new Api(this.baseUrl, { ...this.identity, ...identity });
  }

  /** A request to any path; error bodies are parsed with the error schema of their status. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = {};
    if (this.identity.token !== null) headers.authorization = this.identity.token;
    if (this.identity.organizationId !== undefined)
      headers['service-organization-id'] = String(this.identity.organizationId);
    if (this.identity.operatorId !== undefined)
      headers['service-operator-id'] = String(this.identity.operatorId);
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.baseUrl}${path}${queryString(options.query, options.rawQuery)}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const result: ApiResponse = { status: response.status, headers: response.headers, body: undefined, text };
    const what = `${method} ${path} -> ${response.status}`;
    expect(response.headers.get('x-request-id'), `${what}: X-Request-Id`).toBeTruthy();
    if (response.status >= 400) {
      if (!ERROR_STATUSES.includes(response.status as ErrorStatus))
        throw new Error(
          `${what}: status ${response.status} is not an error status of the model; body: ${text}`,
        );
      expect(response.headers.get('content-type'), `${what}: content type`).toMatch(/^application\/json/);
      result.body = parseWith(errorBodySchemaFor(response.status as ErrorStatus), JSON.parse(text), what);
    } else if (text !== '') {
      result.body = JSON.parse(text);
    }
    return result;
  }

  /**
   * A request to an endpoint of the model's table. The status must be one the endpoint documents
   * (a success status or one of its error statuses); the body is parsed with the schema for it.
   */
  async call<Id extends EndpointId>(
    id: Id,
    options: RequestOptions = {},
  ): Promise<ApiResponse<SuccessBody<Id> | ErrorBody>> {
    const ep = endpoints[id];
    const path = fillPath(ep.path, options.params);
    const response = await this.request(ep.method, path, options);
    const what = `${id} (${ep.method} ${path}) -> ${response.status}`;
    const success = ep.success as Record<number, z.ZodType | null | undefined>;
    if (response.status in success) {
      const schema = success[response.status];
      if (schema === null) {
        expect(response.text, `${what}: no body`).toBe('');
      } else {
        expect(response.headers.get('content-type'), `${what}: content type`).toMatch(/^application\/json/);
        response.body = parseWith(schema!, JSON.parse(response.text), what);
      }
      // Every counted response carries the headers of its counter, errors included.
      if (ep.group !== null)
        for (const name of Object.keys(RATE_LIMIT_HEADERS))
          expect(response.headers.get(name), `${what}: ${name}`).toMatch(/^\d+$/);
    } else if (!(ep.errors as readonly number[]).includes(response.status)) {
      throw new Error(
        `${what}: status not documented for ${id} (errors: ${ep.errors.join(', ')}); body: ${response.text}`,
      );
    }
    return response as ApiResponse<SuccessBody<Id> | ErrorBody>;
  }

  /** Calls an endpoint expecting success (its first success status unless given); returns the parsed body. */
  async ok<Id extends EndpointId>(
    id: Id,
    options: RequestOptions = {},
    status?: number,
  ): Promise<SuccessBody<Id>> {
    const response = await this.call(id, options);
    const expected = status ?? Number(Object.keys(endpoints[id].success)[0]);
    if (response.status !== expected)
      throw new Error(`${id}: expected ${expected}, got ${response.status}: ${response.text.slice(0, 1000)}`);
    return response.body as SuccessBody<Id>;
  }

  /** Follows a next / previous link of an endpoint's page: same path, the link's query. */
  async follow<Id extends EndpointId>(id: Id, link: string | null, params?: Record<string, string | number>) {
    expect(link, `${id}: a link to follow`).not.toBeNull();
    const url = new URL(link!);
    expect(url.origin, 'links are absolute URLs of the server (D6, D7)').toBe(this.baseUrl);
    expect(url.pathname).toBe(fillPath(endpoints[id].path, params));
    return this.ok(id, { ...(params ? { params } : {}), rawQuery: url.search.slice(1) });
  }

  /** Calls an endpoint expecting an error with that status (and code, when given); returns the error body. */
  async fails<Id extends EndpointId>(
    id: Id,
    options: RequestOptions,
    status: ErrorStatus,
    code?: ErrorCode,
  ): Promise<ErrorBody & { headers: Headers }> {
    const response = await this.call(id, options);
    if (response.status !== status)
      throw new Error(`${id}: expected ${status}, got ${response.status}: ${response.text.slice(0, 1000)}`);
    const body = response.body as ErrorBody;
    if (code) expect(body.code).toBe(code);
    return Object.assign(body, { headers: response.headers });
  }

  /** Calls an endpoint expecting 404 not_found; returns the error body. */
  notFound<Id extends EndpointId>(id: Id, options: RequestOptions) {
    return this.fails(id, options, 404, 'not_found');
  }

  /** DELETE of a record answers 204 without a body; then the record is gone, to GET and to DELETE. */
  async deletes(remove: EndpointId, get: EndpointId, id: number): Promise<void> {
    const response = await this.call(remove, { params: { id } });
    expect(response.status, `${remove}: status`).toBe(204);
    expect(response.text, `${remove}: no body`).toBe('');
    await this.notFound(get, { params: { id } });
    await this.notFound(remove, { params: { id } });
  }

  /** Calls an endpoint expecting 400 invalid with the field among its `errors`; returns the error body. */
  async invalid<Id extends EndpointId>(id: Id, options: RequestOptions, field: string) {
    const body = await this.fails(id, options, 400, 'invalid');
    expect(Object.keys(body.errors ?? {}), `${id}: the invalid fields`).toContain(field);
    return body;
  }
}

/** The ids of a page's results, in order. */
export function idsOf<T extends { id: number | string }>(page: { results: T[] }): Array<T['id']> {
  return page.results.map((r) => r.id);
}

/** The ids of records made oldest first, newest first: a list's default order. */
export function newestFirstIds(records: ReadonlyArray<{ id: number }>): number[] {
  return records.map((r) => r.id).reverse();
}

/** Query parameters of a link (next / previous) as a plain object. */
export function linkQuery(link: string | null): Record<string, string> {
  expect(link).not.toBeNull();
  return Object.fromEntries(new URL(link!).searchParams);
}
