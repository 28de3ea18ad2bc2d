import { isObject, objectsIn } from '../../document/json.js';
import type { FuzzOperation } from '../../document/openapi-document.js';
import { inSequence, withWorkers } from '../concurrency.js';
import { findingKey, type TalliedFinding } from '../findings.js';
import type { GeneratorContext } from '../generate.js';
import type { RunSettings } from '../settings.js';
import type { RunContext } from '../types.js';
import { recordKindsOf } from './kinds.js';
import { planWalks } from './plan.js';
import { runSequence, type SequenceEnv } from './run-sequence.js';
import { type Failure, shrinkFailure, statefulFinding } from './shrink-sequence.js';
import type { Sequence, SequenceRun } from './types.js';

/** What the stateful phase did: walks, steps sent, time, and its findings after shrinking. */
export interface StatefulPhase {
  readonly sequences: number;
  readonly steps: number;
  readonly elapsedMs: number;
  /** Requests besides the walks: shrinking. */
  readonly shrinkRequests: number;
  readonly findings: TalliedFinding[];
  /** Statuses by step: `read (getContact)` → `{ 200: 9, 404: 1 }`. */
  readonly byStep: Record<string, Record<string, number>>;
}

/** How the walks' steps were answered, by role and operation, in the order first seen. */
function byStepOf(runs: readonly SequenceRun[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const sent of runs.flatMap((run) => run.sent))
    if (sent) {
      const step = (counts[`${sent.template.role} (${sent.template.op.id})`] ??= {});
      const status = String(sent.answer.status || 'no answer');
      step[status] = (step[status] ?? 0) + 1;
    }
  return counts;
}

/**
 * Walks take ids of existing records for `*_id` fields, and draw every other value afresh: a value
 * seen in a record (an email, an external_customer_id) would make a create match that record. Of
 * each field's ids only the first half is taken, so that walks of found records have records
 * nobody refers to (they delete them).
 */
function walkGenerator(ctx: RunContext): GeneratorContext {
  const fields = new Map(
    [...ctx.pools.fields].flatMap(([name, values]) => {
      const ids = values.filter((v) => typeof v === 'number');
      return /_id$/.test(name) && ids.length
        ? [[name, ids.slice(0, Math.ceil(ids.length / 2))] as const]
        : [];
    }),
  );
  return { doc: ctx.doc, validator: ctx.validator, pools: { ...ctx.pools, fields } };
}

/** Ids the planned walks send in bodies (`operator_id`): found records with those ids are not deleted. */
function referencedIds(sequences: readonly Sequence[]): Set<number> {
  const bodies = sequences.flatMap((s) => s.steps.map((step) => step.req.body?.json));
  const ids = [...objectsIn(bodies)].flatMap((o) =>
    Object.entries(o).flatMap(([key, v]) => (/_ids?$/.test(key) ? [v].flat() : [])),
  );
  return new Set(ids.filter((v): v is number => typeof v === 'number'));
}

/**
 * Claims for found records: a record no planned walk refers to and no other walk has, and never
 * more than half of a list, so that the walks leave records for whatever runs next.
 */
function claimer(reserved: ReadonlySet<number>): SequenceEnv['claim'] {
  const claimed = new Map<string, Set<number>>();
  return (collection, results, offset) => {
    const mine = claimed.get(collection) ?? new Set<number>();
    claimed.set(collection, mine);
    if (mine.size >= results.length / 2) return undefined;
    for (let k = 0; k < results.length; k++) {
      const i = (offset + k) % results.length;
      const id = isObject(results[i]) ? results[i].id : undefined;
      if (typeof id !== 'number' || reserved.has(id) || mine.has(id)) continue;
      mine.add(id);
      return i;
    }
    return undefined;
  };
}

/** Every failed check of every walk, the earliest step of each distinct finding first. */
function failuresOf(runs: readonly SequenceRun[]): Map<string, { first: Failure; count: number }> {
  const failures = new Map<string, { first: Failure; count: number }>();
  for (const [walk, run] of runs.entries())
    for (const [step, sent] of run.sent.entries())
      for (const observation of sent?.observations ?? []) {
        const key = findingKey(sent!.template.op, observation.check, sent!.answer.status);
        const known = failures.get(key);
        const failure = { run, step, observation, walk };
        failures.set(key, {
          first: known && known.first.step <= step ? known.first : failure,
          count: (known?.count ?? 0) + 1,
        });
      }
  return failures;
}

/**
 * The stateful phase: walks records along the document's links (create or find, read, list,
 * search, other organization, update, read back, child, delete, and after), `concurrency` walks at
 * a time, then shrinks each distinct failure to its shortest failing sequence.
 */
export async function runStatefulPhase(
  ops: readonly FuzzOperation[],
  ctx: RunContext,
  settings: RunSettings,
): Promise<StatefulPhase> {
  const kinds = recordKindsOf(ops);
  const sequences = planWalks(
    { kinds, gen: walkGenerator(ctx), otherToken: !!settings.otherToken },
    settings.sequences,
    settings.seed,
  );
  const env: SequenceEnv = { ctx, settings, claim: claimer(referencedIds(sequences)) };
  const runs: SequenceRun[] = [];
  // Longest walks first: the short ones fill in at the end, rather than a long one running alone.
  const order = sequences
    .map((_, i) => i)
    .sort((a, b) => sequences[b]!.steps.length - sequences[a]!.steps.length);
  const started = performance.now();
  await withWorkers(sequences.length, settings.concurrency, async (k) => {
    const i = order[k]!;
    runs[i] = await runSequence(sequences[i]!, env, i);
  });
  const elapsedMs = Math.round(performance.now() - started);
  const failures = [...failuresOf(runs).values()];
  const shrunk = await inSequence(failures, async ({ first, count }) => ({
    shrunk: await shrinkFailure(first, env, settings.shrinkAttempts),
    count,
  }));
  return {
    sequences: sequences.length,
    steps: runs.reduce((sum, run) => sum + run.sent.filter(Boolean).length, 0),
    elapsedMs,
    shrinkRequests: shrunk.reduce((sum, s) => sum + s.shrunk.sent, 0),
    findings: shrunk.map((s) => statefulFinding(s.shrunk, s.count)),
    byStep: byStepOf(runs),
  };
}
