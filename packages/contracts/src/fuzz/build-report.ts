import type { Discovery } from './discover.js';
import { exemptionsReport } from './exemptions.js';
import { mixedOrganizationsFinding } from './findings.js';
import type { Outcome } from './run-plan.js';
import type { RunSettings } from './settings.js';
import type { StatefulPhase } from './stateful/phase.js';
import type { StatelessPhase } from './stateless.js';
import type { FuzzFinding, FuzzPhase, FuzzReport, RunContext } from './types.js';

/** How many times each label occurs, keys in the order first seen. */
function countsOf(labels: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const label of labels) counts[label] = (counts[label] ?? 0) + 1;
  return counts;
}

function statusesOf(outcomes: readonly Outcome[]): Record<string, number> {
  return countsOf(outcomes.map((o) => String(o.status || 'no answer')));
}

function byOperationOf(outcomes: readonly Outcome[]): FuzzReport['byOperation'] {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) groups.set(o.op.id, [...(groups.get(o.op.id) ?? []), o]);
  return Object.fromEntries(
    [...groups].map(([id, ofOperation]) => [
      id,
      { sent: ofOperation.length, statuses: statusesOf(ofOperation) },
    ]),
  );
}

/** A given organization id is taken on trust: discovery then has no tenancy finding to report. */
function discoveryFindings(settings: RunSettings, discovery: Discovery): FuzzFinding[] {
  if (settings.organizationId !== undefined || discovery.organizationIds.size <= 1) return [];
  return [mixedOrganizationsFinding(discovery.organizationIds)];
}

/** Per second, one decimal; 0 when nothing ran. */
function rateOf(count: number, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((count * 10_000) / elapsedMs) / 10 : 0;
}

/** What the phases did, as the report needs it. */
export interface PhasesRun {
  readonly stateless: StatelessPhase | undefined;
  readonly stateful: StatefulPhase | undefined;
  /** Requests of the second listing, between the phases. */
  readonly relistingRequests: number;
  readonly findings: readonly FuzzFinding[];
  readonly failuresDir: string | undefined;
}

/** The report of a run: what was sent, what came back, the rates, and the findings with their shrunk examples. */
export function buildReport(
  settings: RunSettings,
  discovery: Discovery,
  ctx: RunContext,
  run: PhasesRun,
): FuzzReport {
  const { stateless, stateful } = run;
  const outcomes = stateless?.run.outcomes ?? [];
  const generated = outcomes.filter((o) => !o.probe);
  const valid = generated.filter((o) => o.req.kind === 'valid').length;
  const findings = [...run.findings, ...discoveryFindings(settings, discovery)];
  const phases = [...(stateless ? ['stateless'] : []), ...(stateful ? ['stateful'] : [])] as FuzzPhase[];
  return {
    baseUrl: settings.baseUrl,
    seed: settings.seed,
    phases,
    requests: generated.length,
    valid,
    mutated: generated.length - valid,
    authProbes: stateless?.probes ?? 0,
    discoveryRequests: discovery.sent + run.relistingRequests,
    shrinkRequests: (stateless?.shrinkRequests ?? 0) + (stateful?.shrinkRequests ?? 0),
    byOperation: byOperationOf(outcomes),
    statuses: statusesOf(outcomes),
    stateful: {
      sequences: stateful?.sequences ?? 0,
      steps: stateful?.steps ?? 0,
      elapsedMs: stateful?.elapsedMs ?? 0,
      byStep: stateful?.byStep ?? {},
    },
    rates: {
      stateless: rateOf(outcomes.length, stateless?.run.elapsedMs ?? 0),
      stateful: rateOf(stateful?.steps ?? 0, stateful?.elapsedMs ?? 0),
    },
    findings,
    failuresDir: run.failuresDir,
    exemptions: exemptionsReport(outcomes.map((o) => o.excusedBy)),
    organizationId: ctx.organizationId,
    origins: settings.origins,
    elapsedMs: stateless?.run.elapsedMs ?? 0,
    ok: findings.length === 0,
  };
}
