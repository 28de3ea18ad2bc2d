import { objectsIn, recordsOf } from '../document/json.js';
import { excusingRule } from './exemptions.js';
import { collectionOf } from './generate.js';
import type { Exchange, Observation } from './types.js';

function isSuccess({ answer }: Exchange): boolean {
  return answer.status >= 200 && answer.status < 300;
}

/** The JSON of a 2xx answer: the tenancy checks judge only those. */
function successJson(exchange: Exchange): { readonly value: unknown } | undefined {
  return isSuccess(exchange) ? exchange.json : undefined;
}

/** The request names, in its path, a record only the other organization's token listed. */
function targetsOtherOrganization({ ctx, op, req }: Exchange): boolean {
  const id = Number(req.pathParams.id);
  return Number.isInteger(id) && (ctx.pools.otherIds.get(collectionOf(op.path)) ?? []).includes(id);
}

/** A request without the run's token: no Authorization header, or a value that is no token. */
function withoutToken({ req }: Exchange): boolean {
  return req.auth !== 'token';
}

/** A request the document rules out (a strict mutation) must not succeed. */
export function negativeDataRejection(exchange: Exchange): Observation[] {
  const { req, answer } = exchange;
  if (!isSuccess(exchange) || req.kind !== 'mutated' || !req.strict) return [];
  if (withoutToken(exchange) || targetsOtherOrganization(exchange)) return [];
  // The report adds the mutation to the message.
  return [{ check: 'negative_data_rejection', message: `answered ${answer.status}` }];
}

/** Statuses a request without credentials may get before they are read. */
const BEFORE_AUTHENTICATION = new Set([414, 429, 431, 503]);

/** No token or a wrong one answers 401 wherever the operation documents 401. */
export function ignoredAuth(exchange: Exchange): Observation[] {
  const { op, answer } = exchange;
  if (!withoutToken(exchange) || !op.responses['401'] || answer.status === 401) return [];
  if (answer.status === 0 || answer.status >= 500 || BEFORE_AUTHENTICATION.has(answer.status)) return [];
  return [{ check: 'ignored_auth', message: `answered ${answer.status}, not 401` }];
}

/** Statuses that refuse a request as invalid. */
const REFUSALS = new Set([400, 415, 422]);

/** A request the document allows must not be refused as invalid, unless a server rule explains it. */
export function positiveDataAcceptance(exchange: Exchange): Observation[] {
  const { req, answer } = exchange;
  if (!REFUSALS.has(answer.status) || req.kind !== 'valid' || excusingRule(exchange)) return [];
  return [
    {
      check: 'positive_data_acceptance',
      message: `a request valid under the document answered ${answer.status}: ${answer.text.slice(0, 200)}`,
    },
  ];
}

/** A record (at any depth) of an organization other than the token's; only the first is told. */
function foreignOrganizationRecord(exchange: Exchange): string | undefined {
  const own = exchange.ctx.organizationId;
  const json = successJson(exchange);
  if (!json || own === undefined) return undefined;
  for (const { organization_id: org } of objectsIn(json.value))
    if (typeof org === 'number' && org !== own)
      return `a record of organization ${org} (the token's is ${own})`;
  return undefined;
}

/** A record whose id only the other organization's token listed. */
function otherOrganizationRecord(exchange: Exchange): string | undefined {
  const json = successJson(exchange);
  if (!json) return undefined;
  const others = new Set(exchange.ctx.pools.otherIds.get(collectionOf(exchange.op.path)) ?? []);
  const leaked = recordsOf(json.value).find((r) => typeof r.id === 'number' && others.has(r.id));
  return leaked ? `record ${leaked.id} of the other organization` : undefined;
}

/** A read, change or delete of the other organization's record (by its id in the path) that succeeded. */
function otherOrganizationTarget(exchange: Exchange): string | undefined {
  if (!isSuccess(exchange) || !targetsOtherOrganization(exchange)) return undefined;
  return `${exchange.req.method} of the other organization's record ${exchange.req.pathParams.id} answered ${exchange.answer.status}`;
}

/** Nothing of another organization is read, changed or deleted with the run's token. */
export function tenancy(exchange: Exchange): Observation[] {
  const message =
    otherOrganizationTarget(exchange) ??
    foreignOrganizationRecord(exchange) ??
    otherOrganizationRecord(exchange);
  return message ? [{ check: 'tenancy', message }] : [];
}
