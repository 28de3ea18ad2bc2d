import type { BenchResults } from '../common/results.js';
import { formatMs, formatNumber } from '../common/stats.js';
import { LARGE_ANSWER_BYTES, type ProxyCostResult } from '../consumers/proxy-cost.js';
import { type GoalRow, goalTable, notMeasured } from './goal-table.js';

/**
 * Issue #39's cost goals for `contracts proxy` in front of the reference server, on these 2-core
 * machines. Goals are figures to report, never assertions.
 */
export const PROXY_GOALS = {
  /** Throughput through the proxy, as a share of the direct run's. */
  throughputShare: 0.5,
  addedP50Ms: 2,
  addedP99Ms: 10,
  /** Resident growth of the proxy while the 20 MB answer passes, MB. */
  largeAnswerGrowthMb: 60,
} as const;

const MB = 1024 * 1024;

const proxyRow = (
  work: string,
  goal: string,
  proxy: ProxyCostResult | undefined,
  measure: (p: ProxyCostResult) => Pick<GoalRow, 'now' | 'met'>,
): GoalRow => ({
  work,
  today: 'no row',
  goal,
  ...(proxy ? measure(proxy) : notMeasured('leave out --no-proxy')),
});

/** Throughput and added latency beside the direct run, and the large answer's resident growth. */
export function proxyGoalRows(results: Pick<BenchResults, 'proxy'>): GoalRow[] {
  const g = PROXY_GOALS;
  const share = (p: ProxyCostResult) => p.proxied.rps / p.direct.rps;
  return [
    proxyRow(
      `proxy throughput (${results.proxy?.connections ?? 16} connections)`,
      `>= ${g.throughputShare}x direct`,
      results.proxy,
      (p) => ({
        now: `${formatNumber(p.proxied.rps)} req/s through the proxy, ${formatNumber(p.direct.rps)} direct: ${formatNumber(share(p), 2)}x`,
        met: share(p) >= g.throughputShare,
      }),
    ),
    proxyRow('proxy added latency p50', `<= ${g.addedP50Ms} ms`, results.proxy, (p) => ({
      now: `${formatMs(p.proxied.p50 - p.direct.p50)} (${formatMs(p.proxied.p50)} through, ${formatMs(p.direct.p50)} direct)`,
      met: p.proxied.p50 - p.direct.p50 <= g.addedP50Ms,
    })),
    proxyRow('proxy added latency p99', `<= ${g.addedP99Ms} ms`, results.proxy, (p) => ({
      now: `${formatMs(p.proxied.p99 - p.direct.p99)} (${formatMs(p.proxied.p99)} through, ${formatMs(p.direct.p99)} direct)`,
      met: p.proxied.p99 - p.direct.p99 <= g.addedP99Ms,
    })),
    proxyRow(
      `proxy resident growth, ${LARGE_ANSWER_BYTES / MB} MB answer`,
      `< ${g.largeAnswerGrowthMb} MB`,
      results.proxy,
      (p) => {
        const growth = (p.large.residentPeak - p.large.residentBefore) / MB;
        return {
          now:
            `${formatNumber(growth, 1)} MB (${formatNumber(p.large.residentBefore / MB, 1)} MB before, peak ` +
            `${formatNumber(p.large.residentPeak / MB, 1)} MB; streamed, bodies over ` +
            `${formatNumber(p.large.bodyLimitBytes / MB, 0)} MiB not judged; ${formatNumber(p.large.seconds, 2)} s)`,
          met: growth < g.largeAnswerGrowthMb,
        };
      },
    ),
  ];
}

/** The Markdown table of those rows. */
export function proxyGoalTable(results: Pick<BenchResults, 'proxy'>): string {
  return goalTable('#39', proxyGoalRows(results));
}
