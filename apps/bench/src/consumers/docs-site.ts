import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import type { Log } from '../common/log.js';
import { REPO_ROOT } from '../common/paths.js';
import { SERVER_BIN } from '../starts/server-bin.js';

/** Issue 27's ceilings and goal for the docs site. */
const SITE_CEILING_MB = 15;
const BUILD_CEILING_S = 60;
const FIRST_PAGE_GOAL_MS = 1000;

const DIST = path.join(REPO_ROOT, 'docs', 'dist');

const sizeOf = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(path.join(entry.parentPath, entry.name)).size, 0);

/** The sandbox serving docs/dist, as the docs browser test starts it; its URL once it listens. */
const startServer = async () => {
  const child = spawn(
    process.execPath,
    [SERVER_BIN, '--sandbox', '--memory', '--size', 'tiny', '--port', '0', '--json'],
    { env: { ...process.env, DOCS_DIR: DIST }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once('line', resolve),
  );
  return { url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill('SIGTERM') };
};

/** Time from navigation to the home page's first contentful paint, in a fresh browser page. */
const firstPageMs = async (url: string): Promise<number> => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/docs/`, { waitUntil: 'load' });
    await page.locator('.VPHero').first().waitFor();
    return await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now(),
    );
  } finally {
    await browser.close();
  }
};

/** Builds the docs site (timed), weighs it, and times its first page from the local server. */
export async function docsSiteReport(log: Log): Promise<string> {
  log('docs site: pnpm run docs');
  const started = performance.now();
  const build = spawnSync('npx', ['-y', 'pnpm@10.34.9', '--filter', '@org/docs', 'run', 'docs'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  const buildS = (performance.now() - started) / 1000;
  if (build.status !== 0) return `Docs site: the build failed (exit ${build.status}).\n`;
  const sizeMb = sizeOf(DIST) / 1024 / 1024;
  const server = await startServer();
  try {
    const firstMs = await firstPageMs(server.url);
    const row = (what: string, figure: string, limit: string, met: boolean) =>
      `| ${what} | ${figure} | ${limit} | ${met ? 'met' : 'MISSED'} |`;
    return [
      '',
      '## Docs site (issue 27)',
      '',
      '| What | Figure | Ceiling / goal | |',
      '| --- | --- | --- | --- |',
      row('Built site', `${sizeMb.toFixed(1)} MB`, `${SITE_CEILING_MB} MB`, sizeMb <= SITE_CEILING_MB),
      row(
        'Build (pnpm run docs)',
        `${buildS.toFixed(1)} s`,
        `${BUILD_CEILING_S} s`,
        buildS <= BUILD_CEILING_S,
      ),
      row(
        'First page, first contentful paint',
        `${Math.round(firstMs)} ms`,
        `${FIRST_PAGE_GOAL_MS} ms`,
        firstMs <= FIRST_PAGE_GOAL_MS,
      ),
      '',
    ].join('\n');
  } finally {
    server.stop();
  }
}
