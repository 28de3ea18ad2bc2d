import { describe, expect, it } from 'vitest';
import { type CpuProfile, summarizeProfile } from './profile-summary.js';

describe('summarizeProfile', () => {
  it('adds self time per function within the window, idle apart', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('render', 'file:///x/node_modules/.pnpm/pg@8/node_modules/pg/lib/a.js') },
        { id: 3, callFrame: frame('(idle)') },
        { id: 4, callFrame: frame('(garbage collector)') },
      ],
      startTime: 0,
      endTime: 1000,
      samples: [2, 2, 3, 4, 2],
      timeDeltas: [100, 100, 100, 100, 100],
    };
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
    const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0, columnNumber: 0 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('work') },
        { id: 2, callFrame: frame('writev') },
      ],
      startTime: 0,
      endTime: 6000,
      samples: [1, 1, 2, 1, 1],
      timeDeltas: [1000, 1000, 1000, 1000, 1000],
    };
    // writev at 3000 lasts to 4000 (normal); make it 2000 + 1000 by moving the next samples on.
    profile.timeDeltas = [1000, 1000, 1000, 5000, 1000];
    const summary = summarizeProfile(profile);
    expect(summary.functions.find((f) => f.name === 'writev')!.selfMs).toBeCloseTo(2);
    expect(summary.stalledMs).toBeCloseTo(3);
    expect(summary.stalledIn).toEqual([{ name: 'writev', ms: 3 }]);
  });
});
