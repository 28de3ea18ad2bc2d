import { buildReport } from './build-report.js';
import { runContextOf } from './context.js';
import { discover } from './discover.js';
import { tallyFindings } from './findings.js';
import { documentOf, operationsToFuzz } from './fuzzed-document.js';
import { runPlan } from './run-plan.js';
import { planRequests } from './schedule.js';
import { settingsOf } from './settings.js';
import { shrinkFindings } from './shrink.js';
import type { FuzzOptions, FuzzReport } from './types.js';

export { curlOf } from './curl.js';
export type {
  FuzzCheck,
  FuzzExemption,
  FuzzFinding,
  FuzzOptions,
  FuzzReport,
  FuzzRequest,
} from './types.js';
export { urlOf } from './url.js';

/**
 * Fuzzes a deployment from its OpenAPI document: lists the resources, then sends `requests`
 * generated requests (valid and mutated, reproducible by seed), checks every answer against the
 * document and shrinks each distinct finding to a small curl reproduction.
 */
export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const settings = settingsOf(options);
  const document = await documentOf(options);
  const ops = operationsToFuzz(document.doc, options);
  const discovery = await discover(ops, settings);
  const ctx = runContextOf(document, discovery, options);
  const run = await runPlan(planRequests(ops, ctx, settings), ctx, settings);
  const shrunk = await shrinkFindings(tallyFindings(run.outcomes), ctx, settings);
  return buildReport(settings, discovery, ctx, run, shrunk);
}
