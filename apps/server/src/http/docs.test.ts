import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointList } from '@org/model';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type DocsOptions, defaultDocsDir, registerDocs } from './docs.js';

/** The docs site the package's build copies in (and an installed server serves). */
const SHIPPED_DOCS = fileURLToPath(new URL('../../dist/docs', import.meta.url));

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A tiny docs site laid out like the built one (index.html, guides/, decisions/): serving is tested
 * against it, so these tests need no docs site built first.
 */
const FIXTURE_INDEX = '<!doctype html><title>API docs</title><div id="app"></div>';
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

const appWith = async (docsDir?: string, options: Omit<DocsOptions, 'docsDir'> = {}) => {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  registerDocs(app, { docsDir, ...options });
  await app.ready();
  apps.push(app);
  return app;
};

/** Operations of the model's endpoint table without a page in the shipped site (their permalinks). */
const missingOperations = () =>
  endpointList()
    .map(([id]) => `reference/operations/${id}.html`)
    .filter((path) => !existsSync(join(SHIPPED_DOCS, path)));

describe('GET /docs/', () => {
  it('serves the docs site shipped in the package (dist/docs), from the sources as from the bundle; DOCS_DIR wins', () => {
    expect(defaultDocsDir()).toBe(SHIPPED_DOCS);
    const bundled = fileURLToPath(new URL('../../dist/chunk-ABCDEF.js', import.meta.url));
    expect(defaultDocsDir(bundled)).toBe(SHIPPED_DOCS);
    // Outside any repository (an installed package): still beside the bundle.
    expect(defaultDocsDir('/srv/app/node_modules/@org/reference-server/dist/cli.js')).toBe(
      '/srv/app/node_modules/@org/reference-server/dist/docs',
    );
    process.env.DOCS_DIR = 'elsewhere/docs';
    try {
      expect(defaultDocsDir()).toBe(join(process.cwd(), 'elsewhere', 'docs'));
    } finally {
      delete process.env.DOCS_DIR;
    }
  });

  it('serves the reference of a docs site, and redirects /docs to /docs/', async () => {
    const app = await appWith(fixtureSite());
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toBe(FIXTURE_INDEX);
    expect((await app.inject({ url: '/docs' })).headers.location).toBe('/docs/');
  });

  it('answers 503 with how to build the reference when it is not built, never a placeholder nor a path of the machine', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'um-docs-'));
    dirs.push(empty);
    const app = await appWith(empty);
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('the API reference is not built');
    expect(page.body).toContain('pnpm@10.34.9 build');
    expect(page.body).not.toContain(tmpdir());
    expect(page.body).not.toContain(empty);
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

describe("GET /docs/sandbox.json (the try-it console's settings)", () => {
  it('gives the demo token to the console of a sandbox, and nothing without the sandbox', async () => {
    const demoTokens = { organization: 'demo-org-token', customer: 'demo-customer-token' };
    const sandboxed = await appWith(fixtureSite(), { tryTokens: () => demoTokens });
    const settings = await sandboxed.inject({ url: '/docs/sandbox.json' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ token: 'demo-org-token', tokens: demoTokens });
    expect(settings.headers['cache-control']).toBe('no-store');
    const plain = await appWith(fixtureSite());
    expect((await plain.inject({ url: '/docs/sandbox.json' })).statusCode).toBe(404);
  });
});

describe('the docs site the package ships (dist/docs, from `pnpm build`)', () => {
  it('names every operation of the endpoint table and holds the guides and decisions', async () => {
    // The package's own build output: its build (a dependency of this test task) builds the docs site
    // and copies it in, so a fresh clone needs only `pnpm build`, never a docs/dist of its own.
    expect(existsSync(join(SHIPPED_DOCS, 'index.html')), 'run `npx -y pnpm@10.34.9 build` first').toBe(true);
    const app = await appWith();
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body.includes('VitePress')).toBe(true);
    expect(missingOperations()).toEqual([]);
    expect((await app.inject({ url: '/docs/guides/pagination.html' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/docs/decisions/README.html' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/docs/reference/console.html' })).statusCode).toBe(200);
  });
});
