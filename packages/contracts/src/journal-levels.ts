import type { DocumentedOperation } from './journal-documented.js';
import type { ExercisedOperation } from './journal-exercised.js';

/**
 * The Test Coverage Levels of Martin-Lopez, Segura and Ruiz-Cortés ("Test Coverage Criteria for
 * RESTful Web APIs", A-TEST 2019), measured on a journal: a level is reached when every criterion of
 * it and of the levels below holds for every operation in scope. TCL7 (operation flows) has no
 * definition a journal could be checked against, so the highest level measured is TCL6.
 */
export const HIGHEST_MEASURED_LEVEL = 6;
export const LEVELS = 7;

/** One criterion's figure: documented items of the scope, those exercised and those missing. */
export interface Criterion {
  readonly level: number;
  readonly name: string;
  readonly covered: number;
  readonly total: number;
  /** e.g. `getNote 404`, `listContacts query:verified=false`, `getNote response results[].id` */
  readonly missing: string[];
}

type Item = readonly [item: string, covered: boolean];

interface Rule {
  readonly level: number;
  readonly name: string;
  readonly items: (op: DocumentedOperation, seen: ExercisedOperation | undefined) => Item[];
}

/** A documented list, each entry covered when the exercised set has it. */
function listed(
  op: DocumentedOperation,
  documented: readonly string[],
  exercised: ReadonlySet<string> | undefined,
  label = '',
): Item[] {
  return documented.map((d) => [`${op.operation} ${label}${d}`, exercised?.has(d) ?? false] as const);
}

/** The status classes a criterion asks for: success and client error, as the paper's TCL4 does. */
const CLASSES = [2, 4] as const;

function classesOf(statuses: Iterable<number>): Set<string> {
  return new Set([...statuses].map((s) => `${Math.floor(s / 100)}xx`));
}

/** Every criterion, in the order of its level. Paths are counted apart (several operations share one). */
const RULES: readonly Rule[] = [
  { level: 2, name: 'operations', items: (op, seen) => [[op.operation, seen !== undefined]] },
  {
    level: 3,
    name: 'request content types',
    items: (op, seen) => listed(op, op.requestTypes, seen?.requestTypes, 'request '),
  },
  {
    level: 3,
    name: 'response content types',
    items: (op, seen) => listed(op, op.responseTypes, seen?.responseTypes, 'response '),
  },
  { level: 4, name: 'parameters', items: (op, seen) => listed(op, op.parameters, seen?.parameters) },
  {
    level: 4,
    name: 'status classes',
    items: (op, seen) => {
      const documented = classesOf(op.statuses);
      const wanted = CLASSES.map((c) => `${c}xx`).filter((c) => documented.has(c));
      return listed(op, wanted, seen && classesOf(seen.statuses));
    },
  },
  {
    level: 5,
    name: 'statuses',
    items: (op, seen) =>
      op.statuses.map((s) => [`${op.operation} ${s}`, seen?.statuses.has(s) ?? false] as const),
  },
  { level: 6, name: 'parameter values', items: (op, seen) => listed(op, op.values, seen?.values) },
  {
    level: 6,
    name: 'response properties',
    items: (op, seen) => listed(op, op.properties, seen?.properties, 'response '),
  },
];

function criterionOf(level: number, name: string, items: readonly Item[]): Criterion {
  return {
    level,
    name,
    covered: items.filter(([, covered]) => covered).length,
    total: items.length,
    missing: items.filter(([, covered]) => !covered).map(([item]) => item),
  };
}

/**
 * The criteria over the operations in scope. A path counts as exercised when any operation on it
 * was, in scope or not (the paper's path coverage counts requests to a path, whatever the method).
 */
export function criteriaOf(
  scope: readonly DocumentedOperation[],
  exercised: ReadonlyMap<string, ExercisedOperation>,
  everyOperation: readonly DocumentedOperation[],
): Criterion[] {
  const pathsExercised = new Set(everyOperation.filter((d) => exercised.has(d.operation)).map((d) => d.path));
  const paths = [...new Set(scope.map((d) => d.path))].map((p) => [p, pathsExercised.has(p)] as const);
  return [
    criterionOf(1, 'paths', paths),
    ...RULES.map((rule) =>
      criterionOf(
        rule.level,
        rule.name,
        scope.flatMap((op) => rule.items(op, exercised.get(op.operation))),
      ),
    ),
  ];
}

/** The highest level whose criteria, and those of every level below, all hold; 0 for an empty scope. */
export function levelOf(criteria: readonly Criterion[], scopeSize: number): number {
  if (scopeSize === 0) return 0;
  let level = 0;
  for (let next = 1; next <= HIGHEST_MEASURED_LEVEL; next++) {
    const failing = criteria.filter((c) => c.level === next && c.covered < c.total);
    if (failing.length) break;
    level = next;
  }
  return level;
}
