import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointList } from '@org/model';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDocsDir, registerDocs } from './docs.js';

/** The docs site the package's build copies in (and an installed server serves). */
const SHIPPED_DOCS = fileURLToPath(new URL('../../dist/docs', import.meta.url));

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const appWith = async (docsDir?: string) => {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  registerDocs(app, { docsDir });
  await app.ready();
  apps.push(app);
  return app;
};

/** Operations of the model's endpoint table the page does not name (Redoc embeds the document). */
const missingOperations = (html: string) =>
  endpointList()
    .map(([id]) => id)
    .filter((id) => !html.includes(`"operationId":"${id}"`));

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

  it('serves the built Redoc reference, naming every operation of the endpoint table (built by `pnpm run docs` and copied in by the build, a dependency of this test task)', async () => {
    const app = await appWith();
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Booleans and short lists: a failure must not print the whole 2.5 MB page.
    expect(page.body.includes('redoc')).toBe(true);
    expect(missingOperations(page.body)).toEqual([]);
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

  it('serves the guides beside the reference and nothing outside the docs directory', async () => {
    const app = await appWith();
    const guide = await app.inject({ url: '/docs/guides/pagination.md' });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toMatch(/text\/markdown/);
    expect((await app.inject({ url: '/docs/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
