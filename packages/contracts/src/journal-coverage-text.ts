import type { Criterion, Figure, JournalCoverage, OperationCoverage } from './journal-coverage.js';
import { HIGHEST_MEASURED_LEVEL, LEVELS } from './journal-levels.js';

/** A terminal's worth of a list: the first ones, then how many more (the JSON report has them all). */
const SHOWN = 10;

function listOf(items: readonly unknown[]): string {
  const shown = items.slice(0, SHOWN).join(', ');
  return items.length > SHOWN ? `${shown} and ${items.length - SHOWN} more` : shown;
}

function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function operationsLine(report: JournalCoverage): string {
  const { exercised, documented, percent, missing } = report.operations;
  const of = report.scope === 'named' ? 'named' : 'documented';
  const tail = missing.length ? `; not exercised: ${listOf(missing)}` : '';
  return `Operations: ${exercised}/${documented} ${of} operations exercised (${percent.toFixed(1)}%) by ${counted(report.exchanges, 'exchange')}${tail}`;
}

function scopeText(report: JournalCoverage): string {
  const n = report.criteria.find((c) => c.name === 'operations')?.total ?? 0;
  if (report.scope === 'all') return `over every operation of the API (${n})`;
  return report.scope === 'named' ? `over the ${n} operations named` : `over the ${n} operations exercised`;
}

function criteriaLines(criteria: readonly Criterion[]): string[] {
  const lines: string[] = [];
  for (let level = 1; level <= HIGHEST_MEASURED_LEVEL; level++) {
    const figures = criteria.filter((c) => c.level === level).map((c) => `${c.name} ${c.covered}/${c.total}`);
    lines.push(`  TCL${level} ${figures.join(', ')}`);
  }
  return lines;
}

function figureText<T>(name: string, figure: Figure<T>): string {
  const missing = figure.missing.length ? ` (missing ${listOf(figure.missing)})` : '';
  const other = figure.undocumented.length ? `; undocumented ${name}: ${listOf(figure.undocumented)}` : '';
  return `${name} ${figure.exercised.length}/${figure.documented.length}${missing}${other}`;
}

function operationLine(op: OperationCoverage): string {
  return `  ${op.operation} (${op.method} ${op.path}), ${counted(op.exchanges, 'exchange')}: ${figureText('statuses', op.statuses)}; ${figureText('parameters', op.parameters)}`;
}

/**
 * The report as the CLI prints it: the operations line, the level line with each criterion's
 * figure, what the next level misses, then each operation's statuses and parameters.
 */
export function formatJournalCoverage(report: JournalCoverage): string {
  const next = report.next
    ? `For TCL${report.next.level}, missing: ${listOf(report.next.missing)}`
    : `TCL${LEVELS} (operation flows) is not measured: TCL${HIGHEST_MEASURED_LEVEL} is the highest level reported.`;
  return [
    operationsLine(report),
    `Level: TCL${report.level} of TCL0-TCL${LEVELS} (Test Coverage Levels) ${scopeText(report)}`,
    ...criteriaLines(report.criteria),
    ...(report.level === 0 && report.exchanges === 0 ? ['The journal is empty.'] : [next]),
    ...report.perOperation.map(operationLine),
    ...report.unmatched.map((u) => `  not an operation of the API: ${u.request} (${u.count})`),
  ].join('\n');
}
