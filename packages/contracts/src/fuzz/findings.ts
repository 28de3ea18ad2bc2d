import { curlOf } from './curl.js';
import type { FuzzOperation } from './document.js';
import type { FuzzRequest } from './generate.js';
import type { Outcome } from './run-plan.js';
import type { FuzzCheck, FuzzFinding, Observation } from './types.js';

/** A distinct finding of the run (one operation, check and status), with its smallest example so far. */
export interface TalliedFinding {
  readonly op: FuzzOperation;
  readonly observation: Observation;
  readonly status: number;
  readonly req: FuzzRequest;
  /** The instance that answered the example. */
  readonly origin: string;
  readonly occurrences: number;
}

/** Answers with the same operation, check and status show one finding. */
export function findingKey(op: FuzzOperation, check: FuzzCheck, status: number): string {
  return `${op.id} ${check} ${status}`;
}

/** A rough size of a request, to keep the smallest example of a finding. */
function sizeOf(req: FuzzRequest): number {
  return req.query.length + Object.keys(req.headers).length + (req.body?.text.length ?? 0) / 20;
}

function oneMore(known: TalliedFinding, next: TalliedFinding): TalliedFinding {
  const smaller = sizeOf(next.req) < sizeOf(known.req);
  return {
    ...known,
    ...(smaller ? { req: next.req, observation: next.observation, origin: next.origin } : {}),
    occurrences: known.occurrences + 1,
  };
}

/** The distinct findings of the main run, in the order first seen. */
export function tallyFindings(outcomes: readonly Outcome[]): TalliedFinding[] {
  const tally = new Map<string, TalliedFinding>();
  for (const { op, req, origin, status, observations } of outcomes)
    for (const observation of observations) {
      const key = findingKey(op, observation.check, status);
      const seen: TalliedFinding = { op, observation, status, req, origin, occurrences: 1 };
      const known = tally.get(key);
      tally.set(key, known ? oneMore(known, seen) : seen);
    }
  return [...tally.values()];
}

/** A finding as the report gives it: the mutation named, a curl line against the instance that answered. */
export function reportedFinding(finding: TalliedFinding): FuzzFinding {
  const { op, observation, status, req, origin, occurrences } = finding;
  return {
    operationId: op.id,
    check: observation.check,
    status,
    message: req.mutation ? `${observation.message} [${req.mutation}]` : observation.message,
    occurrences,
    request: req,
    curl: curlOf(origin, req),
  };
}

/** The token's lists held records of several organizations: tenancy is broken before any request. */
export function mixedOrganizationsFinding(organizationIds: ReadonlySet<number>): FuzzFinding {
  return {
    operationId: '(discovery)',
    check: 'tenancy',
    status: 200,
    message: `the token's lists hold records of organizations ${[...organizationIds].join(', ')}`,
    occurrences: 1,
    request: {
      operationId: '(discovery)',
      method: 'GET',
      pathTemplate: '/',
      pathParams: {},
      query: [],
      headers: {},
      auth: 'token',
      kind: 'valid',
    },
    curl: '',
  };
}
