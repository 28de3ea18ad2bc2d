import { parsedJson } from '../document/json.js';
import type { FuzzOperation } from '../document/openapi-document.js';
import { evaluate } from './checks.js';
import { withWorkers } from './concurrency.js';
import { collectionOf } from './generate.js';
import type { PlannedRequest } from './schedule.js';
import type { RunSettings } from './settings.js';
import type { Answer, Observation, RunContext } from './types.js';

/** One answered request of the main run and what the checks made of it. */
export interface Outcome extends PlannedRequest {
  readonly status: number;
  readonly observations: readonly Observation[];
  /** The server rule that excused the answer, if one did. */
  readonly excusedBy: string | undefined;
}

/** The main run: its outcomes in the order the answers came, and how long it took. */
export interface MainRun {
  readonly outcomes: readonly Outcome[];
  readonly elapsedMs: number;
}

/** Ids created along the way are valid targets too. */
function rememberCreatedId(ctx: RunContext, op: FuzzOperation, answer: Answer): void {
  if (answer.status !== 201 || op.method !== 'POST') return;
  const created = parsedJson(answer.text)?.value as { id?: unknown } | null | undefined;
  if (typeof created?.id === 'number') ctx.pools.ids.get(collectionOf(op.path))?.push(created.id);
}

async function outcomeOf(planned: PlannedRequest, ctx: RunContext, settings: RunSettings): Promise<Outcome> {
  const answer = await settings.send(planned.origin, settings.token, planned.req);
  rememberCreatedId(ctx, planned.op, answer);
  return { ...planned, status: answer.status, ...evaluate(ctx, planned.op, planned.req, answer) };
}

/**
 * Sends the plan, `concurrency` requests in flight, and checks every answer. Outcomes are kept in
 * the order they arrive: of two equally small examples of a finding, the first to arrive is kept.
 */
export async function runPlan(
  plan: readonly PlannedRequest[],
  ctx: RunContext,
  settings: RunSettings,
): Promise<MainRun> {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  await withWorkers(plan.length, settings.concurrency, async (i) => {
    const outcome = await outcomeOf(plan[i]!, ctx, settings);
    outcomes.push(outcome);
    settings.onRequest?.(i + 1, plan.length, outcome.req, outcome.status);
  });
  return { outcomes, elapsedMs: Math.round(performance.now() - started) };
}
