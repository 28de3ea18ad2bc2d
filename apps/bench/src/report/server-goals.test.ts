import { describe, expect, it } from 'vitest';
import type { BenchResults, ScenarioResult } from '../common/results.js';
import type { ScenarioId } from '../requests/scenarios.js';
import { checkServerGoals, serverGoalsTable } from './server-goals.js';

describe("issue #16's table", () => {
  const scenario = (id: ScenarioId, rps: number, ratio: number, sqlPerRequest = 1) =>
    ({
      id,
      label: id,
      server: { rps, p50: 1, p99: 100 },
      ceiling: { rps: rps / ratio, p50: 1, p99: 1 },
      ratio,
      sqlPerRequest,
    }) as ScenarioResult;
  const results = (scenarios: ScenarioResult[]) =>
    ({ engines: [{ engine: 'postgres', scenarios }] }) as unknown as BenchResults;

  it('measures each row from its scenarios and leaves rows of scenarios not run unmeasured', () => {
    const checks = checkServerGoals(
      results([scenario('get', 3000, 0.3), scenario('search', 1000, 0.25), scenario('patch', 1200, 0, 5)]),
    );
    const row = (work: string) => checks.find((c) => c.goal.work.startsWith(work))!;
    expect(row('Single conversation GET').result?.met).toBe(true);
    // Search needs the conversations search too.
    expect(row('Search').result).toBeUndefined();
    // PATCH: fast enough, but more than 4 statements.
    expect(row('PATCH').result).toEqual({
      figure: '1,200 req/s, 5.0 SQL statements, p99 100 ms',
      met: false,
    });
    const table = serverGoalsTable(checks);
    expect(table).toContain('| Single conversation GET, PostgreSQL ');
    expect(table).toContain('202 req/s, 11 SQL statements, p99 116 ms');
    expect(table).toContain('not measured');
  });
});
