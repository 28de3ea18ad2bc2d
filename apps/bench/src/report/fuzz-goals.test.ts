import { describe, expect, it } from 'vitest';
import type { FuzzerResult } from '../consumers/fuzzer.js';
import { fuzzGoalRows, fuzzGoalTable } from './fuzz-goals.js';

describe("issue #41's fuzzer rows", () => {
  const fuzz = {
    concurrency: 8,
    loadAverage: [1, 1, 1],
    stateless: { requests: 1237, probes: 237, seconds: 4.1, rate: 301.7, statuses: { 200: 1 } },
    stateful: { sequences: 10, steps: 111, seconds: 1.3, rate: 85.4 },
    findings: 0,
    server: { rps: 1508.5, p50: 4, p99: 20, requests: 1237, runs: [], statuses: {} },
    unaccounted: 0,
  } as FuzzerResult;

  it('prints each rate beside its goal, the stateless one beside the server’s own rate', () => {
    const [stateless, stateful] = fuzzGoalRows({ fuzz });
    expect(stateless).toMatchObject({
      work: 'fuzz stateless (requests/s)',
      goal: '>= 250 requests/s',
      met: true,
    });
    expect(stateless!.now).toContain('301.7 requests/s');
    expect(stateless!.now).toContain("ceiling: the server's own rate for the same requests, 1,509 req/s");
    expect(stateless!.now).toContain('0.20 of it');
    expect(stateful).toMatchObject({ work: 'fuzz stateful (steps/s)', goal: '>= 100 steps/s', met: false });
    expect(fuzzGoalTable({ fuzz })).toContain('**MISSED**');
  });

  it('says how to measure them when the run left them out', () => {
    expect(fuzzGoalRows({}).map((r) => [r.now, r.met])).toEqual([
      ['not measured (leave out --no-fuzz)', undefined],
      ['not measured (leave out --no-fuzz)', undefined],
    ]);
  });
});
