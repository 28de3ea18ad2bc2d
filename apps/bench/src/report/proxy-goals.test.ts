import { describe, expect, it } from 'vitest';
import type { ProxyCostResult } from '../consumers/proxy-cost.js';
import { proxyGoalRows, proxyGoalTable } from './proxy-goals.js';

describe("issue #39's proxy rows", () => {
  const MB = 1024 * 1024;
  const proxy = {
    connections: 16,
    direct: { rps: 2000, p50: 7, p99: 20, runs: [] },
    proxied: { rps: 1100, p50: 8.5, p99: 33, runs: [] },
    judged: 5000,
    findings: 0,
    cpuUsPerExchange: 900,
    large: {
      bytes: 20 * MB,
      residentBefore: 80 * MB,
      residentPeak: 100 * MB,
      bodyLimitBytes: 4 * MB,
      seconds: 0.4,
    },
  } as ProxyCostResult;

  it('prints each figure beside its goal: a missed p99 is marked, the others met', () => {
    const [throughput, p50, p99, growth] = proxyGoalRows({ proxy });
    expect(throughput).toMatchObject({ goal: '>= 0.5x direct', met: true });
    expect(throughput!.now).toContain('0.55x');
    expect(p50).toMatchObject({ goal: '<= 2 ms', met: true });
    expect(p99).toMatchObject({ goal: '<= 10 ms', met: false });
    expect(growth).toMatchObject({ goal: '< 60 MB', met: true });
    expect(growth!.now).toMatch(/^20\.0 MB/);
    expect(proxyGoalTable({ proxy })).toContain('**MISSED**');
  });

  it('says how to measure them when the run left them out', () => {
    expect(proxyGoalRows({}).every((r) => r.now === 'not measured (leave out --no-proxy)')).toBe(true);
  });
});
