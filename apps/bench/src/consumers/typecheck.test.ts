import { describe, expect, it } from 'vitest';
import { cpuSecondsOf } from './typecheck.js';

describe('cpuSecondsOf', () => {
  it("adds user and system time of the shell's children (the last line of `times`)", () => {
    const log = 'tsc output\n0m0.000000s 0m0.000000s\n1m2.500000s 0m0.250000s\n';
    expect(cpuSecondsOf(log)).toBeCloseTo(62.75);
  });

  it('fails when the line is missing', () => {
    expect(() => cpuSecondsOf('exit 1\nerror TS2305')).toThrow(/no CPU times/);
  });
});
