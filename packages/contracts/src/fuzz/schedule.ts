import fc from 'fast-check';
import type { FuzzOperation } from '../document/openapi-document.js';
import { type FuzzRequest, mutatedRequestArbitrary, validRequestArbitrary } from './generate.js';
import type { RunSettings } from './settings.js';
import type { RunContext } from './types.js';

/** One request of the main run, with the instance it goes to. */
export interface PlannedRequest {
  readonly op: FuzzOperation;
  readonly req: FuzzRequest;
  readonly origin: string;
  /** A request of the auth probes (no token, a wrong one), sent besides the `requests` of the plan. */
  readonly probe?: true;
}

/** Analytics endpoints (many, alike) and deletes weigh less than the other operations. */
function weightOf(op: FuzzOperation): number {
  return op.method === 'DELETE' ? 1 : op.path.includes('/analytics/') ? 1 : 4;
}

/** Each operation's share of `total` requests, by weight; what rounding leaves goes to the first operations. */
function sharesOf(ops: readonly FuzzOperation[], total: number): Map<FuzzOperation, number> {
  const all = ops.reduce((sum, op) => sum + weightOf(op), 0);
  const floors = ops.map((op) => Math.floor((total * weightOf(op)) / all));
  const rest = total - floors.reduce((a, b) => a + b, 0);
  return new Map(ops.map((op, i) => [op, (floors[i] ?? 0) + (i < rest ? 1 : 0)]));
}

/** The operations of a phase taken in turn, one request each per round, until their shares are spent. */
function roundRobin(phase: readonly FuzzOperation[], shares: Map<FuzzOperation, number>): FuzzOperation[] {
  const rounds = Math.max(0, ...phase.map((op) => shares.get(op) ?? 0));
  return Array.from({ length: rounds }, (_, round) =>
    phase.filter((op) => (shares.get(op) ?? 0) > round),
  ).flat();
}

/**
 * Which operation each request of the main run calls, in order. Reads and writes come before
 * deletes: a delete early on would leave little to read.
 */
function scheduleOf(ops: readonly FuzzOperation[], shares: Map<FuzzOperation, number>): FuzzOperation[] {
  const deletes = ops.filter((op) => op.method === 'DELETE');
  const others = ops.filter((op) => op.method !== 'DELETE');
  return [...roundRobin(others, shares), ...roundRobin(deletes, shares)];
}

/** An operation's own stream of requests, half valid, half mutated, drawn from its own seed. */
function streamOf(
  ctx: RunContext,
  op: FuzzOperation,
  index: number,
  seed: number,
  count: number,
): FuzzRequest[] {
  if (!count) return [];
  const arbitrary = fc.oneof(validRequestArbitrary(ctx, op), mutatedRequestArbitrary(ctx, op));
  return fc.sample(arbitrary, { seed: (seed * 1_000_003 + index * 7919) | 0, numRuns: count });
}

/**
 * The main run's plan: which request is sent when, to which instance. It is fixed by the seed
 * before the first request is sent, so the same seed sends the same requests in the same order.
 */
export function planRequests(
  ops: readonly FuzzOperation[],
  ctx: RunContext,
  settings: RunSettings,
): PlannedRequest[] {
  const shares = sharesOf(ops, settings.requests);
  const streams = new Map(ops.map((op, i) => [op, streamOf(ctx, op, i, settings.seed, shares.get(op) ?? 0)]));
  const { origins } = settings;
  return scheduleOf(ops, shares).flatMap((op, i) => {
    const req = streams.get(op)?.shift();
    return req ? [{ op, req, origin: origins[i % origins.length] as string }] : [];
  });
}
