import type { BenchResults } from '../common/results.js';
import { formatMs, formatNumber } from '../common/stats.js';
import { markdownTable } from '../common/table.js';
import type { ManyFilesResult, SuiteRun } from '../consumers/many-files-suite.js';
import { type GoalRow, goalTable, notMeasured } from './goal-table.js';

/**
 * Issue #40 item 2: what a file of a team's suite costs beyond vitest's own cost of a file, when the
 * files borrow their worker's sandbox. A goal to report, never an assertion.
 */
export const MANY_FILES_GOALS = { setupPerFileMs: 50 } as const;

/**
 * A file's setup: what it waits, from its first line to its test, beyond what a file with no server
 * waits (the medians over the many files). Runs recorded before the files timed themselves: what the
 * file adds to the suite's wall time beyond what a file with no server adds.
 */
export function setupPerFileMs(m: ManyFilesResult, run: SuiteRun = m.shared): number {
  if (run.fileMedianMs !== undefined && m.bare.fileMedianMs !== undefined)
    return run.fileMedianMs - m.bare.fileMedianMs;
  return run.addedPerFileMs - m.bare.addedPerFileMs;
}

export function manyFilesGoalRows(results: Pick<BenchResults, 'manyFiles'>): GoalRow[] {
  const m = results.manyFiles;
  return [
    {
      work: `a file's setup after the first, ${m?.files ?? 50}-file suite with the global setup`,
      today: 'a start per file',
      goal: `<= ${MANY_FILES_GOALS.setupPerFileMs} ms`,
      ...(m
        ? {
            now: `${formatMs(setupPerFileMs(m))} (without the global setup: ${formatMs(setupPerFileMs(m, m.own))})`,
            met: setupPerFileMs(m) <= MANY_FILES_GOALS.setupPerFileMs,
          }
        : notMeasured('leave out --no-many-files')),
    },
  ];
}

export function manyFilesSection(results: BenchResults): string[] {
  const m = results.manyFiles;
  const seconds = (s: number) => `${formatNumber(s, 1)} s`;
  const row = (label: string, run: SuiteRun) => [
    label,
    seconds(run.oneFileS),
    seconds(run.manyFilesS),
    formatMs(run.addedPerFileMs),
    run.fileMedianMs === undefined ? 'not measured' : formatMs(run.fileMedianMs),
  ];
  return [
    '',
    "## Issue #40: a team's suite of many files",
    '',
    `\`vitest run\` with its defaults on this machine over one file and over ${m?.files ?? 50}, each file calling ` +
      '`useReferenceServer()` (the built package) and running one test: with the global setup ' +
      '`@org/reference-server/vitest-setup` (one sandbox per worker, reset between files), without it (a sandbox ' +
      "per file), and files with no server (vitest's own cost of a file). A file's added time is the suite's wall " +
      'time less the one-file suite’s, over the files beyond the first. Each file also times itself from its ' +
      'first line, before it imports the helper, to its test; a file’s setup is the median of those times over ' +
      "the many files less a file with no server's. `--no-many-files` leaves this out.",
    '',
    goalTable('40', manyFilesGoalRows(results)),
    ...(m
      ? [
          '',
          markdownTable(
            [
              'Suite',
              'One file',
              `${m.files} files`,
              'Added per file',
              'A file, first line to test (median)',
            ],
            [
              row('borrowing the worker’s sandbox (global setup)', m.shared),
              row('a sandbox per file (no global setup)', m.own),
              row('no server', m.bare),
            ],
          ),
        ]
      : []),
  ];
}
