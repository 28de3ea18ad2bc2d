import { isObject } from './json.js';
import type { Exchange, Observation } from './types.js';
import { queryValue } from './url.js';

/** A check: what it finds wrong with one exchange (nothing, usually). */
export type Check = (exchange: Exchange) => Observation[];

/** A crash (5xx), or no answer at all: the connection failed or the request timed out. */
export function notAServerError({ answer }: Exchange): Observation[] {
  if (answer.error) return [{ check: 'not_a_server_error', message: `no answer: ${answer.error}` }];
  if (answer.status < 500) return [];
  return [
    { check: 'not_a_server_error', message: `answered ${answer.status}: ${answer.text.slice(0, 200)}` },
  ];
}

export function statusCodeConformance({ op, answer, documented }: Exchange): Observation[] {
  if (documented) return [];
  return [{ check: 'status_code_conformance', message: `${answer.status} is not documented for ${op.id}` }];
}

/** A body's media type (no parameters, lower case) must be one the status documents. */
export function contentTypeConformance({ answer, documented }: Exchange): Observation[] {
  if (!documented?.mediaTypes.length || !answer.text) return [];
  const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
  if (documented.mediaTypes.includes(mediaType)) return [];
  return [
    {
      check: 'content_type_conformance',
      message: `Content-Type ${answer.contentType || '(none)'}, documented: ${documented.mediaTypes.join(', ')}`,
    },
  ];
}

/** Every header the status documents (rate limits, Retry-After) is there and valid under its schema. */
export function responseHeadersConformance({ ctx, answer, documented }: Exchange): Observation[] {
  const problems = (documented?.headers ?? []).flatMap(({ name, schema }) => {
    const value = answer.headers.get(name);
    if (value === null) return [`${name} missing`];
    return ctx.validator.validParameter(schema, value) ? [] : [`${name}: ${JSON.stringify(value)}`];
  });
  return problems.length ? [{ check: 'response_headers_conformance', message: problems.join('; ') }] : [];
}

/** An error status the operation does not document still owes the document's common error body. */
function undocumentedErrorBody({ ctx, answer, json, documented }: Exchange): string | undefined {
  if (documented || answer.status < 400 || !ctx.errorBody) return undefined;
  const errors = json ? ctx.validator.errors(ctx.errorBody, json.value) : 'not JSON';
  return errors ? `not the documented error body: ${errors}` : undefined;
}

/** The body of a documented status against its schema; no body where none is documented. */
function documentedBody({ ctx, answer, json, documented }: Exchange): string | undefined {
  if (!documented) return undefined;
  if (!documented.schema)
    return answer.text.length ? `a body where none is documented (${answer.text.length} bytes)` : undefined;
  if (!json) return `body is not JSON: ${JSON.stringify(answer.text.slice(0, 80))}`;
  return ctx.validator.errors(documented.schema, json.value);
}

/** A page never holds more than the limit asked for, nor more than the limit's clamp (x-um-clamp-to). */
function pageSize({ op, req, answer, json }: Exchange): string | undefined {
  const body = answer.status >= 200 && answer.status < 300 ? json?.value : undefined;
  const clamp = op.parameters.find((p) => p.in === 'query' && p.name === 'limit')?.schema['x-um-clamp-to'];
  if (typeof clamp !== 'number' || !isObject(body) || !Array.isArray(body.results)) return undefined;
  const limit = Number(queryValue(req, 'limit'));
  const max = Number.isInteger(limit) && limit > 0 ? Math.min(limit, clamp) : clamp;
  if (body.results.length <= max) return undefined;
  return `${body.results.length} results for limit ${queryValue(req, 'limit') ?? '(default)'} (at most ${max})`;
}

/** The body against the documented schema of its status (the common error body for other errors), and page sizes. */
export function responseSchemaConformance(exchange: Exchange): Observation[] {
  return [undocumentedErrorBody, documentedBody, pageSize].flatMap((part) => {
    const message = part(exchange);
    return message ? [{ check: 'response_schema_conformance' as const, message }] : [];
  });
}

/** Opt-in (`maxResponseTimeMs`): every answer within the limit. */
export function maxResponseTime({ ctx, answer }: Exchange): Observation[] {
  const max = ctx.maxResponseTimeMs;
  if (max === undefined || answer.error || answer.elapsedMs <= max) return [];
  return [
    {
      check: 'max_response_time',
      message: `answered in ${Math.round(answer.elapsedMs)} ms (limit ${max} ms)`,
    },
  ];
}
