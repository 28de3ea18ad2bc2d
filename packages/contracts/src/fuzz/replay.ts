import { type FuzzOperation, operationsOf } from '../document/openapi-document.js';
import { runContextOf } from './context.js';
import { discover } from './discover.js';
import { loadFailure, type SavedFailure } from './failures.js';
import { documentOf } from './fuzzed-document.js';
import { settingsOf } from './settings.js';
import { runSequence } from './stateful/run-sequence.js';
import type { Expectation, Sequence } from './stateful/types.js';
import type { FuzzCheck, FuzzOptions } from './types.js';

/** What `contracts fuzz --replay FILE` needs: the file, and the deployment (default: where it failed). */
export interface ReplayOptions extends Omit<FuzzOptions, 'baseUrl'> {
  readonly file: string;
  readonly baseUrl?: string;
}

export interface ReplayReport {
  readonly file: string;
  readonly check: FuzzCheck;
  readonly operationId: string;
  readonly steps: ReadonlyArray<{
    readonly role: string;
    readonly operationId: string;
    readonly status: number | null;
  }>;
  /** The check failed again at the last step. */
  readonly stillFails: boolean;
  /** What the checks found at the last step this time. */
  readonly messages: readonly string[];
  readonly ok: boolean;
}

function sequenceOf(failure: SavedFailure, ops: readonly FuzzOperation[]): Sequence {
  const byId = new Map(ops.map((op) => [op.id, op]));
  const steps = failure.sequence.map((step) => {
    const op = byId.get(step.request.operationId);
    if (!op) throw new Error(`the document has no operation ${step.request.operationId}`);
    const { request: req, token, role, bindings, after } = step;
    return { op, req, token, role, bindings, after, expect: step.expect as Expectation };
  });
  return { steps, recordPointer: failure.recordPointer };
}

/**
 * Runs a saved failing sequence again (steps to the instances they went to, or round-robin over
 * `baseUrl` and `instances`) and tells whether its check still fails at the last step.
 */
export async function replay(options: ReplayOptions): Promise<ReplayReport> {
  const failure = await loadFailure(options.file);
  const saved = failure.sequence.map((s) => s.origin);
  const fuzzOptions = { ...options, baseUrl: options.baseUrl ?? saved[0] ?? '' };
  const settings = settingsOf(fuzzOptions);
  const document = await documentOf(fuzzOptions);
  const ops = operationsOf(document.doc);
  const discovery = await discover(ops, settings);
  const ctx = runContextOf(document, discovery, fuzzOptions);
  const origins = options.baseUrl ? settings.origins : saved;
  const env = { ctx, settings: { ...settings, origins }, claim: () => undefined };
  const run = await runSequence(sequenceOf(failure, ops), env, 0);
  const last = run.sent.at(-1);
  const stillFails = !!last?.observations.some((o) => o.check === failure.check);
  return {
    file: options.file,
    check: failure.check,
    operationId: failure.operationId,
    steps: run.sequence.steps.map((s, i) => ({
      role: s.role,
      operationId: s.op.id,
      status: run.sent[i]?.answer.status ?? null,
    })),
    stillFails,
    messages: last?.observations.map((o) => `${o.check}: ${o.message}`) ?? ['the last step was not sent'],
    ok: !stillFails,
  };
}

/** The replay as text: each step's status, then whether the check still fails. */
export function formatReplayReport(report: ReplayReport): string {
  const steps = report.steps.map(
    (s, i) => `  ${i + 1}. ${s.role} (${s.operationId}): ${s.status ?? 'not sent (an earlier step failed)'}`,
  );
  const verdict = report.stillFails
    ? `Still fails: ${report.messages.filter((m) => m.startsWith(`${report.check}:`)).join('; ')}`
    : `No longer fails ${report.check}${report.messages.length ? ` (the last step: ${report.messages.join('; ')})` : ''}.`;
  return [
    `Replayed ${report.file}: ${report.steps.length} steps, ${report.check} on ${report.operationId}`,
    ...steps,
    verdict,
  ].join('\n');
}
