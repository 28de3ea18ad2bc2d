import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpointList } from '@org/model';
import { describe, expect, it } from 'vitest';
import { readDecisions } from '../scripts/lib/decisions/read-decisions.js';
import { GUIDES } from '../scripts/lib/guides.js';
import { DECISIONS_DIR, DIST_DIR, RELEASES_DIR } from '../scripts/lib/paths.js';
import { findExternalResourceReferences } from '../scripts/lib/site/offline.js';
import { referenceDocument, schemaNames } from '../scripts/lib/site/reference-model.js';

const page = (path: string) => readFile(join(DIST_DIR, path), 'utf8');

// The site is built by the `docs` task (`pnpm run docs`), which this package's test task runs first.
describe('the docs site in docs/dist', () => {
  it('is built', () => {
    expect(existsSync(join(DIST_DIR, 'index.html')), 'run `npx -y pnpm@10.34.9 run docs` first').toBe(true);
  });

  it('has a page for every guide, decision and release note', async () => {
    const missing: string[] = [];
    const pages = [
      ...GUIDES.map((g) => `guides/${g.file}`),
      ...(await readDecisions(DECISIONS_DIR)).map((d) => `decisions/${d.path}`),
      ...(await readdir(RELEASES_DIR)).filter((f) => f.endsWith('.md')).map((f) => `releases/${f}`),
    ].map((md) => md.replace(/\.md$/, '.html'));
    for (const path of pages) if (!existsSync(join(DIST_DIR, path))) missing.push(path);
    expect(missing).toEqual([]);
  });

  it('has a permalink page for every operation of the endpoint table and a section for every schema', async () => {
    const missing = endpointList()
      .map(([id]) => `reference/operations/${id}.html`)
      .filter((path) => !existsSync(join(DIST_DIR, path)));
    expect(missing).toEqual([]);
    const schemas = await page('reference/schemas.html');
    expect(schemaNames(referenceDocument()).filter((name) => !schemas.includes(`id="${name}"`))).toEqual([]);
  });

  it('shows the samples of an operation: curl, fetch and @org/client', async () => {
    const html = await page('reference/operations/updateConversation.html');
    for (const tab of ['curl', 'fetch', '@org/client']) expect(html.includes(`>${tab}</label>`)).toBe(true);
    expect(html.includes('createClient')).toBe(true);
  });

  it('ships the console, its Scalar bundle and the document, and loads nothing from another machine', async () => {
    expect(existsSync(join(DIST_DIR, 'reference', 'console.html'))).toBe(true);
    expect(existsSync(join(DIST_DIR, 'scalar', 'standalone.js'))).toBe(true);
    expect(JSON.parse(await page('openapi.json'))).toEqual(referenceDocument());
    const found: string[] = [];
    for (const file of (await readdir(DIST_DIR, { recursive: true })).filter((f) => f.endsWith('.html')))
      for (const url of findExternalResourceReferences(await page(file))) found.push(`${file}: ${url}`);
    expect(found).toEqual([]);
  });
});

describe('findExternalResourceReferences', () => {
  it('finds what a browser would load from another machine', () => {
    const html = [
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">',
      '<script src="//cdn.example.net/x.js"></script>',
      '<style>@import url("https://example.org/a.css"); .x { background: url(https://example.org/b.png) }</style>',
      '<img src="https://example.org/c.png">',
    ].join('\n');
    expect(findExternalResourceReferences(html)).toEqual([
      '//cdn.example.net/x.js',
      'fonts.googleapis.com',
      'https://example.org/a.css',
      'https://example.org/b.png',
      'https://example.org/c.png',
      'https://fonts.googleapis.com/css?family=Roboto',
    ]);
  });

  it('allows plain links, loopback and inline data', () => {
    const html = [
      '<a href="https://vitepress.dev/">VitePress</a>',
      '<img src="http://localhost:3000/logo.svg"><img src="http://127.0.0.1:9/x.png">',
      '<div style="background: url(data:image/svg+xml,abc)"></div>',
    ].join('\n');
    expect(findExternalResourceReferences(html)).toEqual([]);
  });
});
