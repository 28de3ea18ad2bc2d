import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { endpointList } from '@org/model';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../scripts/lib/guides.js';
import { consoleSection, operationPath } from '../scripts/lib/site/links.js';
import { referenceOperations } from '../scripts/lib/site/reference-model.js';
import { isLocalUrl, launchChromium } from './support/chromium.js';
import { type DocsServer, startDocsServer } from './support/docs-server.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BASE = '/docs';

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: unknown[];
}

/** One server (the sandbox serving docs/dist) and one browser for the whole file. */
describe('the docs site in Chromium, served by the reference server', () => {
  let server: DocsServer;
  let browser: Browser;
  let context: BrowserContext;
  const external: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startDocsServer(), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Playwright's 30 s default for an action or a page load is too short for the console's bundle on
    // a machine the whole test command shares; every wait ends on its event, so this costs nothing
    // when the page is quick, and the vitest limit (180 s a test) still bounds a hang.
    context.setDefaultTimeout(150_000);
    // Anything that would leave the machine is recorded and aborted: the site must work offline.
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (isLocalUrl(url)) return route.continue();
      external.push(url);
      return route.abort('blockedbyclient');
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (path: string): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
    const response = await page.goto(`${server.url}${BASE}${path}`);
    expect(response?.status(), path).toBe(200);
    return page;
  };

  const seriousViolations = async (page: Page): Promise<string[]> => {
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = (await page.evaluate(() =>
      (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe
        .run()
        .then((r) => r.violations),
    )) as AxeViolation[];
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
  };

  const search = async (page: Page, text: string): Promise<string[]> => {
    await page.locator('#local-search button').click();
    const input = page.locator('.VPLocalSearchBox input');
    await input.fill(text);
    await page.locator('.VPLocalSearchBox .result').first().waitFor();
    return page
      .locator('.VPLocalSearchBox .result')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  };

  it('finds an operation by words of its summary, and a guide by a phrase of its body', async () => {
    const page = await open('/');
    const listConversations = referenceOperations().find((op) => op.id === 'listConversations');
    const hits = await search(page, String(listConversations?.operation.summary));
    expect(hits.some((href) => href.includes(`${operationPath('listConversations')}.html`))).toBe(true);
    await page.keyboard.press('Escape');
    const guideHits = await search(page, 'the simplest correct client follows next');
    expect(guideHits.some((href) => href.includes('/guides/pagination.html'))).toBe(true);
    await page.close();
  });

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

  it('tries listConversations in the console: the sandbox answers 200 and the page is shown', async () => {
    const page = await open(`/reference/console.html#${LIST_CONVERSATIONS}`);
    const response = await tryListConversations(page);
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(server.token);
    // Prefilled with the endpoint table's example (status=ended, limit=10), as the code samples send.
    expect(new URL(response.url()).searchParams.get('status')).toBe('ended');
    const body = (await response.json()) as { results: Array<{ id: number }> };
    expect(body.results.length).toBeGreaterThan(0);
    await page.getByText('"results"').first().waitFor();
    await page.close();
  });

  it('lets the reader of a static copy (no sandbox.json) enter a base URL and a token', async () => {
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
  });

  it('"Reset sandbox" brings a PATCHed record back', async () => {
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

  it('has no serious or critical accessibility violation on the home page, a guide and an operation', async () => {
    const found: Record<string, string[]> = {};
    for (const path of ['/', '/guides/pagination.html', `${operationPath('listConversations')}.html`]) {
      const page = await open(path);
      found[path] = await seriousViolations(page);
      await page.close();
    }
    expect(found).toEqual({
      '/': [],
      '/guides/pagination.html': [],
      [`${operationPath('listConversations')}.html`]: [],
    });
  });

  it('made no request to another machine and threw no page error', () => {
    expect([...new Set(external)]).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
