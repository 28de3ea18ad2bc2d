import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDocsDir, registerDocs } from './docs.js';

const REPO_DOCS_DIST = fileURLToPath(new URL('../../../../docs/dist', import.meta.url));

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A tiny docs site laid out like the built one (index.html, guides/, decisions/): serving is tested
 * against it, so this test needs no `pnpm run docs` first. What the real site contains (every
 * operation in Redoc's menu) is the docs package's own test (docs/test/reference-browser.test.ts).
 */
const FIXTURE_INDEX = '<!doctype html><title>API reference</title><redoc></redoc>';
const fixtureSite = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'um-docs-site-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'guides'));
  mkdirSync(join(dir, 'decisions', 'api'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), FIXTURE_INDEX);
  writeFileSync(join(dir, 'guides', 'pagination.md'), '# Pagination\n');
  writeFileSync(join(dir, 'decisions', 'api', '0006-offset-pages.md'), '# D6. Offset pages\n');
  return dir;
};

const appWith = async (docsDir?: string) => {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  registerDocs(app, { docsDir });
  await app.ready();
  apps.push(app);
  return app;
};

describe('GET /docs/', () => {
  it('finds the repository docs/dist from the sources as from the bundle', () => {
    expect(defaultDocsDir()).toBe(REPO_DOCS_DIST);
    const bundled = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
    expect(defaultDocsDir(bundled)).toBe(REPO_DOCS_DIST);
  });

  it('serves the reference of a docs site, and redirects /docs to /docs/', async () => {
    const app = await appWith(fixtureSite());
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toBe(FIXTURE_INDEX);
    expect((await app.inject({ url: '/docs' })).headers.location).toBe('/docs/');
  });

  it('answers 503 with how to build the reference when it is not built, never a placeholder', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'um-docs-'));
    dirs.push(empty);
    const app = await appWith(empty);
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('the API reference is not built');
    expect(page.body).toContain('pnpm@10.34.9 run docs');
    expect(page.body).toContain(join(empty, 'index.html'));
    expect((await app.inject({ url: '/docs/guides/pagination.md' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/openapi.json' })).statusCode).toBe(200);
  });

  it('serves the guides and decisions beside the reference and nothing outside the docs directory', async () => {
    const app = await appWith(fixtureSite());
    const guide = await app.inject({ url: '/docs/guides/pagination.md' });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toMatch(/text\/markdown/);
    expect(guide.body).toBe('# Pagination\n');
    const decision = await app.inject({ url: '/docs/decisions/api/0006-offset-pages.md' });
    expect(decision.statusCode).toBe(200);
    expect((await app.inject({ url: '/docs/guides/missing.md' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/docs/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
