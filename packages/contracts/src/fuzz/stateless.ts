import type { FuzzOperation } from '../document/openapi-document.js';
import { authProbes } from './auth-probes.js';
import { type TalliedFinding, tallyFindings } from './findings.js';
import { type MainRun, runPlan } from './run-plan.js';
import { planRequests } from './schedule.js';
import type { RunSettings } from './settings.js';
import { shrinkFindings } from './shrink.js';
import type { RunContext } from './types.js';

/** What the stateless phase did: its requests and answers, and its findings after shrinking. */
export interface StatelessPhase {
  readonly run: MainRun;
  readonly probes: number;
  readonly shrinkRequests: number;
  readonly findings: TalliedFinding[];
}

/**
 * The stateless phase: the auth probes, then `requests` generated requests (valid and mutated,
 * fixed by the seed), every answer checked; each distinct finding shrunk to a small request.
 */
export async function runStatelessPhase(
  ops: readonly FuzzOperation[],
  ctx: RunContext,
  settings: RunSettings,
): Promise<StatelessPhase> {
  const probes = authProbes(ops, ctx, settings);
  const run = await runPlan([...probes, ...planRequests(ops, ctx, settings)], ctx, settings);
  const shrunk = await shrinkFindings(tallyFindings(run.outcomes), ctx, settings);
  return { run, probes: probes.length, shrinkRequests: shrunk.sent, findings: shrunk.findings };
}
