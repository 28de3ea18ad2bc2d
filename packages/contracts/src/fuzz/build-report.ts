import type { Discovery } from './discover.js';
import { exemptionsReport } from './exemptions.js';
import { mixedOrganizationsFinding, reportedFinding } from './findings.js';
import type { MainRun, Outcome } from './run-plan.js';
import type { RunSettings } from './settings.js';
import type { Shrunk } from './shrink.js';
import type { FuzzFinding, FuzzReport, RunContext } from './types.js';

/** How many times each label occurs, keys in the order first seen. */
function countsOf(labels: readonly string[]): Record<string, number> {
  return Object.fromEntries(
    [...new Set(labels)].map((label) => [label, labels.filter((l) => l === label).length]),
  );
}

function statusesOf(outcomes: readonly Outcome[]): Record<string, number> {
  return countsOf(outcomes.map((o) => String(o.status || 'no answer')));
}

function byOperationOf(outcomes: readonly Outcome[]): FuzzReport['byOperation'] {
  const ids = [...new Set(outcomes.map((o) => o.op.id))];
  return Object.fromEntries(
    ids.map((id) => {
      const ofOperation = outcomes.filter((o) => o.op.id === id);
      return [id, { sent: ofOperation.length, statuses: statusesOf(ofOperation) }];
    }),
  );
}

/** A given organization id is taken on trust: discovery then has no tenancy finding to report. */
function discoveryFindings(settings: RunSettings, discovery: Discovery): FuzzFinding[] {
  if (settings.organizationId !== undefined || discovery.organizationIds.size <= 1) return [];
  return [mixedOrganizationsFinding(discovery.organizationIds)];
}

/** The report of a run: what was sent, what came back, and the findings with their shrunk examples. */
export function buildReport(
  settings: RunSettings,
  discovery: Discovery,
  ctx: RunContext,
  { outcomes, elapsedMs }: MainRun,
  shrunk: Shrunk,
): FuzzReport {
  const findings = [...shrunk.findings.map(reportedFinding), ...discoveryFindings(settings, discovery)];
  const valid = outcomes.filter((o) => o.req.kind === 'valid').length;
  return {
    baseUrl: settings.baseUrl,
    seed: settings.seed,
    requests: outcomes.length,
    valid,
    mutated: outcomes.length - valid,
    discoveryRequests: discovery.sent,
    shrinkRequests: shrunk.sent,
    byOperation: byOperationOf(outcomes),
    statuses: statusesOf(outcomes),
    findings,
    exemptions: exemptionsReport(outcomes.map((o) => o.excusedBy)),
    organizationId: ctx.organizationId,
    origins: settings.origins,
    elapsedMs,
    ok: findings.length === 0,
  };
}
