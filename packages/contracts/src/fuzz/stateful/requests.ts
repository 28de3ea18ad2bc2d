import fc from 'fast-check';
import { isObject } from '../../document/json.js';
import type { FuzzOperation } from '../../document/openapi-document.js';
import { type FuzzRequest, type GeneratorContext, validRequestArbitrary } from '../generate.js';

/** A request of `op` with nothing but its path parameters (filled in from earlier answers). */
export function bareRequest(op: FuzzOperation): FuzzRequest {
  return {
    operationId: op.id,
    method: op.method,
    pathTemplate: op.path,
    pathParams: Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, '0'])),
    query: [],
    headers: {},
    auth: 'token',
    kind: 'valid',
  };
}

/**
 * The largest page the list serves (its limit's clamp or maximum), so that one page settles a
 * look-up; at most `at` records where fewer do (a record to walk is found in a short page).
 */
export function pageQuery(op: FuzzOperation, at = Number.POSITIVE_INFINITY): FuzzRequest['query'] {
  const limit = op.parameters.find((p) => p.in === 'query' && p.name === 'limit');
  if (!limit) return [];
  const max = Number(limit.schema['x-um-clamp-to'] ?? limit.schema.maximum ?? 100);
  return [{ name: 'limit', value: String(Math.min(max, at)) }];
}

/**
 * A query value that names a body field (`identifier=email`) needs that field in the body (D10
 * for contacts): a walk's create must succeed to have a record to walk.
 */
function namesPresentFields(req: FuzzRequest): boolean {
  const body = req.body?.json;
  if (!isObject(body)) return true;
  return req.query.every((q) => !(q.value in body) || (body[q.value] !== null && body[q.value] !== ''));
}

/** The valid-request arbitrary of each operation, per generator context: building one walks its schemas. */
const arbitraries = new WeakMap<GeneratorContext, Map<FuzzOperation, fc.Arbitrary<FuzzRequest>>>();

function arbitraryOf(gen: GeneratorContext, op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const ofGen = arbitraries.get(gen) ?? new Map<FuzzOperation, fc.Arbitrary<FuzzRequest>>();
  arbitraries.set(gen, ofGen);
  const arbitrary = ofGen.get(op) ?? validRequestArbitrary(gen, op);
  ofGen.set(op, arbitrary);
  return arbitrary;
}

/**
 * A valid request drawn from `seed`, kept to what a step needs: required query parameters and
 * the body. Optional filters (exclude_ids) and operator headers would make a read of the walk's
 * own record fail for reasons of their own.
 */
export function generatedRequest(gen: GeneratorContext, op: FuzzOperation, seed: number): FuzzRequest {
  const required = new Set(op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name));
  let req: FuzzRequest | undefined;
  for (let k = 0; k < 20 && !(req && namesPresentFields(req)); k++)
    req = fc.sample(arbitraryOf(gen, op), { seed: seed + k, numRuns: 1 })[0];
  return { ...req!, query: req!.query.filter((q) => required.has(q.name)), headers: {} };
}

/** The request with body fields replaced (the search term of a walk's record). */
export function withBodyFields(req: FuzzRequest, fields: Record<string, unknown>): FuzzRequest {
  if (!req.body || !isObject(req.body.json)) return req;
  const json = { ...req.body.json, ...fields };
  return { ...req, body: { ...req.body, json, text: JSON.stringify(json) } };
}

/** A step sent in a state the document cannot see (after a delete, with another token): acceptance is not judged. */
export function stateful(req: FuzzRequest, mutation: string): FuzzRequest {
  return { ...req, kind: 'mutated', mutation, strict: false };
}
