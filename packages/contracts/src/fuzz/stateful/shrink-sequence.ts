import type { TalliedFinding } from '../findings.js';
import type { FuzzStep, Observation } from '../types.js';
import { runSequence, type SequenceEnv } from './run-sequence.js';
import type { Sequence, SequenceRun } from './types.js';

/** A step of a walk that failed a check, with the run it failed in. */
export interface Failure {
  readonly run: SequenceRun;
  readonly step: number;
  readonly observation: Observation;
  /** The walk's place in the plan (which instance each step goes to). */
  readonly walk: number;
}

/** The sequence without step `j`; undefined when a later step takes a value of it or waits for it. */
function without(sequence: Sequence, j: number): Sequence | undefined {
  const steps = sequence.steps.filter((_, i) => i !== j);
  if (steps.some((s) => s.after.includes(j) || s.bindings.some((b) => b.step === j))) return undefined;
  const moved = (i: number) => (i < j ? i : i - 1);
  return {
    recordPointer: sequence.recordPointer,
    steps: steps.map((s) => ({
      ...s,
      after: s.after.map(moved),
      bindings: s.bindings.map((b) => ({ ...b, step: moved(b.step) })),
    })),
  };
}

/** Whether a run's last step fails the same check on the same operation. */
function lastFails(run: SequenceRun, failure: Failure): Observation | undefined {
  const last = run.sent.at(-1);
  const failed = failure.run.sent[failure.step];
  if (!last || last.template.op.id !== failed?.template.op.id) return undefined;
  return last.observations.find((o) => o.check === failure.observation.check);
}

/** What shrinking a failure left: the shortest run that still fails, its observation, and the requests it took. */
export interface ShrunkFailure {
  readonly run: SequenceRun;
  readonly observation: Observation;
  readonly sent: number;
}

/**
 * Drops steps, latest first, while the sequence still fails the same check at its last step;
 * at most `attempts` re-runs. The failing step ends the sequence: what came after it is cut first.
 */
export async function shrinkFailure(
  failure: Failure,
  env: SequenceEnv,
  attempts: number,
): Promise<ShrunkFailure> {
  const end = failure.step + 1;
  let run: SequenceRun = {
    sequence: { ...failure.run.sequence, steps: failure.run.sequence.steps.slice(0, end) },
    sent: failure.run.sent.slice(0, end),
  };
  let observation = failure.observation;
  let sent = 0;
  for (let j = run.sequence.steps.length - 2, tried = 0; j >= 1 && tried < attempts; j--) {
    const candidate = without(run.sequence, j);
    if (!candidate) continue;
    tried++;
    const again = await runSequence(candidate, env, failure.walk);
    sent += again.sent.filter(Boolean).length;
    const still = lastFails(again, failure);
    if (still) [run, observation] = [again, still];
  }
  return { run, observation, sent };
}

/** A run's steps as the report gives them (a step that was skipped shows the request it would have sent). */
function stepsOf(run: SequenceRun): FuzzStep[] {
  return run.sequence.steps.map((template, i) => {
    const sent = run.sent[i];
    const { token, role, expect, bindings, after } = template;
    return {
      request: sent?.req ?? template.req,
      origin: sent?.origin ?? '',
      token,
      role,
      expect,
      bindings,
      after,
    };
  });
}

/** A shrunk failure as a finding of the stateful phase. */
export function statefulFinding({ run, observation }: ShrunkFailure, occurrences: number): TalliedFinding {
  const last = run.sent.at(-1)!;
  return {
    op: last.template.op,
    observation,
    status: last.answer.status,
    req: last.req,
    origin: last.origin,
    occurrences,
    phase: 'stateful',
    sequence: { steps: stepsOf(run), recordPointer: run.sequence.recordPointer },
  };
}
