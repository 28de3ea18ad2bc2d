import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointList } from '@org/model';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../scripts/lib/guides.js';
import { DOCS_DIR, TEST_RESULTS_DIR } from '../scripts/lib/paths.js';
import { CONSOLE_PATH, consoleSection, operationPath } from '../scripts/lib/site/links.js';
import { referenceDocument, referenceOperations } from '../scripts/lib/site/reference-model.js';
import { isLocalUrl, launchChromium } from './support/chromium.js';
import { type DocsServer, startDocsServer } from './support/docs-server.js';
import { run } from './support/run.js';
import {
  accessibilitySweepPages,
  answersWithLinks,
  builtPageTitle,
  sweepPages,
} from './support/site-pages.js';

/** The console's session as Playwright records it, and the contracts CLI as the package builds it. */
const TRY_IT_HAR = join(TEST_RESULTS_DIR, 'try-it.har');
const CONTRACTS_CLI = fileURLToPath(new URL('../../packages/contracts/dist/cli.js', import.meta.url));
async function checkHar(file: string): Promise<{ code: number | null; output: string }> {
  const result = await run(process.execPath, [CONTRACTS_CLI, 'check-har', file, '--json'], DOCS_DIR);
  return { code: result.code, output: `${result.stdout}${result.stderr}` };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BASE = '/docs';

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: ReadonlyArray<{ readonly target: unknown[] }>;
}

interface TableMeasures {
  /** How many tables were measured. */
  readonly tables: number;
  /** The tallest entry's row, in lines of its table's text. */
  readonly tallestRow: number;
  readonly misfits: string[];
}

/**
 * Runs in the page (one load for every operation): each operation page's stacked tables (their
 * parameters and links, stacked-table.ts) put in turn into this page's column, under the site's own
 * styles, and measured. A misfit is a table wider than the column or scrolling sideways, a cell cut
 * off, or an entry's row taller than `maxLines` lines of text.
 */
async function measureStackedTables({
  paths,
  maxLines,
}: {
  readonly paths: readonly string[];
  readonly maxLines: number;
}): Promise<TableMeasures> {
  const column = document.querySelector<HTMLElement>('.vp-doc');
  const host = column?.firstElementChild;
  if (!column || !host) throw new Error('no .vp-doc column on this page');
  const misfits: string[] = [];
  let tables = 0;
  let tallestRow = 0;
  for (const path of paths) {
    const html = await (await fetch(path)).text();
    const found = new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelectorAll('.vp-doc table.stacked');
    host.replaceChildren(...[...found].map((table) => document.importNode(table, true)));
    const edge = column.getBoundingClientRect().right;
    for (const table of host.querySelectorAll<HTMLTableElement>('table.stacked')) {
      tables++;
      const name = `${path} (${table.className})`;
      const box = table.getBoundingClientRect();
      if (box.right > edge + 0.5) misfits.push(`${name}: ends at ${box.right}, its column at ${edge}`);
      if (table.scrollWidth > table.clientWidth)
        misfits.push(`${name}: scrolls, ${table.scrollWidth} > ${table.clientWidth}`);
      for (const cell of table.querySelectorAll<HTMLElement>('th, td'))
        if (cell.getBoundingClientRect().right > box.right + 0.5 || cell.scrollWidth > cell.clientWidth)
          misfits.push(`${name}: cut off: ${(cell.textContent ?? '').slice(0, 40)}`);
      for (const row of table.querySelectorAll<HTMLTableRowElement>('tbody > tr:first-child')) {
        const cell = row.cells[0];
        if (!cell) continue;
        const style = getComputedStyle(cell);
        const text =
          row.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        const lines = text / parseFloat(style.lineHeight);
        tallestRow = Math.max(tallestRow, lines);
        if (lines > maxLines + 0.5)
          misfits.push(`${name}: ${lines.toFixed(1)} lines: ${(row.textContent ?? '').slice(0, 40)}`);
      }
    }
  }
  return { tables, tallestRow, misfits };
}

/** One server (the sandbox serving docs/dist) and one browser for the whole file. */
describe('the docs site in Chromium, served by the reference server', () => {
  let server: DocsServer;
  let browser: Browser;
  let context: BrowserContext;
  const external: string[] = [];
  const pageErrors: string[] = [];

  /** A browser context as every test here uses one: generous waits, and nothing from another machine. */
  /** The contexts a test made for itself, closed after it whether it passed or not. */
  const ownContexts: BrowserContext[] = [];
  const newContext = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const created = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    if (context) ownContexts.push(created);
    // Playwright's 30 s default for an action or a page load is too short for the console's bundle on
    // a machine the whole test command shares; every wait ends on its event, so this costs nothing
    // when the page is quick, and the vitest limit (180 s a test) still bounds a hang.
    created.setDefaultTimeout(150_000);
    // Anything that would leave the machine is recorded and aborted: the site must work offline.
    await created.route('**/*', async (route) => {
      const url = route.request().url();
      if (isLocalUrl(url)) return route.continue();
      external.push(url);
      return route.abort('blockedbyclient');
    });
    return created;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startDocsServer(), launchChromium()]);
    await mkdir(TEST_RESULTS_DIR, { recursive: true });
    context = await newContext();
  });

  // A failed test leaves no page behind to compete with the next one for the machine.
  afterEach(async () => {
    await Promise.all([...context.pages(), ...ownContexts.splice(0)].map((open) => open.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (path: string, on: BrowserContext = context): Promise<Page> => {
    const page = await on.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
    const response = await page.goto(`${server.url}${BASE}${path}`);
    expect(response?.status(), path).toBe(200);
    return page;
  };

  /** axe-core's serious and critical violations on the page as it is now, by rule and element. */
  const seriousViolations = async (page: Page): Promise<string[]> => {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
    // axe reads colours as they are painted, and Scalar fades an answer in from opacity 0 (0.25 s):
    // judged mid-fade its text fails contrast. A page is judged once its finite animations ended.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const violations = (await page.evaluate(() =>
      (window as unknown as { axe: { run(options: object): Promise<{ violations: unknown[] }> } }).axe
        .run({ resultTypes: ['violations'] })
        .then((r) => r.violations),
    )) as AxeViolation[];
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
  };

  /**
   * Types `text` into the site's search box and waits until its results link to `href`. The box
   * shows the last search's results until its debounced search of the new text ends, so the results
   * are read until they are this search's, not once.
   */
  const searchFinds = async (page: Page, text: string, href: string): Promise<void> => {
    await page.locator('#local-search button').click();
    await page.locator('.VPLocalSearchBox input').fill(text);
    const results = page.locator('.VPLocalSearchBox .result');
    await expect
      .poll(() => results.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')), {
        timeout: 150_000,
      })
      .toContainEqual(expect.stringContaining(href));
    await page.keyboard.press('Escape');
  };

  it('finds an operation by words of its summary, and a guide by a phrase of its body', async () => {
    const page = await open('/');
    const listConversations = referenceOperations().find((op) => op.id === 'listConversations');
    await searchFinds(
      page,
      String(listConversations?.operation.summary),
      `${operationPath('listConversations')}.html`,
    );
    await searchFinds(page, 'the simplest correct client follows next', '/guides/pagination.html');
    await page.close();
  });

  /**
   * The console is Scalar's bundle over the whole document. In one CI run two of these tests reached
   * the suite's 180 s before any of their steps reached Playwright's 150 s, so the report named no
   * step (D86). With more than a few steps' worth, a step that hangs fails with its own name.
   */
  const CONSOLE_LIMITS = { timeout: 600_000 };

  const LIST_CONVERSATIONS = consoleSection('Conversations', 'GET', '/api/um/v3/conversations/');

  /** Opens listConversations' test request in the console and sends it; the server's answer. */
  const tryListConversations = async (page: Page) => {
    const section = page.locator(`[id="${LIST_CONVERSATIONS}"]`);
    await section
      .getByRole('button', { name: /test request/i })
      .first()
      .click();
    const sent = page.waitForResponse((r) => r.url().startsWith(`${server.url}/api/um/v3/conversations/`));
    await page.getByRole('button', { name: /^send/i }).first().click();
    return sent;
  };

  it(
    'tries listConversations in the console: the sandbox answers 200 and the page is shown, with no serious or critical accessibility violation before or after, light or dark; its HAR passes `contracts check-har`',
    CONSOLE_LIMITS,
    async () => {
      // Recorded as a team would record a session (Playwright's recordHar): `contracts check-har` below.
      const recording = await newContext({ recordHar: { path: TRY_IT_HAR, content: 'embed' } });
      const page = await open(`${CONSOLE_PATH}.html#${LIST_CONVERSATIONS}`, recording);
      await page.locator(`[id="${LIST_CONVERSATIONS}"]`).waitFor();
      const found = (await seriousViolations(page)).map((v) => `reference: ${v}`);
      const response = await tryListConversations(page);
      expect(response.status()).toBe(200);
      expect(response.request().headers().authorization).toBe(server.token);
      // Prefilled with the endpoint table's example (status=ended, limit=10), as the code samples send.
      expect(new URL(response.url()).searchParams.get('status')).toBe('ended');
      const body = (await response.json()) as { results: Array<{ id: number }> };
      expect(body.results.length).toBeGreaterThan(0);
      await page.getByText('"results"').first().waitFor();
      // Scalar's client shows the answer in a dialog of its own.
      found.push(...(await seriousViolations(page)).map((v) => `answer: ${v}`));
      // The site's dark theme, which the console follows (TryItConsole.vue), over the answer shown:
      // one console loaded for both themes. The client's dialog covers the switch, so the click is
      // dispatched to it; a reader reaches the same state by switching before sending.
      await page.locator('.VPNavBarAppearance button').dispatchEvent('click');
      await page.waitForFunction(() => document.querySelector('.dark-mode') !== null);
      found.push(...(await seriousViolations(page)).map((v) => `dark, answer: ${v}`));
      expect(found).toEqual([]);
      await recording.close();

      // The session's HAR is clean under `contracts check-har`; a drifted copy of it is not.
      const clean = await checkHar(TRY_IT_HAR);
      expect(clean.code, clean.output).toBe(0);
      const report = JSON.parse(clean.output) as { judged: number; findings: unknown[]; byOperation: object };
      expect(report.judged).toBeGreaterThan(0);
      expect(Object.keys(report.byOperation)).toContain('listConversations');
      expect(report.findings).toEqual([]);
      // The same capture with the page answered as 418, a status the document does not give it.
      const har = JSON.parse(await readFile(TRY_IT_HAR, 'utf8')) as {
        log: { entries: Array<{ request: { url: string }; response: { status: number } }> };
      };
      const entry = har.log.entries.find(
        (e) => new URL(e.request.url).pathname === '/api/um/v3/conversations/',
      );
      entry!.response.status = 418;
      const drifted = `${TRY_IT_HAR.replace(/\.har$/, '')}-drifted.har`;
      await writeFile(drifted, JSON.stringify(har));
      const caught = await checkHar(drifted);
      expect(caught.code, caught.output).toBe(1);
      // Its body, a page, is no error body either (D1): the status is what this test planted.
      expect(JSON.parse(caught.output).findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ operationId: 'listConversations', check: 'status_code_conformance' }),
        ]),
      );
    },
  );

  it(
    'lets the reader of a static copy (no sandbox.json) enter a base URL and a token',
    CONSOLE_LIMITS,
    async () => {
      const openStaticCopy = async (): Promise<Page> => {
        const page = await context.newPage();
        await page.route('**/docs/sandbox.json', (route) => route.fulfill({ status: 404, body: '' }));
        await page.goto(`${server.url}${BASE}/reference/console.html#${LIST_CONVERSATIONS}`);
        return page;
      };
      const first = await openStaticCopy();
      await first.getByLabel('Base URL').fill(server.url);
      await first.getByLabel('Token').fill(server.token);
      // The console keeps them in this browser and loads again with them.
      const reloaded = first.waitForEvent('load');
      await first.getByRole('button', { name: 'Use this server' }).click();
      await reloaded;
      expect(await first.getByLabel('Base URL').inputValue()).toBe(server.url);
      await first.close();
      // A page opened later starts with them too, and the request is sent there: on a loaded machine
      // the reloaded page once showed no operation for 150 s (D77), a race not pinned down.
      const page = await openStaticCopy();
      expect(await page.getByLabel('Base URL').inputValue()).toBe(server.url);
      const response = await tryListConversations(page);
      expect(response.status()).toBe(200);
      expect(response.request().headers().authorization).toBe(server.token);
      await page.close();
    },
  );

  it('"Reset sandbox" brings a PATCHed record back', CONSOLE_LIMITS, async () => {
    const headers = { Authorization: server.token, 'Content-Type': 'application/json' };
    const list = (await (
      await fetch(`${server.url}/api/um/v3/conversations/?limit=1`, { headers })
    ).json()) as {
      results: Array<{ id: number; topics: unknown }>;
    };
    const record = list.results[0]!;
    const url = `${server.url}/api/um/v3/conversations/${record.id}/`;
    const patched = await fetch(url, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ topics: ['Reset me'] }),
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { topics: unknown }).topics).not.toEqual(record.topics);
    const page = await open('/reference/console.html');
    await page.getByRole('button', { name: 'Reset sandbox' }).click();
    await page.getByText('Sandbox reset').waitFor();
    const after = (await (await fetch(url, { headers })).json()) as { topics: unknown };
    expect(after.topics).toEqual(record.topics);
    await page.close();
  });

  it('toggles between the dark and the light theme', async () => {
    const page = await open('/guides/pagination.html');
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await dark();
    await page.locator('.VPNavBarAppearance button').click();
    expect(await dark()).toBe(!before);
    await page.locator('.VPNavBarAppearance button').click();
    expect(await dark()).toBe(before);
    await page.close();
  });

  it('resolves every link between pages and every operation permalink, opened directly', async () => {
    const pending = ['/docs/', ...endpointList().map(([id]) => `${BASE}${operationPath(id)}.html`)];
    const seen = new Set<string>();
    const broken: string[] = [];
    while (pending.length > 0) {
      const path = pending.pop()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await fetch(`${server.url}${path}`);
      if (response.status !== 200 || (!path.endsWith('.html') && !path.endsWith('/'))) {
        if (response.status !== 200) broken.push(`${path}: ${response.status}`);
        // Read to the end: an unread body (the OpenAPI document) would hold its connection open,
        // and the server's graceful stop would wait for it.
        await response.arrayBuffer();
        continue;
      }
      const html = await response.text();
      for (const [, href = ''] of html.matchAll(/<a [^>]*href="([^"#?]+)[^"]*"/g)) {
        if (!href.startsWith(`${BASE}/`)) continue;
        pending.push(href);
      }
    }
    expect(broken).toEqual([]);
    expect(seen.size).toBeGreaterThan(GUIDES.length + endpointList().length);
    // A permalink opened in a new tab shows its operation.
    const page = await open(`${operationPath('getConversation')}.html`);
    expect(await page.locator('h1').first().innerText()).toContain('conversation');
    await page.close();
  });

  /**
   * axe-core's serious and critical findings on each page in turn, in one tab of a context of its
   * own (the theme, the width). The first page is loaded; each next one is reached as a reader
   * following a link reaches it, through VitePress's router, which swaps the page in place: axe-core
   * is loaded once, not parsed again for every page (this more than halves the sweep's time).
   */
  const sweep = async (paths: readonly string[], options: BrowserContextOptions): Promise<string[]> => {
    const swept = await newContext(options);
    const page = await swept.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    const found: string[] = [];
    let shown: string | undefined;
    for (const path of paths) {
      // The router has swapped the page when the document shows the new page's title.
      const title = await builtPageTitle(path);
      if (shown === undefined || shown === title) {
        const response = await page.goto(`${server.url}${BASE}${path}`);
        expect(response?.status(), path).toBe(200);
      } else {
        await page.evaluate(function followLink(href) {
          const link = document.createElement('a');
          link.href = href;
          document.body.append(link);
          link.click();
          link.remove();
        }, `${BASE}${path}`);
        await page.waitForFunction((expected) => document.title === expected, title);
      }
      shown = title;
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    await swept.close();
    return found;
  };

  it('has no serious or critical accessibility violation on every hand-written page and on the pages that exercise each generated kind', async () => {
    const pages = sweepPages(await accessibilitySweepPages());
    expect(await sweep(pages, { viewport: { width: 1400, height: 900 } })).toEqual([]);
  });

  it('has no serious or critical accessibility violation in the dark theme on a page of each kind that has colours of its own', async () => {
    // The home page's buttons, a guide's code blocks, an operation's badge, code group and tables,
    // and a workflow's tables; the other pages are prose in the same theme.
    const { samples } = await accessibilitySweepPages();
    const pages = ['/index.html', '/guides/getting-started.html', samples.bodyAndLinks, samples.workflow];
    expect(await sweep(pages, { colorScheme: 'dark' })).toEqual([]);
  });

  it('fits the parameters and links tables of every operation page in its column at 1400x900, each entry on at most three lines', async () => {
    const doc = referenceDocument();
    const operations = referenceOperations(doc);
    const wide = await newContext({ viewport: { width: 1400, height: 900 } });
    const page = await open(`${operationPath(operations[0]!.id)}.html`, wide);
    // Three: a link's summary or runtime expression takes two, and a description squeezed into a
    // column of its own made rows of five and more.
    const measured = await page.evaluate(measureStackedTables, {
      paths: operations.map((op) => `${BASE}${operationPath(op.id)}.html`),
      maxLines: 3,
    });
    await wide.close();
    expect(measured.misfits).toEqual([]);
    // Every table was there to measure: one of parameters per operation that has any, one of links
    // per answer that has them.
    const expected = operations.reduce(
      (sum, op) =>
        sum +
        (((op.operation.parameters ?? []) as unknown[]).length > 0 ? 1 : 0) +
        answersWithLinks(doc, op.operation).length,
      0,
    );
    expect(measured.tables).toBe(expected);
    expect(measured.tallestRow).toBeGreaterThan(0.5);
  });

  it('made no request to another machine and threw no page error', () => {
    expect([...new Set(external)]).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
