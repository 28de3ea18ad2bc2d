import { type BenchResults, scenarioOf } from '../common/results.js';
import { formatBytes, formatMs, formatNumber } from '../common/stats.js';
import { markdownTable } from '../common/table.js';
import { SCENARIO_LABELS, SIZE_COMPARED, SIZE_SHOWN } from '../requests/scenarios.js';

/**
 * Issue #26's goal for the size comparison: at the large size, each p99 at most this times and
 * each throughput at least this share of the demo size's.
 */
const SIZE_RATIO_GOAL = { p99: 2, rps: 0.5 } as const;

/**
 * Issue #26's size comparison: each row at the demo size and at the large one (PGlite: its largest
 * world), with the large one's p99 and throughput as multiples of the demo one's.
 */
export function sizeComparisonTable(results: BenchResults): string | undefined {
  const rows: string[][] = [];
  const { p99: maxP99, rps: minRps } = SIZE_RATIO_GOAL;
  for (const large of results.engines) {
    const demo = results.demoEngines?.find((d) => d.engine === large.engine);
    if (!demo) continue;
    for (const id of [...SIZE_COMPARED, ...SIZE_SHOWN]) {
      const a = scenarioOf(demo, id);
      const b = scenarioOf(large, id);
      if (!a || !b) continue;
      const p99 = b.server.p99 / Math.max(a.server.p99, 1);
      const rps = b.server.rps / a.server.rps;
      const goal = SIZE_COMPARED.includes(id);
      rows.push([
        `${SCENARIO_LABELS[id]}, ${large.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
        `${formatNumber(a.server.rps)} req/s, p99 ${formatMs(a.server.p99)}`,
        `${formatNumber(b.server.rps)} req/s, p99 ${formatMs(b.server.p99)}`,
        `${formatBytes(a.meanBytes)} → ${formatBytes(b.meanBytes)}`,
        `${formatNumber(b.ceiling.rps / a.ceiling.rps, 2)}x`,
        `${formatNumber(rps, 2)}x, p99 ${formatNumber(p99, 2)}x`,
        goal ? `>= ${minRps}x, p99 <= ${maxP99}x` : 'none (answers of different sizes)',
        !goal ? 'shown' : rps >= minRps && p99 <= maxP99 ? 'met' : '**MISSED**',
      ]);
    }
  }
  if (!rows.length) return undefined;
  return markdownTable(
    [
      'Row (issue #26)',
      'Demo size',
      'Large size (PGlite: its largest)',
      'Mean answer, demo → large',
      'Ceiling, large / demo',
      'Large / demo',
      'Goal',
      'Status',
    ],
    rows,
  );
}
