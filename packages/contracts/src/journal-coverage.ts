import type { EndpointId } from '@org/model';
import { type DocumentedOperation, documentedOperations } from './journal-documented.js';
import {
  type Exercised,
  type ExercisedOperation,
  exercisedOf,
  type JournalExchange,
} from './journal-exercised.js';
import { type Criterion, criteriaOf, HIGHEST_MEASURED_LEVEL, levelOf } from './journal-levels.js';
import type { Json } from './journal-schema.js';

export type { JournalExchange } from './journal-exercised.js';
export { type Criterion, HIGHEST_MEASURED_LEVEL } from './journal-levels.js';

export interface JournalCoverageOptions {
  /**
   * The operations the levels judge (operationIds), e.g. those your client calls, so that one your
   * tests never call is missing. Default: the operations the journal exercised.
   */
  readonly operations?: readonly string[];
  /** Judge every operation of the API. */
  readonly all?: boolean;
}

/** One operation of the scope that the journal exercised: its statuses and parameters. */
export interface OperationCoverage {
  readonly operation: EndpointId;
  readonly method: string;
  readonly path: string;
  readonly exchanges: number;
  readonly statuses: Figure<number>;
  readonly parameters: Figure<string>;
}

/** Documented entries, those exercised and those not; what was sent or answered beyond the document. */
export interface Figure<T> {
  readonly documented: T[];
  readonly exercised: T[];
  readonly missing: T[];
  readonly undocumented: T[];
}

export interface JournalCoverage {
  /** Which operations the levels judge: those exercised, those named, or all. */
  readonly scope: 'exercised' | 'named' | 'all';
  readonly exchanges: number;
  /** Operations exercised out of the documented ones (or out of the named ones). */
  readonly operations: {
    readonly exercised: number;
    readonly documented: number;
    readonly percent: number;
    readonly missing: EndpointId[];
  };
  /** The Test Coverage Level reached, 0 to 6 (TCL7, operation flows, is not measured). */
  readonly level: number;
  /** What the next level needs, or null at the highest level measured. */
  readonly next: { readonly level: number; readonly missing: string[] } | null;
  readonly criteria: Criterion[];
  readonly perOperation: OperationCoverage[];
  /** Requests that name no operation of the API, e.g. `GET /api/um/v3/nowhere/`, with their count. */
  readonly unmatched: Array<{ readonly request: string; readonly count: number }>;
}

/** Named operations that the table does not have fail loudly: a typo would otherwise shrink the scope. */
function scopeOf(
  every: readonly DocumentedOperation[],
  exercised: Exercised,
  options: JournalCoverageOptions,
): { kind: JournalCoverage['scope']; operations: DocumentedOperation[] } {
  if (options.all) return { kind: 'all', operations: [...every] };
  if (options.operations) {
    const known = new Map(every.map((d) => [d.operation as string, d]));
    const unknown = options.operations.filter((id) => !known.has(id));
    if (unknown.length) throw new Error(`no operation ${unknown.join(', ')} in the API`);
    return { kind: 'named', operations: [...new Set(options.operations)].map((id) => known.get(id)!) };
  }
  return { kind: 'exercised', operations: every.filter((d) => exercised.operations.has(d.operation)) };
}

function figureOf<T>(documented: readonly T[], seen: ReadonlySet<T> | undefined): Figure<T> {
  const all = [...(seen ?? [])];
  return {
    documented: [...documented],
    exercised: documented.filter((d) => seen?.has(d)),
    missing: documented.filter((d) => !seen?.has(d)),
    undocumented: all.filter((s) => !documented.includes(s)),
  };
}

function operationCoverage(op: DocumentedOperation, seen: ExercisedOperation): OperationCoverage {
  return {
    operation: op.operation,
    method: op.method,
    path: op.path,
    exchanges: seen.exchanges,
    statuses: figureOf(op.statuses, seen.statuses),
    parameters: figureOf(op.parameters, seen.parameters),
  };
}

function percentOf(part: number, whole: number): number {
  return whole ? Math.round((1000 * part) / whole) / 10 : 0;
}

/** The report of a journal against a documented table: the pure part, without the document's loading. */
export function coverageOfJournal(
  exchanges: readonly JournalExchange[],
  every: readonly DocumentedOperation[],
  options: JournalCoverageOptions = {},
): JournalCoverage {
  const exercised = exercisedOf(exchanges, every);
  const scope = scopeOf(every, exercised, options);
  const criteria = criteriaOf(scope.operations, exercised.operations, every);
  const level = levelOf(criteria, scope.operations.length);
  const base = scope.kind === 'named' ? scope.operations : every;
  const missingOperations = base.filter((d) => !exercised.operations.has(d.operation));
  return {
    scope: scope.kind,
    exchanges: exchanges.length,
    operations: {
      exercised: base.length - missingOperations.length,
      documented: base.length,
      percent: percentOf(base.length - missingOperations.length, base.length),
      missing: scope.kind === 'exercised' ? [] : missingOperations.map((d) => d.operation),
    },
    level,
    next:
      level >= HIGHEST_MEASURED_LEVEL
        ? null
        : {
            level: level + 1,
            missing: criteria.filter((c) => c.level === level + 1).flatMap((c) => c.missing),
          },
    criteria,
    perOperation: scope.operations.flatMap((op) => {
      const seen = exercised.operations.get(op.operation);
      return seen ? [operationCoverage(op, seen)] : [];
    }),
    unmatched: [...exercised.unmatched].map(([request, count]) => ({ request, count })),
  };
}

let documented: Promise<DocumentedOperation[]> | undefined;

/** The table documented once per process: the published document is 900 KB of JSON, read on first use. */
function documentedTable(): Promise<DocumentedOperation[]> {
  documented ??= import('@org/model/openapi').then(({ openApiDocument }) =>
    documentedOperations(openApiDocument() as unknown as Json),
  );
  return documented;
}

/**
 * Which operations, documented statuses and parameters the exchanges of a sandbox's journal
 * exercised, and the Test Coverage Level they reach (journal-levels.ts). The exchanges are
 * `GET /_sandbox/requests` entries, or `useReferenceServer().exchanges()`.
 */
export async function journalCoverage(
  exchanges: readonly JournalExchange[],
  options: JournalCoverageOptions = {},
): Promise<JournalCoverage> {
  return coverageOfJournal(exchanges, await documentedTable(), options);
}
