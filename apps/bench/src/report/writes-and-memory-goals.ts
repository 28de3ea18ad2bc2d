import { type BenchResults, type EngineResult, type ScenarioResult, scenarioOf } from '../common/results.js';
import { formatBytes, formatMs, formatNumber } from '../common/stats.js';
import type { ScenarioId } from '../requests/scenarios.js';
import {
  MEMORY_DEMO_START,
  OWN_TOKENS_START,
  SEEDED_SMALL_START,
  type StartFigures,
} from '../starts/fresh-start.js';
import { type GoalRow, goalTable, notMeasured } from './goal-table.js';

/**
 * Issue #26's rows (writes that change data, memory that does not follow the world, a team's own
 * tokens): the figure the issue was filed with ("today", written down once here), this run's and
 * the goal. Goals are figures to report, never assertions.
 */
const MB = 1024 * 1024;
export const WRITES_AND_MEMORY_GOALS = {
  patchPostgres: { today: '373-510 req/s, p99 66-82 ms', rps: 1000 },
  patchPglite: { today: '162-270 req/s, p99 123-259 ms', rps: 300, p99Ms: 100 },
  note: { today: 'no row (5 SQL statements per request)', rps: 500 },
  upsert: { today: 'no row (7 SQL statements per request)', rps: 500 },
  seededStartPeak: { today: 'peak 527 MB', bytes: 300 * MB },
  memoryDemoPeak: { today: 'peak 333-337 MB', bytes: 300 * MB },
  ownTokens: { today: '6-12 s, peak 546 MB', ms: 1000 },
  postgresServerRss: { today: 'not shown', bytes: 300 * MB },
  largeSeeding: { today: 'no large size', recordsPerSecond: 100_000 },
} as const;

const sql = (s: ScenarioResult) =>
  Number.isFinite(s.sqlPerRequest) ? `, ${formatNumber(s.sqlPerRequest, 1)} SQL statements per request` : '';

/** A write row: req/s (and p99 when the goal names one) with the statements per request. */
const writeRow = (
  work: string,
  engine: EngineResult | undefined,
  id: ScenarioId,
  goal: { today: string; rps: number; p99Ms?: number },
  how: string,
): GoalRow => {
  const s = scenarioOf(engine, id);
  return {
    work,
    today: goal.today,
    goal: `>= ${formatNumber(goal.rps, 0)} req/s${goal.p99Ms ? `, p99 < ${goal.p99Ms} ms` : ''}`,
    ...(s
      ? {
          now: `${formatNumber(s.server.rps)} req/s, p99 ${formatMs(s.server.p99)}${sql(s)} (ceiling ${formatNumber(s.ceiling.rps)} req/s)`,
          met: s.server.rps >= goal.rps && (goal.p99Ms === undefined || s.server.p99 < goal.p99Ms),
        }
      : notMeasured(how)),
  };
};

/** A fresh-start row read by the start's `what`: its peak (VmHWM) and, when asked, its first answer. */
const startRow = (
  work: string,
  starts: StartFigures[] | undefined,
  what: string,
  today: string,
  limit: { bytes?: number; ms?: number },
): GoalRow => {
  const start = starts?.find((s) => s.what === what);
  const goal = [
    limit.ms !== undefined ? `first answer < ${formatNumber(limit.ms / 1000, 0)} s` : '',
    limit.bytes !== undefined ? `peak < ${formatBytes(limit.bytes)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (!start) return { work, today, goal, ...notMeasured('the fresh-start section: leave out --no-start') };
  const firstMs = [...start.firstAnswerMs].sort((a, b) => a - b)[Math.floor(start.firstAnswerMs.length / 2)]!;
  const peak = start.hwmBytes ?? Number.NaN;
  return {
    work,
    today,
    goal,
    now: `first answer ${formatNumber(firstMs, 0)} ms, peak (VmHWM) ${formatBytes(peak)}, resident ${formatBytes(start.rssBytes)}`,
    met: (limit.ms === undefined || firstMs < limit.ms) && (limit.bytes === undefined || peak < limit.bytes),
  };
};

export function writesAndMemoryGoalRows(results: BenchResults): GoalRow[] {
  const postgres = results.engines.find((e) => e.engine === 'postgres');
  const pglite = results.engines.find((e) => e.engine === 'pglite');
  const g = WRITES_AND_MEMORY_GOALS;
  const starts = results.freshStart?.starts;
  return [
    writeRow(
      'PATCH that changes topics, PostgreSQL',
      postgres,
      'patch',
      g.patchPostgres,
      '--engines postgres --scenarios patch',
    ),
    writeRow(
      'PATCH that changes topics, PGlite',
      pglite,
      'patch',
      g.patchPglite,
      '--engines pglite --scenarios patch',
    ),
    writeRow('POST note, PostgreSQL', postgres, 'note', g.note, '--engines postgres --scenarios note'),
    writeRow(
      'PUT contact upsert, PostgreSQL',
      postgres,
      'upsert',
      g.upsert,
      '--engines postgres --scenarios upsert',
    ),
    startRow(
      'PGlite world seeded at start (`--memory --size small`)',
      starts,
      SEEDED_SMALL_START,
      g.seededStartPeak.today,
      { bytes: g.seededStartPeak.bytes },
    ),
    startRow('`--memory` demo world', starts, MEMORY_DEMO_START, g.memoryDemoPeak.today, {
      bytes: g.memoryDemoPeak.bytes,
    }),
    startRow(
      "A team's own tokens on the default world (`--memory --org-token`)",
      starts,
      OWN_TOKENS_START,
      g.ownTokens.today,
      { ms: g.ownTokens.ms, bytes: g.seededStartPeak.bytes },
    ),
    {
      work: 'Seeding `--size large`, PostgreSQL',
      today: g.largeSeeding.today,
      goal: `>= ${formatNumber(g.largeSeeding.recordsPerSecond, 0)} records/s`,
      ...(postgres?.world.size === 'large'
        ? {
            now: `${formatNumber(postgres.seed.recordsPerSecond, 0)} records/s (${formatNumber(postgres.seed.records / 1e6, 2)}M in ${formatNumber(postgres.seed.seconds)} s, seeded ${postgres.seed.seededAt.slice(0, 10)})`,
            met: postgres.seed.recordsPerSecond >= g.largeSeeding.recordsPerSecond,
          }
        : notMeasured('--engines postgres at --world-scale 1')),
    },
    ...results.engines.map((engine) => {
      const demo = results.demoEngines?.find((d) => d.engine === engine.engine);
      const line = (e: EngineResult | undefined) =>
        e?.ranking
          ? `${e.ranking.first} of ${e.ranking.checked}${e.ranking.misses.length ? ` (${e.ranking.misses.join('; ')})` : ''}`
          : 'not checked';
      return {
        work: `Search ranking, ${engine.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}: the documented best match (D11) first, for full-name searches (checked, not timed)`,
        today: 'not checked',
        goal: 'every one',
        now: `${engine.world.size ?? 'bench'} world: ${line(engine)}; demo world: ${line(demo)}`,
        met:
          !!engine.ranking &&
          engine.ranking.first === engine.ranking.checked &&
          (!demo?.ranking || demo.ranking.first === demo.ranking.checked),
      };
    }),
    {
      work: 'PostgreSQL server resident through the load rows',
      today: g.postgresServerRss.today,
      goal: `< ${formatBytes(g.postgresServerRss.bytes)}`,
      ...(postgres?.scenarios.length
        ? {
            now: `${formatBytes(postgres.memory.restRss)} at rest, ${formatBytes(postgres.memory.peakLoadRss)} at the peak${peakParts(postgres)}`,
            met: postgres.memory.peakLoadRss < g.postgresServerRss.bytes,
          }
        : notMeasured('--engines postgres')),
    },
  ];
}

/** What the peak held, when the run recorded it: V8's heap (reserved, in use) and the ArrayBuffers. */
const peakParts = (engine: EngineResult) => {
  const row = engine.memory.peakRow;
  return row
    ? ` (${row.scenario}: V8 heap ${formatBytes(row.heapTotal)} reserved, ${formatBytes(row.heapUsed)} in use; ArrayBuffers ${formatBytes(row.arrayBuffers)})`
    : '';
};

/** The Markdown table of those rows. */
export function writesAndMemoryGoalTable(results: BenchResults): string {
  return goalTable('#26', writesAndMemoryGoalRows(results));
}
