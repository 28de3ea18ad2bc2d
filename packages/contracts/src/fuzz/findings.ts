import type { FuzzOperation } from '../document/openapi-document.js';
import { curlOf } from './curl.js';
import type { FuzzRequest } from './generate.js';
import type { Outcome } from './run-plan.js';
import { scriptOf } from './script.js';
import type { FuzzCheck, FuzzFinding, FuzzPhase, FuzzStep, Observation } from './types.js';

/** A distinct finding of the run (one operation, check and status), with its smallest example so far. */
export interface TalliedFinding {
  readonly op: FuzzOperation;
  readonly observation: Observation;
  readonly status: number;
  /** The failing request (the last step of a sequence). */
  readonly req: FuzzRequest;
  /** The instance that answered the example. */
  readonly origin: string;
  readonly occurrences: number;
  readonly phase: FuzzPhase;
  /** A stateful finding's steps, the last one failing, and where the first answer holds its record. */
  readonly sequence?: { readonly steps: readonly FuzzStep[]; readonly recordPointer: string };
}

/** Answers with the same operation, check and status show one finding. */
export function findingKey(op: FuzzOperation, check: FuzzCheck, status: number): string {
  return `${op.id} ${check} ${status}`;
}

/** A rough size of an example: its steps first, then the request's parts. */
function sizeOf(finding: TalliedFinding): number {
  const { req } = finding;
  const steps = finding.sequence?.steps.length ?? 1;
  return (
    steps * 1000 + req.query.length + Object.keys(req.headers).length + (req.body?.text.length ?? 0) / 20
  );
}

function oneMore(known: TalliedFinding, next: TalliedFinding): TalliedFinding {
  const smaller = sizeOf(next) < sizeOf(known);
  return { ...(smaller ? next : known), occurrences: known.occurrences + next.occurrences };
}

/** Findings of the same key as one, the smaller example kept, in the order first seen. */
export function mergeFindings(findings: Iterable<TalliedFinding>): TalliedFinding[] {
  const tally = new Map<string, TalliedFinding>();
  for (const finding of findings) {
    const key = findingKey(finding.op, finding.observation.check, finding.status);
    const known = tally.get(key);
    tally.set(key, known ? oneMore(known, finding) : finding);
  }
  return [...tally.values()];
}

/** The distinct findings of the stateless phase, in the order first seen. */
export function tallyFindings(outcomes: readonly Outcome[]): TalliedFinding[] {
  return mergeFindings(
    outcomes.flatMap(({ op, req, origin, status, observations }) =>
      observations.map((observation) => ({
        op,
        observation,
        status,
        req,
        origin,
        occurrences: 1,
        phase: 'stateless' as const,
      })),
    ),
  );
}

/** A stateless finding as a sequence of one step. */
function singleStep({ req, origin }: TalliedFinding): FuzzStep {
  return { request: req, origin, token: 'own', role: 'request', expect: 'none', bindings: [], after: [] };
}

/** A finding as the report gives it: the mutation named, a curl line and a script of its sequence. */
export function reportedFinding(finding: TalliedFinding): FuzzFinding {
  const { op, observation, status, req, origin, occurrences, phase } = finding;
  const sequence = finding.sequence?.steps ?? [singleStep(finding)];
  const message = req.mutation ? `${observation.message} [${req.mutation}]` : observation.message;
  const other = sequence.at(-1)?.token === 'other';
  const title = `${sequence.map((s) => s.request.operationId).join(' → ')}: ${observation.check} (${status})`;
  return {
    operationId: op.id,
    check: observation.check,
    phase,
    status,
    message,
    occurrences,
    request: req,
    curl: curlOf(origin, req, other ? 'OTHER_API_TOKEN' : 'API_TOKEN'),
    sequence,
    script: scriptOf(sequence, [title, message]),
  };
}

/** The token's lists held records of several organizations: tenancy is broken before any request. */
export function mixedOrganizationsFinding(organizationIds: ReadonlySet<number>): FuzzFinding {
  const request: FuzzRequest = {
    operationId: '(discovery)',
    method: 'GET',
    pathTemplate: '/',
    pathParams: {},
    query: [],
    headers: {},
    auth: 'token',
    kind: 'valid',
  };
  return {
    operationId: '(discovery)',
    check: 'tenancy',
    phase: 'stateless',
    status: 200,
    message: `the token's lists hold records of organizations ${[...organizationIds].join(', ')}`,
    occurrences: 1,
    request,
    curl: '',
    sequence: [],
    script: '',
  };
}
