import { buildReport } from './build-report.js';
import { runContextOf } from './context.js';
import { discover } from './discover.js';
import { saveFailures } from './failures.js';
import { mergeFindings, reportedFinding } from './findings.js';
import { documentOf, operationsToFuzz } from './fuzzed-document.js';
import { settingsOf } from './settings.js';
import { runStatefulPhase } from './stateful/phase.js';
import { runStatelessPhase } from './stateless.js';
import type { FuzzOptions, FuzzReport } from './types.js';

export { curlOf } from './curl.js';
export { formatReplayReport, type ReplayOptions, type ReplayReport, replay } from './replay.js';
export type {
  FuzzCheck,
  FuzzExemption,
  FuzzFinding,
  FuzzOptions,
  FuzzPhase,
  FuzzReport,
  FuzzRequest,
  FuzzStep,
  StepBinding,
} from './types.js';
export { urlOf } from './url.js';

/**
 * Fuzzes a deployment from its OpenAPI document: lists the resources; the stateful phase walks
 * created and found records along the document's links; the stateless phase sends `requests`
 * generated requests (valid and mutated, reproducible by seed) and a few without a token. Every
 * answer is checked against the document, each distinct finding shrunk (to a small request, or to
 * the shortest failing sequence), printed as curl and saved for `--replay`.
 */
export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const settings = settingsOf(options);
  const document = await documentOf(options);
  const ops = operationsToFuzz(document.doc, options);
  const discovery = await discover(ops, settings);
  const ctx = runContextOf(document, discovery, options);
  // Walks go first, on the records as listed; they delete some, so the stateless phase lists again.
  const stateful =
    settings.phases.includes('stateful') && !settings.readOnly
      ? await runStatefulPhase(ops, ctx, settings)
      : undefined;
  const relisted =
    stateful && settings.phases.includes('stateless') ? await discover(ops, settings) : undefined;
  const stateless = settings.phases.includes('stateless')
    ? await runStatelessPhase(ops, relisted ? { ...ctx, pools: relisted.pools } : ctx, settings)
    : undefined;
  const tallied = mergeFindings([...(stateless?.findings ?? []), ...(stateful?.findings ?? [])]);
  const saved = await saveFailures(tallied, tallied.map(reportedFinding), settings);
  return buildReport(settings, discovery, ctx, {
    stateless,
    stateful,
    relistingRequests: relisted?.sent ?? 0,
    findings: saved.findings,
    failuresDir: saved.dir,
  });
}
