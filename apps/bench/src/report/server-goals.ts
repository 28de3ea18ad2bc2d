// The server's rows of issue #16's table: each request kind's throughput against its ceiling, the
// PATCH's statements and the analytics p99 (also what is profiled when a row is missed).

import type { BenchResults, EngineResult, ScenarioResult } from '../common/results.js';
import { formatMs, formatNumber } from '../common/stats.js';
import { markdownTable } from '../common/table.js';
import type { ScenarioId } from '../requests/scenarios.js';

/**
 * The rows of issue #16's table ("every endpoint close to its ceiling"): each with the issue's
 * "Today" figure as the issue states it (the baseline, not measured here), this run's figure and
 * the goal. A row is measured from the scenarios it names; figures of a partial run (`--scenarios`)
 * leave the others "not measured".
 */
export interface ServerGoal {
  work: string;
  engine: EngineResult['engine'];
  /** The "Today" column, verbatim. */
  today: string;
  goal: string;
  /** The scenarios the figure comes from (also the ones profiled when the goal is missed). */
  scenarios: readonly ScenarioId[];
  /** This run's figure and whether it meets the goal, from the named scenarios (all present). */
  measure: (s: ScenarioResult[]) => { figure: string; met: boolean };
}

const ratioFigure = (s: ScenarioResult) =>
  `${formatNumber(s.ratio, 2)} (${formatNumber(s.server.rps)} of ${formatNumber(s.ceiling.rps)} req/s)`;

/** Server / ceiling of every named scenario, met when each reaches `min`. */
const ratioGoal = (min: number) => (s: ScenarioResult[]) => ({
  figure: s.map((r) => (s.length > 1 ? `${r.label}: ${ratioFigure(r)}` : ratioFigure(r))).join('; '),
  met: s.every((r) => r.ratio >= min),
});

export const SERVER_GOALS: readonly ServerGoal[] = [
  {
    work: 'Single conversation GET, PostgreSQL',
    engine: 'postgres',
    today: '554 req/s, 0.03',
    goal: '>= 0.25',
    scenarios: ['get'],
    measure: ratioGoal(0.25),
  },
  {
    work: 'Search (contacts, conversations), PostgreSQL',
    engine: 'postgres',
    today: '0.08',
    goal: '>= 0.20',
    scenarios: ['search', 'search-conversations'],
    measure: ratioGoal(0.2),
  },
  {
    work: 'Messages of a conversation, PostgreSQL',
    engine: 'postgres',
    today: '0.10',
    goal: '>= 0.20',
    scenarios: ['messages'],
    measure: ratioGoal(0.2),
  },
  {
    work: 'Conversation list page, PostgreSQL',
    engine: 'postgres',
    today: '0.49-0.53',
    goal: '>= 0.60',
    scenarios: ['list'],
    measure: ratioGoal(0.6),
  },
  {
    work: 'PATCH conversation, PostgreSQL',
    engine: 'postgres',
    today: '202 req/s, 11 SQL statements, p99 116 ms',
    goal: '>= 1,000 req/s, <= 4 statements',
    scenarios: ['patch'],
    measure: ([s]) => ({
      figure: `${formatNumber(s!.server.rps)} req/s, ${formatNumber(s!.sqlPerRequest, 1)} SQL statements, p99 ${formatMs(s!.server.p99)}`,
      met: s!.server.rps >= 1000 && s!.sqlPerRequest <= 4,
    }),
  },
  {
    work: '93-day analytics at 16 connections',
    engine: 'postgres',
    today: 'p99 1,454 ms',
    goal: 'p99 < 300 ms',
    scenarios: ['analytics'],
    measure: ([s]) => ({ figure: `p99 ${formatMs(s!.server.p99)}`, met: s!.server.p99 < 300 }),
  },
];

export interface ServerGoalCheck {
  goal: ServerGoal;
  /** Undefined: a scenario it needs was not run. */
  result?: { figure: string; met: boolean };
}

export function checkServerGoals(results: Pick<BenchResults, 'engines'>): ServerGoalCheck[] {
  return SERVER_GOALS.map((goal) => {
    const engine = results.engines.find((e) => e.engine === goal.engine);
    const scenarios = goal.scenarios.map((id) => engine?.scenarios.find((s) => s.id === id));
    if (scenarios.some((s) => !s)) return { goal };
    return { goal, result: goal.measure(scenarios as ScenarioResult[]) };
  });
}

/** The table with this run's figure beside "Today". */
export function serverGoalsTable(checks: ServerGoalCheck[]): string {
  return markdownTable(
    ['Work', 'Today (issue #16)', 'This run', 'Goal', 'Status'],
    checks.map(({ goal, result }) => [
      goal.work,
      goal.today,
      result?.figure ?? 'not measured',
      goal.goal,
      result ? (result.met ? 'met' : '**MISSED**') : '',
    ]),
  );
}
