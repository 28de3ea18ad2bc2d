// A row: its load on the server and on its ceiling, run by run interleaved, medians of the runs.
import type { BenchContext } from '../bench-context.js';
import type { Figures, ScenarioResult } from '../common/results.js';
import { formatNumber, median } from '../common/stats.js';
import { type Memory, rowPeak } from '../memory/server-memory.js';
import type { ServerProcess } from '../starts/server-process.js';
import { type CapturedResponse, requestKey } from './captured-responses.js';
import type { CeilingProcess } from './ceiling-process.js';
import type { LoadJob, LoadResult } from './load-generator.js';
import { PostgresCpu } from './postgres-cpu.js';
import type { Scenario } from './scenarios.js';
import { vacuumDeadRows } from './world.js';

/** What the rows of a pass run against, set up once for all of them. */
export interface RowRig {
  server: ServerProcess;
  ceiling: CeilingProcess;
  headers: Record<string, string>;
  /** The server's answers the ceiling replays, by requestKey. */
  captured: Map<string, CapturedResponse>;
  /** PostgreSQL's backends of the world's database (undefined on PGlite and off Linux). */
  pgCpu: PostgresCpu | undefined;
  /** The world's database, vacuumed before each run of a write row (PostgreSQL only). */
  databaseUrl: string | undefined;
}

/** One run of the server and then one of the ceiling, with what they cost. */
interface PairedRun {
  server: LoadResult;
  /** The highest-RSS memory sample of the server during its run. */
  peak: Memory | undefined;
  pgCpuUs: number;
  ceiling: LoadResult;
  ceilingCpuUs: number;
}

/** The row's load against `url` for `duration` seconds. */
export function loadJob(
  scenario: Scenario,
  headers: Record<string, string>,
  url: string,
  duration: number,
): LoadJob {
  return { url, connections: scenario.connections, duration, headers, requests: scenario.requests };
}

export async function runScenario(
  ctx: BenchContext,
  scenario: Scenario,
  rig: RowRig,
): Promise<ScenarioResult> {
  const { settings } = ctx.options;
  if (settings.warmupS > 0) {
    await beforeRun(scenario, rig);
    await ctx.load.run(loadJob(scenario, rig.headers, rig.server.url, settings.warmupS));
    await rig.server.waitIdle();
    await ctx.load.run(loadJob(scenario, rig.headers, rig.ceiling.url, settings.warmupS));
  }
  const runs: PairedRun[] = [];
  const before = await rig.server.memory();
  for (let i = 0; i < settings.runs; i++) runs.push(await pairedRun(ctx, scenario, rig));
  const after = await rig.server.memory();
  const result = scenarioResult(scenario, rig, runs, { before, after });
  logRow(ctx, result);
  return result;
}

/**
 * A write row's runs each start without the dead row versions of the runs before (PostgreSQL;
 * autovacuum may be off): see vacuumDeadRows.
 */
async function beforeRun(scenario: Scenario, rig: RowRig): Promise<void> {
  const writes = scenario.requests.some((r) => r.method !== 'GET');
  if (writes && rig.databaseUrl) await vacuumDeadRows(rig.databaseUrl);
}

async function pairedRun(ctx: BenchContext, scenario: Scenario, rig: RowRig): Promise<PairedRun> {
  const { durationS } = ctx.options.settings;
  await beforeRun(scenario, rig);
  const pgBefore = await rig.pgCpu?.sample();
  const { value: server, peak } = await rig.server.peakRssDuring(
    ctx.load.run(loadJob(scenario, rig.headers, rig.server.url, durationS)),
  );
  // The next run starts on an idle server, not on the backlog of this one.
  await rig.server.waitIdle();
  const pgCpuUs = rig.pgCpu && pgBefore ? PostgresCpu.between(pgBefore, await rig.pgCpu.sample()) : 0;
  const ceilingBefore = await rig.ceiling.cpuUs();
  const ceiling = await ctx.load.run(loadJob(scenario, rig.headers, rig.ceiling.url, durationS));
  const ceilingCpuUs = (await rig.ceiling.cpuUs()) - ceilingBefore;
  return { server, peak, pgCpuUs, ceiling, ceilingCpuUs };
}

/** The medians of runs: req/s, p50, p99. */
export function figuresOf(runs: LoadResult[]): Figures {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  };
}

function scenarioResult(
  scenario: Scenario,
  rig: RowRig,
  runs: PairedRun[],
  server: { before: Memory; after: Memory },
): ScenarioResult {
  const { before, after } = server;
  const serverRuns = runs.map((r) => r.server);
  const ceilingRuns = runs.map((r) => r.ceiling);
  // Every request sent is answered, in the run or while the server drains after it.
  const served = serverRuns.reduce((a, r) => a + r.sent, 0) || Number.NaN;
  const ceilingSent = ceilingRuns.reduce((a, r) => a + r.sent, 0) || Number.NaN;
  const serverFigures = figuresOf(serverRuns);
  const ceilingFigures = figuresOf(ceilingRuns);
  const bodies = scenario.requests.map(
    (r) => rig.captured.get(requestKey(r.method, r.path))?.body.length ?? 0,
  );
  const peak = runs.reduce<Memory | undefined>(
    (top, r) => (r.peak && r.peak.rss > (top?.rss ?? 0) ? r.peak : top),
    undefined,
  );
  return {
    id: scenario.id,
    label: scenario.label,
    connections: scenario.connections,
    urls: scenario.requests.length,
    meanBytes: bodies.reduce((a, b) => a + b, 0) / Math.max(1, bodies.length),
    server: serverFigures,
    ceiling: ceilingFigures,
    ratio: serverFigures.rps / ceilingFigures.rps,
    problems: [
      ...capturedProblems(scenario, rig.captured),
      ...loadProblems(serverRuns, 'server'),
      ...loadProblems(ceilingRuns, 'ceiling'),
    ],
    runs: { server: serverRuns, ceiling: ceilingRuns },
    ...rowPeak(peak),
    serverCpuUsPerRequest:
      (after.cpuUserUs - before.cpuUserUs + after.cpuSystemUs - before.cpuSystemUs) / served,
    serverSystemUsPerRequest: (after.cpuSystemUs - before.cpuSystemUs) / served,
    sqlPerRequest:
      rig.server.ready.engine === 'postgres' ? (after.statements - before.statements) / served : Number.NaN,
    pgCpuUsPerRequest: rig.pgCpu ? runs.reduce((a, r) => a + r.pgCpuUs, 0) / served : Number.NaN,
    loadCpuUsPerRequest: serverRuns.reduce((a, r) => a + r.loadCpuUs, 0) / served,
    ceilingCpuUsPerRequest: runs.reduce((a, r) => a + r.ceilingCpuUs, 0) / ceilingSent,
    ceilingLoadCpuUsPerRequest: ceilingRuns.reduce((a, r) => a + r.loadCpuUs, 0) / ceilingSent,
  };
}

/** URLs the server did not answer with a 2xx when captured: the ceiling replays those answers too. */
function capturedProblems(scenario: Scenario, captured: Map<string, CapturedResponse>): string[] {
  const failed = scenario.requests
    .map((r) => captured.get(requestKey(r.method, r.path)))
    .filter((c) => c && (c.status < 200 || c.status > 299));
  if (!failed.length) return [];
  const statuses = [...new Set(failed.map((c) => c!.status))].join('/');
  const examples = failed
    .slice(0, 3)
    .map((c) => `${c!.method} ${c!.path} -> ${c!.status} ${c!.body.toString().slice(0, 120)}`)
    .join(' | ');
  return [`${failed.length} URLs answered ${statuses} when captured, e.g. ${examples}`];
}

function loadProblems(runs: LoadResult[], who: string): string[] {
  const out: string[] = [];
  const errors = runs.reduce((a, r) => a + r.errors + r.timeouts, 0);
  const non2xx = runs.reduce((a, r) => a + r.non2xx, 0);
  if (errors) out.push(`${who}: ${errors} socket errors/timeouts`);
  if (non2xx) {
    const codes = new Map<string, number>();
    for (const r of runs)
      for (const [code, n] of Object.entries(r.statusCodes))
        if (!code.startsWith('2')) codes.set(code, (codes.get(code) ?? 0) + n);
    out.push(`${who}: ${non2xx} non-2xx responses (${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')})`);
  }
  return out;
}

function logRow(ctx: BenchContext, result: ScenarioResult): void {
  const { server, ceiling } = result;
  ctx.log(
    `  ${result.label}: server ${formatNumber(server.rps)} req/s p99 ${formatNumber(server.p99)} ms ` +
      `(${formatNumber(result.serverCpuUsPerRequest / 1000, 2)} ms CPU, ${formatNumber(result.sqlPerRequest, 1)} SQL per request); ` +
      `ceiling ${formatNumber(ceiling.rps)} req/s; ratio ${formatNumber(result.ratio, 2)}` +
      (result.problems.length ? ` (${result.problems.join('; ')})` : ''),
  );
}
