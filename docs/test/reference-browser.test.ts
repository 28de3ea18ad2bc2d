import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../scripts/lib/guides.js';
import { OPENAPI_JSON, TEST_RESULTS_DIR } from '../scripts/lib/paths.js';
import { buildReference } from '../scripts/lib/reference/build-reference.js';
import { isLocalUrl, launchChromium } from './support/chromium.js';
import { type DocumentedOperation, documentedOperations, slugKey } from './support/operations.js';

const MENU = '[data-component-name="Menu/Menu"]';

interface MenuEntry {
  readonly href: string;
  readonly text: string;
}

/**
 * Redoc's sidebar shows one tag's operations at a time. Opening each tag in turn and reading its
 * operation links gives every operation the page offers, with the text a reader sees.
 */
const readMenuOperations = async (page: Page): Promise<MenuEntry[]> => {
  const tagHrefs = await page.$$eval(`${MENU} a[href^="/"]`, (links) =>
    [...new Set(links.map((a) => a.getAttribute('href') ?? ''))].filter((href) => href !== '/'),
  );
  const entries = new Map<string, MenuEntry>();
  for (const href of tagHrefs) {
    await page.locator(`${MENU} a[href="${href}"]`).first().click();
    await page.locator(`${MENU} a[href^="#${href}/"]`).first().waitFor();
    const links = await page.$$eval(`${MENU} a[href^="#${href}/"]`, (as) =>
      as.map((a) => ({
        href: a.getAttribute('href') ?? '',
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees.
        text: (a as HTMLElement).innerText,
      })),
    );
    for (const link of links) entries.set(link.href, link);
  }
  return [...entries.values()];
};

const missingFromMenu = (operations: DocumentedOperation[], menu: MenuEntry[]): string[] =>
  operations
    .filter((op) => {
      const entry = menu.find((e) => slugKey(e.href.split('/').at(-1) ?? '') === slugKey(op.operationId));
      return !entry || (op.summary !== undefined && !entry.text.includes(op.summary));
    })
    .map((op) => `${op.label} (${op.operationId}: ${op.summary ?? 'no summary'})`);

describe('the built API reference in Chromium', () => {
  let browser: Browser | undefined;
  let outDir: string;
  let indexFile: string;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'docs-reference-'));
    indexFile = await buildReference({ openapiPath: OPENAPI_JSON, outDir });
  });

  afterAll(async () => {
    await browser?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  it('renders every operation of docs/openapi.json without any request leaving the machine', async () => {
    const doc = JSON.parse(await readFile(OPENAPI_JSON, 'utf8'));
    const operations = documentedOperations(doc);
    expect(operations.length).toBeGreaterThan(0);

    // Launched inside the test, so a missing Chromium fails this test rather than skipping it.
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const external: string[] = [];
    // Every request passes through here: local ones continue, anything else is recorded and aborted.
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (isLocalUrl(url)) return route.continue();
      external.push(url);
      return route.abort('blockedbyclient');
    });
    context.on('request', (request) => {
      if (!isLocalUrl(request.url())) external.push(request.url());
    });
    const page = await context.newPage();
    page.on('websocket', (socket) => {
      if (!isLocalUrl(socket.url())) external.push(socket.url());
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(pathToFileURL(indexFile).href, { waitUntil: 'load' });
    // Redoc hydrates the prerendered HTML; clicks only work once React owns the container.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('redoc') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    const navLinks = await page.$$eval('nav.guides-nav a', (as) => as.map((a) => a.getAttribute('href')));
    expect(navLinks).toEqual(expect.arrayContaining(GUIDES.map((g) => `guides/${g.file}`)));

    const menu = await readMenuOperations(page);
    // The screenshot shows the first tag opened: its operations in the sidebar and its section.
    const firstTag = page.locator(`${MENU} a[href^="/"]:not([href="/"])`).first();
    const firstTagHref = await firstTag.getAttribute('href');
    await firstTag.click();
    await page.locator(`${MENU} a[href^="#${firstTagHref}/"]`).first().waitFor();
    // Sidebar groups open and close with CSS transitions: wait until none is running.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await mkdir(TEST_RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: join(TEST_RESULTS_DIR, 'reference.png') });
    expect(missingFromMenu(operations, menu)).toEqual([]);
    expect(menu.length).toBeGreaterThanOrEqual(operations.length);
    expect(pageErrors).toEqual([]);
    expect([...new Set(external)]).toEqual([]);
    await context.close();
  });
});
