import type { ExchangeCheck } from '../../src/exchange/types.js';

/** An answer as a drift rewrites it: status, headers by lower-case name, body text. */
export interface DriftedAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** One way the platform could drift from the model, on one operation, and the check that must name it. */
export interface Drift {
  readonly name: string;
  readonly operationId: string;
  readonly check: ExchangeCheck;
  /** The decision the finding must name, where the rule comes from one. */
  readonly decision?: string;
  readonly method: string;
  readonly path: RegExp;
  readonly drift: (answer: DriftedAnswer) => DriftedAnswer;
}

const V3 = '/api/um/v3';

/** A JSON body changed in place. */
function withJson(answer: DriftedAnswer, change: (body: Record<string, unknown>) => void): DriftedAnswer {
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  change(body);
  return { ...answer, body: JSON.stringify(body) };
}

function firstResult(body: Record<string, unknown>): Record<string, unknown> {
  return (body.results as Array<Record<string, unknown>>)[0]!;
}

/** An email no record holds: the outputs must never show it. */
export const PLANTED_EMAIL = 'mira.kowalski@example.org';

/** One drift of each kind the issue names, each on an operation of its own. */
export const DRIFTS: readonly Drift[] = [
  {
    name: 'an undocumented status',
    operationId: 'getOperator',
    check: 'status_code_conformance',
    method: 'GET',
    path: new RegExp(`^${V3}/operators/\\d+/$`),
    drift: (answer) => ({ ...answer, status: 203 }),
  },
  {
    name: 'a missing required field',
    operationId: 'getNote',
    check: 'response_schema_conformance',
    decision: 'D15',
    method: 'GET',
    path: new RegExp(`^${V3}/notes/\\d+/$`),
    drift: (answer) =>
      withJson(answer, (body) => {
        delete body.created_at;
      }),
  },
  {
    name: 'a field of the wrong type',
    operationId: 'listContacts',
    check: 'response_schema_conformance',
    method: 'GET',
    path: new RegExp(`^${V3}/contact_identities/$`),
    drift: (answer) =>
      withJson(answer, (body) => {
        firstResult(body).email = [PLANTED_EMAIL];
      }),
  },
  {
    name: 'an undocumented value of a closed enum',
    operationId: 'listOperators',
    check: 'response_schema_conformance',
    decision: 'D4',
    method: 'GET',
    path: new RegExp(`^${V3}/operators/$`),
    drift: (answer) =>
      withJson(answer, (body) => {
        firstResult(body).role = 'owner';
      }),
  },
  {
    name: 'a missing documented header',
    operationId: 'getConversation',
    check: 'response_headers_conformance',
    decision: 'D2',
    method: 'GET',
    path: new RegExp(`^${V3}/conversations/\\d+/$`),
    drift: (answer) => {
      const { 'x-ratelimit-remaining': _gone, ...headers } = answer.headers;
      return { ...answer, headers };
    },
  },
  {
    name: 'a wrong content type',
    operationId: 'listNotes',
    check: 'content_type_conformance',
    method: 'GET',
    path: new RegExp(`^${V3}/notes/$`),
    drift: (answer) => ({
      ...answer,
      headers: { ...answer.headers, 'content-type': 'text/plain; charset=utf-8' },
    }),
  },
];

/** The drift of a request, if one is planted on its operation. */
export function driftOf(method: string, path: string): Drift | undefined {
  return DRIFTS.find((d) => d.method === method && d.path.test(path));
}
