import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES } from '@org/model';
import { describe, expect, it } from 'vitest';
import { GUIDES } from '../scripts/lib/guides.js';
import { expectedAnalyticsMetricsGuide } from '../scripts/lib/metrics/model-tables.js';
import { renderAnalyticsMetricsGuide } from '../scripts/lib/metrics/render-analytics-metrics.js';
import { ANALYTICS_METRICS_GUIDE, DOCS_DIR, GUIDES_DIR } from '../scripts/lib/paths.js';
import { brokenLinks } from './support/markdown-links.js';

const read = (path: string) => readFile(path, 'utf8');

describe('the guides', () => {
  it('are all listed in scripts/lib/guides.ts and indexed by docs/README.md', async () => {
    const files = (await readdir(GUIDES_DIR)).filter((f) => f.endsWith('.md')).sort();
    expect(files).toEqual(GUIDES.map((g) => g.file).sort());
    const readme = await read(join(DOCS_DIR, 'README.md'));
    expect(GUIDES.filter((g) => !readme.includes(`](guides/${g.file})`)).map((g) => g.file)).toEqual([]);
  });

  it('show the sandbox examples exactly as they run in the test command (apps/server/examples)', async () => {
    const guide = await read(join(GUIDES_DIR, 'sandbox.md'));
    const examples = join(DOCS_DIR, '..', 'apps', 'server', 'examples');
    const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks.slice(0, 3)).toEqual([
      await read(join(examples, 'sandbox.test.ts')),
      await read(join(examples, 'many-files', 'vitest.config.ts')),
      await read(join(examples, 'many-files', 'cleanup-job.test.ts')),
    ]);
  });

  it('link only to files that exist', async () => {
    expect(await brokenLinks(DOCS_DIR)).toEqual([]);
  });

  it('document every error code of the model with its status', async () => {
    const errors = await read(join(GUIDES_DIR, 'errors.md'));
    const missing = Object.entries(ERROR_CODES)
      // Table cells are padded by the formatter, so match the row loosely.
      .filter(
        ([code, { status }]) => !new RegExp(`\\|\\s*${status}\\s*\\|\\s*\`${code}\`\\s*\\|`).test(errors),
      )
      .map(([code, { status }]) => `${status} ${code}`);
    expect(missing).toEqual([]);
  });

  it('include the analytics metrics reference as generated from the model (run `pnpm generate`)', async () => {
    const expected = expectedAnalyticsMetricsGuide();
    // A boolean first: the diff of two long Markdown tables is printed only when it helps.
    const committed = await read(ANALYTICS_METRICS_GUIDE);
    expect(committed === expected, 'docs/guides/analytics-metrics.md is stale: run pnpm generate').toBe(true);
  });
});

describe('the analytics metrics renderer', () => {
  it('lists every metric with value and value_str, escaping Markdown outside code', () => {
    const page = renderAnalyticsMetricsGuide({
      metrics: {
        um_example: {
          tracks: 'a | b',
          value: 'seconds',
          valueStr: '<current>:<total> or `<a|b>`',
          kind: 'operator',
        },
        um_example_alias: {
          tracks: 't',
          value: '1',
          valueStr: 'empty',
          kind: 'session',
          aliasOf: 'um_example',
          decided: true,
        },
      },
      inactivityActions: { status_reassign: 'x' },
      conversationCategories: { live: 'y' },
      conversationPartCategories: { offline: 'z' },
    });
    expect(page).toContain(
      '| `um_example` | a \\| b | seconds | &lt;current>:&lt;total> or `<a\\|b>` | operator |  |',
    );
    expect(page).toContain('second spelling of `um_example` (D14); format: D21');
    expect(page).toContain('for each of the\n2 metrics');
  });
});
