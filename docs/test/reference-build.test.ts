import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReference } from '../scripts/lib/reference/build-reference.js';
import { findExternalResourceReferences, makeOffline } from '../scripts/lib/reference/offline.js';
import { FIXTURE_OPENAPI } from './support/fixture.js';
import { brokenLinks } from './support/markdown-links.js';

describe('the reference build', () => {
  let outDir: string;
  let html: string;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'docs-build-'));
    html = await readFile(await buildReference({ openapiPath: FIXTURE_OPENAPI, outDir }), 'utf8');
  });

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('embeds the Redoc bundle instead of loading it from a CDN', () => {
    // Booleans, not toMatch: a failure would otherwise print the whole 2.5 MB page.
    expect(/<script[^>]+src=/.test(html)).toBe(false);
    expect(/<link[^>]+modulepreload/.test(html)).toBe(false);
    expect(findExternalResourceReferences(html)).toEqual([]);
  });

  it('renders with Redoc telemetry off', () => {
    expect(html.includes('"disableTelemetry":true')).toBe(true);
  });

  it('links every guide from the navigation bar to a file that exists beside the page', async () => {
    const hrefs = [...html.matchAll(/<nav class="guides-nav"[\s\S]*?<\/nav>/g)]
      .flatMap((m) => [...m[0].matchAll(/href="([^"]+)"/g)])
      .map((m) => decodeURI(m[1] ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    const missing: string[] = [];
    for (const href of hrefs) {
      await access(join(outDir, href)).catch(() => missing.push(href));
    }
    expect(missing).toEqual([]);
  });

  it('copies the guides so that their links resolve beside the page as well', async () => {
    expect(await brokenLinks(outDir)).toEqual([]);
  });
});

describe('findExternalResourceReferences', () => {
  it('finds what a browser would load from another machine', () => {
    const page = [
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">',
      '<script src="//cdn.example.net/x.js"></script>',
      '<style>@import url("https://example.org/a.css"); .x { background: url(https://example.org/b.png) }</style>',
      '<img src="https://example.org/c.png">',
    ].join('\n');
    expect(findExternalResourceReferences(page)).toEqual([
      '//cdn.example.net/x.js',
      'fonts.googleapis.com',
      'https://example.org/a.css',
      'https://example.org/b.png',
      'https://example.org/c.png',
      'https://fonts.googleapis.com/css?family=Roboto',
    ]);
  });

  it('allows plain links, loopback and inline data', () => {
    const page = [
      '<a href="https://redocly.com/redoc/">API docs by Redoc</a>',
      '<img src="http://localhost:3000/logo.svg"><img src="http://127.0.0.1:9/x.png">',
      '<div style="background: url(data:image/svg+xml,abc)"></div>',
    ].join('\n');
    expect(findExternalResourceReferences(page)).toEqual([]);
  });

  it('rewrites the CDN assets the Redoc bundle names', () => {
    const bundle = [
      'src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:`https://cdn.redoc.ly/redoc/logo-mini.svg`',
      '{"font-awesome":`https://cdn.redocly.com/icons/fa/7.0.0`,code:`https://cdn.redocly.com/icons/code/5.24.0`}',
      'lce=`https://otel.cloud.redocly.com/v1/traces`',
    ].join('\n');
    expect(findExternalResourceReferences(makeOffline(bundle))).toEqual([]);
  });
});
