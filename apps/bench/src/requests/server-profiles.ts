// CPU profiles (`node --cpu-prof`) of the CLI under the load of the rows that missed a target or a
// goal: where the server's time goes on exactly those requests.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext } from '../bench-context.js';
import type { ProfileResult } from '../common/results.js';
import type { ServerGoalCheck } from '../report/server-goals.js';
import type { TargetCheck } from '../report/targets.js';
import { cliArgs } from '../starts/cli-start.js';
import { ServerProcess } from '../starts/server-process.js';
import type { EnginePass } from './engine-pass.js';
import { type CpuProfile, summarizeProfile } from './profile-summary.js';
import { loadJob } from './scenario-run.js';
import type { Scenario, ScenarioId } from './scenarios.js';
import type { Engine } from './world.js';

/** A row to profile, with what it missed (for the log). */
export interface MissedRow {
  pass: EnginePass;
  scenario: Scenario;
  missed: string;
}

/**
 * The rows to profile, once each: those of every missed target (they live on PostgreSQL), then
 * every scenario of every missed goal of issue #16's table. A row goes to the first pass of its
 * engine; a pass that did not measure it is passed over.
 */
export function missedRows(
  passes: readonly EnginePass[],
  targets: readonly TargetCheck[],
  goals: readonly ServerGoalCheck[],
): MissedRow[] {
  const rows: MissedRow[] = [];
  const add = (engine: Engine, id: ScenarioId, missed: string) => {
    const pass = passes.find((p) => p.result.engine === engine);
    const scenario = pass?.scenarios.find((s) => s.id === id);
    if (!pass || !scenario || rows.some((r) => r.pass === pass && r.scenario.id === id)) return;
    rows.push({ pass, scenario, missed });
  };
  for (const check of targets)
    if (!check.met && check.scenario) add(check.engine, check.scenario, check.what);
  for (const { goal, result } of goals)
    if (result && !result.met)
      for (const id of goal.scenarios) add(goal.engine, id, `${goal.work}, ${result.figure}`);
  return rows;
}

/** A profile of a fresh CLI on the pass's world under `profileS` seconds of the row's load. */
export async function profileScenario(
  ctx: BenchContext,
  { pass, scenario }: MissedRow,
): Promise<ProfileResult> {
  const engine = pass.result.engine;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'um-bench-prof-'));
  try {
    const server = await ServerProcess.cli(cliArgs(pass.prepared.connection), pass.world, engine, {
      cpuProfileDir: dir,
    });
    const window = await profiledLoad(ctx, server, scenario, pass.headers);
    return {
      scenario: scenario.id,
      label: scenario.label,
      engine,
      durationS: ctx.options.settings.profileS,
      requests: window.requests,
      summary: summarizeProfile(readProfile(dir), { fromUs: window.fromUs, toUs: window.toUs }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A warm-up, then the profiled load between two marks of the profile's clock; the server is
 * stopped after it, which is when node writes the profile.
 */
async function profiledLoad(
  ctx: BenchContext,
  server: ServerProcess,
  scenario: Scenario,
  headers: Record<string, string>,
): Promise<{ fromUs: number; toUs: number; requests: number }> {
  const { settings } = ctx.options;
  try {
    await ctx.load.run(loadJob(scenario, headers, server.url, Math.max(1, settings.warmupS)));
    await server.waitIdle();
    const fromUs = await server.mark();
    const result = await ctx.load.run(loadJob(scenario, headers, server.url, settings.profileS));
    return { fromUs, toUs: await server.mark(), requests: result.requests };
  } finally {
    await server.stop();
  }
}

function readProfile(dir: string): CpuProfile {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('node --cpu-prof wrote no profile');
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
}
