import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpointList } from '@org/model';
import { describe, expect, it } from 'vitest';
import type { Json } from '../scripts/lib/breaking/types.js';
import { readDecisions } from '../scripts/lib/decisions/read-decisions.js';
import { GUIDES } from '../scripts/lib/guides.js';
import { DECISIONS_DIR, DIST_DIR, RELEASES_DIR } from '../scripts/lib/paths.js';
import { operationPath, REFERENCE_PATH, siteHref, workflowPath } from '../scripts/lib/site/links.js';
import { htmlText } from '../scripts/lib/site/markdown-text.js';
import { findExternalResourceReferences } from '../scripts/lib/site/offline.js';
import { referenceDocument, referenceOperations, schemaNames } from '../scripts/lib/site/reference-model.js';
import { megabytes, SITE_CEILING_BYTES, siteSize } from '../scripts/lib/site/site-size.js';
import { readWorkflowFiles } from '../scripts/lib/site/workflow-files.js';
import { answersWithLinks } from './support/site-pages.js';

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

  it("lists in a decision page's sidebar its own ten's decisions, and the first of each other ten", async () => {
    const ofKind = (await readDecisions(DECISIONS_DIR)).filter((d) => d.kind === 'engineering');
    const last = ofKind[ofKind.length - 1]!;
    const ten = (n: number) => Math.floor(n / 10);
    const sidebar = (await page(`decisions/${last.path.replace(/\.md$/, '.html')}`)).split('</aside>')[0]!;
    const linked = (path: string) =>
      sidebar.includes(`href="${siteHref(`/decisions/${path.replace(/\.md$/, '')}`)}`);
    const firstOfTen = new Map<number, string>();
    for (const d of ofKind) if (!firstOfTen.has(ten(d.number))) firstOfTen.set(ten(d.number), d.path);
    const wrong = ofKind.filter(
      (d) =>
        linked(d.path) !== (ten(d.number) === ten(last.number) || firstOfTen.get(ten(d.number)) === d.path),
    );
    expect(wrong.map((d) => d.id)).toEqual([]);
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

  /**
   * The HTML of a page's section: from its heading (`h2` or `h3`) to the next heading of its level or
   * above. Without <wbr>s (a name is breakable where it is long), and quotes as they are written.
   */
  const sectionOf = (html: string, id: string, level: 2 | 3 = 2): string => {
    const start = html.search(new RegExp(`<h${level} id="${id}"`));
    if (start < 0) return '';
    const next = html.slice(start + 1).search(level === 2 ? /<h2 / : /<h[23] /);
    return html
      .slice(start, next < 0 ? undefined : start + 1 + next)
      .replace(/<wbr>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"');
  };

  it("shows every OpenAPI link of an operation's answers on its page: name, operation page and each value it sets", async () => {
    const doc = referenceDocument();
    const missing: string[] = [];
    let links = 0;
    for (const op of referenceOperations(doc)) {
      const section = sectionOf(await page(`${operationPath(op.id).slice(1)}.html`), 'links');
      const answers = answersWithLinks(doc, op.operation);
      if (answers.length === 0 && section) missing.push(`${op.id}: a Links section without links`);
      for (const answer of answers)
        for (const [name, link] of Object.entries(answer.links as Record<string, Json>)) {
          links++;
          const settings = { ...(link.parameters as object), ...(link.requestBody as object) };
          const shown = [
            `<code>${name}</code>`,
            `href="${siteHref(operationPath(String(link.operationId)))}"`,
            ...Object.entries(settings).flatMap(([field, value]) => [
              `<code>${field}</code>`,
              `<code>${value}</code>`,
            ]),
          ];
          for (const text of shown) if (!section.includes(text)) missing.push(`${op.id} → ${name}: ${text}`);
        }
      // One row group per link.
      const rows = section.match(/<tbody>/g)?.length ?? 0;
      const expected = answers.reduce((sum, answer) => sum + Object.keys(answer.links as object).length, 0);
      if (rows !== expected) missing.push(`${op.id}: ${rows} links shown, ${expected} in the document`);
    }
    expect(missing).toEqual([]);
    expect(links).toBeGreaterThan(0);
  });

  it('has a page for every workflow of docs/workflows, listed in the reference sidebar, naming each step, its operation and criteria', async () => {
    const workflows = await readWorkflowFiles();
    expect(workflows.length).toBeGreaterThanOrEqual(5);
    const sidebar = await page(REFERENCE_PATH.slice(1) + 'index.html');
    const missing: string[] = [];
    for (const file of workflows) {
      const path = `${workflowPath(file.name).slice(1)}.html`;
      if (!existsSync(join(DIST_DIR, path))) {
        missing.push(`${file.file}: no page ${path}`);
        continue;
      }
      const html = await page(path);
      if (!sidebar.includes(`href="${siteHref(workflowPath(file.name))}"`))
        missing.push(`${file.file}: not in the sidebar`);
      for (const text of [file.document.info.title, file.file])
        if (!html.includes(text)) missing.push(`${file.file}: ${text}`);
      for (const workflow of file.document.workflows) {
        const inputs = Object.keys(workflow.inputs?.properties ?? {});
        const section = sectionOf(html, workflow.workflowId);
        for (const input of inputs)
          if (!section.includes(`<code>${input}</code>`))
            missing.push(`${workflow.workflowId}: input ${input}`);
        // Each step in its own section: what it calls, sends, checks and keeps.
        for (const step of workflow.steps) {
          const shown = sectionOf(html, `${workflow.workflowId}-${step.stepId}`, 3);
          const expected = [
            `<code>${step.stepId}</code>`,
            ...(step.operationId ? [`href="${siteHref(operationPath(step.operationId))}"`] : []),
            ...(step.parameters ?? []).map((p) => `<code>${p.name}</code>`),
            ...(step.successCriteria ?? []).map((c) => htmlText(c.condition)),
            ...Object.keys(step.outputs ?? {}).map((output) => `<code>${output}</code>`),
          ];
          for (const text of expected)
            if (!shown.includes(text)) missing.push(`${workflow.workflowId} step ${step.stepId}: ${text}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('weighs at most its ceiling of 15 MB', async () => {
    const size = await siteSize(DIST_DIR);
    expect(size, `docs/dist weighs ${megabytes(size)}`).toBeLessThanOrEqual(SITE_CEILING_BYTES);
  });

  it('ships the console, its Scalar bundle (without a source-map reference) and the document, and loads nothing from another machine', async () => {
    expect(existsSync(join(DIST_DIR, 'reference', 'console.html'))).toBe(true);
    expect(await page('scalar/standalone.js')).not.toMatch(/sourceMappingURL/);
    // The console builds its document from openapi.json and these examples: no second copy.
    expect(Object.keys(JSON.parse(await page('reference/console-examples.json')))).toHaveLength(
      endpointList().length,
    );
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
