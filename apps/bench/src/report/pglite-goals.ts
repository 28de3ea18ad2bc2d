import { type BenchResults, scenarioOf } from '../common/results.js';
import { formatBytes, formatMs, formatNumber } from '../common/stats.js';
import { type GoalRow, goalTable, notMeasured } from './goal-table.js';

/**
 * The PGlite and test-suite rows of issue #16: the figure the issue was filed with ("today",
 * written down once here), this run's figure and the goal, side by side. Goals are figures to
 * report, never assertions.
 */
export const PGLITE_GOALS = {
  listRatio: { today: '0.13', goal: 0.3 },
  patch: { today: '79 req/s, p99 1.1 s', rps: 300, p99Ms: 100 },
  seeding: { today: '3,257 records/s', recordsPerSecond: 20_000 },
  memory: { today: '349-509 MB', rssBytes: 300 * 1024 * 1024 },
  testCommand: { today: '11.5 min', seconds: 10 * 60 },
} as const;

/** The rows, from one run's results (a row not measured in the run says so). */
export function pgliteGoalRows(results: BenchResults): GoalRow[] {
  const pglite = results.engines.find((e) => e.engine === 'pglite');
  const g = PGLITE_GOALS;
  const list = scenarioOf(pglite, 'list');
  const patch = scenarioOf(pglite, 'patch');
  const seed = pglite?.seed;
  const suite = results.suite;
  return [
    {
      work: 'Conversation list page, PGlite (of the ceiling)',
      today: g.listRatio.today,
      goal: `>= ${formatNumber(g.listRatio.goal, 2)}`,
      ...(list
        ? {
            now: `${formatNumber(list.ratio, 2)} (${formatNumber(list.server.rps)} of ${formatNumber(list.ceiling.rps)} req/s)`,
            met: list.ratio >= g.listRatio.goal,
          }
        : notMeasured('--engines pglite --scenarios list')),
    },
    {
      work: 'PATCH conversation, PGlite',
      today: g.patch.today,
      goal: `>= ${formatNumber(g.patch.rps, 0)} req/s, p99 < ${g.patch.p99Ms} ms`,
      ...(patch
        ? {
            now: `${formatNumber(patch.server.rps)} req/s, p99 ${formatMs(patch.server.p99)} (${formatNumber(patch.ratio, 3)} of the ceiling)`,
            met: patch.server.rps >= g.patch.rps && patch.server.p99 < g.patch.p99Ms,
          }
        : notMeasured('--engines pglite --scenarios patch')),
    },
    {
      work: 'Seeding, PGlite',
      today: g.seeding.today,
      goal: `>= ${formatNumber(g.seeding.recordsPerSecond, 0)} records/s`,
      ...(seed
        ? {
            now:
              `${formatNumber(seed.recordsPerSecond, 0)} records/s (the seed: ${formatNumber(seed.seconds)} s` +
              (seed.cpuSeconds === undefined
                ? ''
                : `, ${formatNumber(seed.cpuSeconds)} s of CPU = ${formatNumber(seed.records / seed.cpuSeconds, 0)} records per CPU-second`) +
              (seed.firstStartSeconds === undefined
                ? ')'
                : `; the first start, initdb and migrations included: ${formatNumber(seed.firstStartSeconds)} s)`) +
              (pglite?.reusedWorld ? `, seeded ${seed.seededAt.slice(0, 10)}` : ''),
            met: seed.recordsPerSecond >= g.seeding.recordsPerSecond,
          }
        : notMeasured('--engines pglite')),
    },
    {
      work: 'Resident memory, PGlite world (at rest - peak under load)',
      today: g.memory.today,
      goal: `< ${formatBytes(g.memory.rssBytes)}`,
      ...(pglite?.scenarios.length
        ? {
            now: `${formatBytes(pglite.memory.restRss)} - ${formatBytes(pglite.memory.peakLoadRss)}`,
            met: pglite.memory.peakLoadRss < g.memory.rssBytes,
          }
        : notMeasured('--engines pglite')),
    },
    {
      work: `The test command (${suite?.command ?? 'turbo run test'}) on ${results.machine.cores} cores`,
      today: g.testCommand.today,
      goal: `< ${formatNumber(g.testCommand.seconds / 60, 0)} min`,
      ...(suite
        ? {
            now: `${formatNumber(suite.wallSeconds / 60, 1)} min (exit ${suite.exitCode})`,
            met: suite.exitCode === 0 && suite.wallSeconds < g.testCommand.seconds,
          }
        : notMeasured('--with-tests')),
    },
  ];
}

/** The Markdown table of those rows. */
export function pgliteGoalTable(results: BenchResults): string {
  return goalTable('#16', pgliteGoalRows(results));
}
