import fc from 'fast-check';
import type { FuzzOperation } from '../document/openapi-document.js';
import { type FuzzRequest, validRequestArbitrary } from './generate.js';
import type { PlannedRequest } from './schedule.js';
import type { RunSettings } from './settings.js';
import type { RunContext } from './types.js';

/** Authorization a probe sends instead of the token; none of them may get past 401. */
const PROBES: ReadonlyArray<{ readonly auth: FuzzRequest['auth']; readonly mutation: string }> = [
  { auth: 'none', mutation: 'no Authorization header' },
  { auth: { value: 'fuzz-wrong-token' }, mutation: 'Authorization: a wrong token' },
  { auth: { value: 'Bearer fuzz-wrong-token' }, mutation: 'Authorization: a wrong bearer token' },
];

/**
 * A few requests per operation that documents 401 without a token or with a wrong one, each a
 * valid request otherwise: the random mutations send such requests too, but not surely to every
 * operation of a short run.
 */
export function authProbes(
  ops: readonly FuzzOperation[],
  ctx: RunContext,
  settings: RunSettings,
): PlannedRequest[] {
  const { origins } = settings;
  return ops
    .filter((op) => op.responses['401'])
    .flatMap((op, i) => {
      const [valid] = fc.sample(validRequestArbitrary(ctx, op), {
        seed: (settings.seed * 7919 + i) | 0,
        numRuns: 1,
      });
      if (!valid) return [];
      return PROBES.map(({ auth, mutation }, k) => ({
        op,
        req: { ...valid, auth, kind: 'mutated' as const, mutation, strict: true },
        origin: origins[(i + k) % origins.length]!,
        probe: true as const,
      }));
    });
}
