import { queryValue } from '../document/query.js';
import {
  bodyRule,
  contentTypeRule,
  headersRule,
  type ResponseUnderJudgement,
  statusCodeRule,
} from '../exchange/response-rules.js';
import type { Verdict } from '../exchange/types.js';
import type { Exchange, Observation } from './types.js';

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

/**
 * The answer as the exchange engine judges it (src/exchange): the fuzzer judges with the document's
 * schemas as written, and its Content-Type is the one it read.
 */
function judgedAnswer({ ctx, op, req, answer, json, documented }: Exchange): ResponseUnderJudgement {
  return {
    doc: ctx.doc,
    validator: ctx.validator,
    errorBody: ctx.errorBody,
    op,
    status: answer.status,
    headers: {
      get: (name) =>
        name.toLowerCase() === 'content-type' ? answer.contentType || null : answer.headers.get(name),
    },
    text: answer.text,
    json,
    documented,
    limit: queryValue(req, 'limit'),
  };
}

/** The engine's verdicts as the fuzzer's observations: one line per verdict. */
function observationsOf(verdicts: readonly Verdict[]): Observation[] {
  return verdicts.map(({ check, message }) => ({ check, message }));
}

export function statusCodeConformance(exchange: Exchange): Observation[] {
  return observationsOf(statusCodeRule(judgedAnswer(exchange)));
}

/** A body's media type (no parameters, lower case) must be one the status documents. */
export function contentTypeConformance(exchange: Exchange): Observation[] {
  return observationsOf(contentTypeRule(judgedAnswer(exchange)));
}

/** Every header the status documents (rate limits, Retry-After) is there and valid under its schema. */
export function responseHeadersConformance(exchange: Exchange): Observation[] {
  return observationsOf(headersRule(judgedAnswer(exchange)));
}

/** The body against the documented schema of its status (the common error body for other errors), and page sizes. */
export function responseSchemaConformance(exchange: Exchange): Observation[] {
  return observationsOf(bodyRule(judgedAnswer(exchange)));
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
