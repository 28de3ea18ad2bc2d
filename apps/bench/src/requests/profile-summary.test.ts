import { describe, expect, it } from 'vitest';
import { type CpuProfile, summarizeProfile } from './profile-summary.js';

/**
 * A profile of these functions (node ids from 1, each `[name, url]` or a name), sampled in the order
 * `samples` names them, at `timeDeltas` µs apart, from 0 to `endTime`.
 */
function profileOf(
  functions: ReadonlyArray<string | readonly [string, string]>,
  samples: number[],
  timeDeltas: number[],
  endTime: number,
): CpuProfile {
  const nodes = functions.map((f, i) => {
    const [functionName, url] = typeof f === 'string' ? [f, ''] : f;
    return { id: i + 1, callFrame: { functionName, url, lineNumber: 0, columnNumber: 0 } };
  });
  return { nodes, startTime: 0, endTime, samples, timeDeltas };
}

describe('summarizeProfile', () => {
  it('adds self time per function within the window, idle apart', () => {
    const profile = profileOf(
      [
        '(root)',
        ['render', 'file:///x/node_modules/.pnpm/pg@8/node_modules/pg/lib/a.js'],
        '(idle)',
        '(garbage collector)',
      ],
      [2, 2, 3, 4, 2],
      [100, 100, 100, 100, 100],
      1000,
    );
    const summary = summarizeProfile(profile, { fromUs: 100, toUs: 450 });
    // Samples at 100, 200 (render), 300 (idle), 400 (gc); each lasts until the next one.
    expect(summary.idleMs).toBeCloseTo(0.1);
    expect(summary.stalledMs).toBe(0);
    expect(summary.busyMs).toBeCloseTo(0.3);
    expect(summary.functions[0]).toMatchObject({ name: 'render', location: 'pg/lib/a.js:1' });
    expect(summary.functions[0]!.share).toBeCloseTo(2 / 3);
    expect(summary.modules.map((m) => m.name)).toEqual(['pg', '(garbage collector)']);
  });

  it('counts a gap far longer than the sampling interval as a stall, not as CPU time', () => {
    // writev at 3000 would last to 4000 (normal); the next samples moved on make it 2000 + 1000.
    const profile = profileOf(['work', 'writev'], [1, 1, 2, 1, 1], [1000, 1000, 1000, 5000, 1000], 6000);
    const summary = summarizeProfile(profile);
    expect(summary.functions.find((f) => f.name === 'writev')!.selfMs).toBeCloseTo(2);
    expect(summary.stalledMs).toBeCloseTo(3);
    expect(summary.stalledIn).toEqual([{ name: 'writev', ms: 3 }]);
  });
});
