import { documentedResponse, type FuzzOperation } from './document.js';
import { excusingRule } from './exemptions.js';
import { collectionOf, type FuzzRequest } from './generate.js';
import { isObject, objectsIn, parsedJson, recordsOf } from './json.js';
import type { Answer, Exchange, FuzzCheck, Observation, RunContext } from './types.js';
import { queryValue } from './url.js';

/** A check: what it finds wrong with one exchange (nothing, usually). */
export type Check = (exchange: Exchange) => Observation[];

/** No answer at all: the connection failed or the request timed out. */
export function noResponse({ answer }: Exchange): Observation[] {
  return answer.error ? [{ check: 'no-response', message: answer.error }] : [];
}

export function serverError({ answer }: Exchange): Observation[] {
  if (answer.status < 500) return [];
  return [{ check: 'server-error', message: `answered ${answer.status}: ${answer.text.slice(0, 200)}` }];
}

export function statusUndocumented({ op, answer, documented }: Exchange): Observation[] {
  if (documented) return [];
  return [{ check: 'status-undocumented', message: `${answer.status} is not documented for ${op.id}` }];
}

/** An error status the operation does not document still owes the document's common error body. */
export function undocumentedErrorBody({ ctx, answer, json, documented }: Exchange): Observation[] {
  if (documented || answer.status < 400 || !ctx.errorBody) return [];
  const errors = json ? ctx.validator.errors(ctx.errorBody, json.value) : 'not JSON';
  return errors ? [{ check: 'error-body', message: `not the documented error body: ${errors}` }] : [];
}

/** The body of a documented status against its schema: `error-body` for errors, `body-schema` otherwise. */
export function documentedBody({ ctx, answer, json, documented }: Exchange): Observation[] {
  if (!documented) return [];
  const check: FuzzCheck = answer.status >= 400 ? 'error-body' : 'body-schema';
  if (!documented.schema)
    return answer.text.length
      ? [{ check, message: `a body where none is documented (${answer.text.length} bytes)` }]
      : [];
  if (!json) return [{ check, message: `body is not JSON: ${JSON.stringify(answer.text.slice(0, 80))}` }];
  const errors = ctx.validator.errors(documented.schema, json.value);
  return errors ? [{ check, message: errors }] : [];
}

/** The JSON of a 2xx answer: the tenancy, page and acceptance checks judge only those. */
function successJson({ answer, json }: Exchange): { readonly value: unknown } | undefined {
  return answer.status >= 200 && answer.status < 300 ? json : undefined;
}

/** A record (at any depth) of an organization other than the token's; only the first is told. */
export function foreignOrganizationRecord(exchange: Exchange): Observation[] {
  const own = exchange.ctx.organizationId;
  const json = successJson(exchange);
  if (!json || own === undefined) return [];
  for (const { organization_id: org } of objectsIn(json.value))
    if (typeof org === 'number' && org !== own)
      return [{ check: 'tenancy', message: `a record of organization ${org} (the token's is ${own})` }];
  return [];
}

/** A record whose id only the other organization's token listed. */
export function otherOrganizationRecord(exchange: Exchange): Observation[] {
  const json = successJson(exchange);
  if (!json) return [];
  const others = new Set(exchange.ctx.pools.otherIds.get(collectionOf(exchange.op.path)) ?? []);
  const leaked = recordsOf(json.value).find((r) => typeof r.id === 'number' && others.has(r.id));
  return leaked ? [{ check: 'tenancy', message: `record ${leaked.id} of the other organization` }] : [];
}

/** A page never holds more than the limit asked for, nor more than the limit's clamp (x-um-clamp-to). */
export function pageSize(exchange: Exchange): Observation[] {
  const body = successJson(exchange)?.value;
  const { op, req } = exchange;
  const clamp = op.parameters.find((p) => p.in === 'query' && p.name === 'limit')?.schema['x-um-clamp-to'];
  if (typeof clamp !== 'number' || !isObject(body) || !Array.isArray(body.results)) return [];
  const limit = Number(queryValue(req, 'limit'));
  const max = Number.isInteger(limit) && limit > 0 ? Math.min(limit, clamp) : clamp;
  if (body.results.length <= max) return [];
  const asked = queryValue(req, 'limit') ?? '(default)';
  return [
    { check: 'page-size', message: `${body.results.length} results for limit ${asked} (at most ${max})` },
  ];
}

/** A request the document rules out (a strict mutation) must not succeed. */
export function invalidAccepted(exchange: Exchange): Observation[] {
  const { req, answer } = exchange;
  if (!successJson(exchange) || req.kind !== 'mutated' || !req.strict) return [];
  return [{ check: 'invalid-accepted', message: `${req.mutation} answered ${answer.status}` }];
}

/** A request the document allows must not answer 400, unless a server rule explains it. */
export function validRejected(exchange: Exchange): Observation[] {
  const { req, answer } = exchange;
  if (answer.status !== 400 || req.kind !== 'valid' || excusingRule(exchange)) return [];
  return [
    {
      check: 'valid-rejected',
      message: `a request valid under the document answered 400: ${answer.text.slice(0, 200)}`,
    },
  ];
}

/**
 * Checks whose finding is the whole story: an answer that never came or a crash is reported alone,
 * since its body and status say nothing about the document.
 */
const CONCLUSIVE_CHECKS: readonly Check[] = [noResponse, serverError];

/** The checks every other answer goes through, in the order their findings are listed. */
const CHECKS: readonly Check[] = [
  statusUndocumented,
  undocumentedErrorBody,
  documentedBody,
  foreignOrganizationRecord,
  otherOrganizationRecord,
  pageSize,
  invalidAccepted,
  validRejected,
];

/** What the checks found in one answer, and the server rule that excused it, if one did. */
export interface Evaluation {
  readonly observations: Observation[];
  readonly excusedBy: string | undefined;
}

function exchangeOf(ctx: RunContext, op: FuzzOperation, req: FuzzRequest, answer: Answer): Exchange {
  return {
    ctx,
    op,
    req,
    answer,
    json: parsedJson(answer.text),
    documented: documentedResponse(op, answer.status),
  };
}

function observationsOf(exchange: Exchange): Observation[] {
  for (const check of CONCLUSIVE_CHECKS) {
    const found = check(exchange);
    if (found.length) return found;
  }
  return CHECKS.flatMap((check) => check(exchange));
}

/** Runs every check on one answer. */
export function evaluate(ctx: RunContext, op: FuzzOperation, req: FuzzRequest, answer: Answer): Evaluation {
  const exchange = exchangeOf(ctx, op, req, answer);
  return { observations: observationsOf(exchange), excusedBy: excusingRule(exchange) };
}
