/**
 * Writes docs/guides/analytics-metrics.md from @org/model's build (`pnpm generate` builds the model,
 * then runs it).
 * With --check it writes nothing and exits 1 when the committed file is stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expectedAnalyticsMetricsGuide } from './lib/metrics/model-tables.js';
import { ANALYTICS_METRICS_GUIDE } from './lib/paths.js';

const expected = expectedAnalyticsMetricsGuide();

if (process.argv.includes('--check')) {
  const committed = await readFile(ANALYTICS_METRICS_GUIDE, 'utf8').catch(() => '');
  if (committed !== expected) {
    console.error(`${ANALYTICS_METRICS_GUIDE} is stale: run \`pnpm generate\` and commit it.`);
    process.exit(1);
  }
  console.log('analytics-metrics.md is up to date');
} else {
  await writeFile(ANALYTICS_METRICS_GUIDE, expected);
  console.log(`wrote ${ANALYTICS_METRICS_GUIDE}`);
}
