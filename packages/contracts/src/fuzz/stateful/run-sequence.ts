import { valueAt } from '../../document/pointer.js';
import { evaluateExchange, exchangeOf } from '../checks.js';
import type { FuzzRequest } from '../generate.js';
import type { RunSettings } from '../settings.js';
import type { RunContext } from '../types.js';
import { isSuccess, readyRequest } from './bindings.js';
import { expectationObservations } from './expectations.js';
import type { SentStep, Sequence, SequenceRun, StepTemplate } from './types.js';

/** What running a sequence needs besides the sequence. */
export interface SequenceEnv {
  readonly ctx: RunContext;
  readonly settings: RunSettings;
  /**
   * The index of a found record in a list's results that no other walk uses, claimed for this one;
   * undefined when there is none free.
   */
  readonly claim: (collection: string, results: readonly unknown[], offset: number) => number | undefined;
}

/** A found record's walk, its `*` replaced by the index of the record claimed in the first answer. */
function withFoundRecord(sequence: Sequence, first: SentStep, env: SequenceEnv, offset: number): Sequence {
  const results = valueAt(first.json?.value, '/results');
  if (!Array.isArray(results) || !isSuccess(first)) return sequence;
  const index = env.claim(first.template.op.path, results, offset);
  if (index === undefined) return sequence;
  const concrete = (pointer: string) => pointer.replace('*', String(index));
  return {
    recordPointer: concrete(sequence.recordPointer),
    steps: sequence.steps.map((s) => ({
      ...s,
      bindings: s.bindings.map((b) => ({ ...b, pointer: concrete(b.pointer) })),
    })),
  };
}

async function sendStep(
  step: StepTemplate,
  req: FuzzRequest,
  origin: string,
  env: SequenceEnv,
  recordOf: () => unknown,
  sent: ReadonlyArray<SentStep | undefined>,
): Promise<SentStep> {
  const { settings, ctx } = env;
  const token = step.token === 'other' ? (settings.otherToken ?? '') : settings.token;
  const answer = await settings.send(origin, token, req);
  const exchange = exchangeOf(ctx, step.op, req, answer);
  const judged = sent.length
    ? expectationObservations({ step, exchange, recordId: recordOf(), before: sent })
    : [];
  const { observations } = evaluateExchange(exchange);
  return {
    template: step,
    req,
    origin,
    answer,
    json: exchange.json,
    observations: [...observations, ...judged],
  };
}

/**
 * Sends a sequence's steps in order, each to the next of the origins, with the values of earlier
 * answers filled in; a step whose values or prerequisites failed is skipped.
 */
export async function runSequence(sequence: Sequence, env: SequenceEnv, walk: number): Promise<SequenceRun> {
  const sent: Array<SentStep | undefined> = [];
  const { origins } = env.settings;
  let current = sequence;
  const recordOf = () => valueAt(sent[0]?.json?.value, current.recordPointer);
  for (let i = 0; i < current.steps.length; i++) {
    const step = current.steps[i]!;
    const req = readyRequest(step, sent);
    const origin = origins[(walk + i) % origins.length]!;
    sent.push(req ? await sendStep(step, req, origin, env, recordOf, sent) : undefined);
    if (i === 0 && current.recordPointer.includes('*') && sent[0])
      current = withFoundRecord(current, sent[0], env, walk);
    // Without a record (not created, none free in the list) there is nothing to walk.
    if (i === 0 && typeof recordOf() !== 'number' && typeof recordOf() !== 'string') break;
  }
  return { sequence: current, sent };
}
