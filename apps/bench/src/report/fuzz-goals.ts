import type { BenchResults } from '../common/results.js';
import { formatMs, formatNumber } from '../common/stats.js';
import type { FuzzerResult } from '../consumers/fuzzer.js';
import { type GoalRow, goalTable, notMeasured } from './goal-table.js';

/**
 * Issue #41's speed goals for `contracts fuzz` against the PGlite sandbox at its default concurrency,
 * validation included, on these 2-core machines. Goals are figures to report, never assertions.
 */
export const FUZZ_GOALS = {
  statelessRequestsPerSecond: 250,
  statefulStepsPerSecond: 100,
} as const;

/** A row of the fuzzer's figures; "not measured" when the run left the fuzzer out. */
const fuzzRow = (
  work: string,
  goal: string,
  fuzz: FuzzerResult | undefined,
  measure: (f: FuzzerResult) => Pick<GoalRow, 'now' | 'met'>,
): GoalRow => ({
  work,
  today: 'no row',
  goal,
  ...(fuzz ? measure(fuzz) : notMeasured('leave out --no-fuzz')),
});

/** The stateless rate beside its ceiling (the server's own rate for the same requests), the stateful rate. */
export function fuzzGoalRows(results: Pick<BenchResults, 'fuzz'>): GoalRow[] {
  const g = FUZZ_GOALS;
  return [
    fuzzRow(
      'fuzz stateless (requests/s)',
      `>= ${formatNumber(g.statelessRequestsPerSecond, 0)} requests/s`,
      results.fuzz,
      (f) => ({
        now:
          `${formatNumber(f.stateless.rate, 1)} requests/s (${formatNumber(f.stateless.requests, 0)} in ` +
          `${formatNumber(f.stateless.seconds, 1)} s, ${f.concurrency} in flight) (ceiling: the server's own ` +
          `rate for the same requests, ${formatNumber(f.server.rps)} req/s, p99 ${formatMs(f.server.p99)}; ` +
          `the fuzzer reaches ${formatNumber(f.stateless.rate / f.server.rps, 2)} of it)`,
        met: f.stateless.rate >= g.statelessRequestsPerSecond,
      }),
    ),
    fuzzRow(
      'fuzz stateful (steps/s)',
      `>= ${formatNumber(g.statefulStepsPerSecond, 0)} steps/s`,
      results.fuzz,
      (f) => ({
        now:
          `${formatNumber(f.stateful.rate, 1)} steps/s (${f.stateful.sequences} walks, ` +
          `${formatNumber(f.stateful.steps, 0)} steps in ${formatNumber(f.stateful.seconds, 1)} s, ` +
          `${f.concurrency} walks at a time)`,
        met: f.stateful.rate >= g.statefulStepsPerSecond,
      }),
    ),
  ];
}

/** The Markdown table of those rows. */
export function fuzzGoalTable(results: Pick<BenchResults, 'fuzz'>): string {
  return goalTable('#41', fuzzGoalRows(results));
}
