import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { DECISIONS } from '@org/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { decisionsIndex } from '../scripts/lib/decisions/index-page.js';
import { type DecisionFile, readDecisions } from '../scripts/lib/decisions/read-decisions.js';
import {
  DECISIONS_DIR,
  DOCS_DIR,
  OPENAPI_JSON,
  REPO_ROOT,
  SANDBOX_OPENAPI_JSON,
} from '../scripts/lib/paths.js';
import { markdownFilesIn } from './support/markdown-links.js';

/** Every id an OpenAPI document marks with `x-um-decision` (the value lists ids: "D2, D14"). */
const markedIds = (document: string): Set<string> =>
  new Set(
    [...document.matchAll(/"x-um-decision":\s*"([^"]*)"/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((id) => id.trim()),
    ),
  );

/** The old shared paragraphs every Context once opened with; each record now says its own. */
const CONTEXT_BOILERPLATE = [
  'leave this open ("not shown")',
  'This choice was taken once for all of them',
  'An engineering record about',
];

/** A record's Context section, its lines joined into one run of text. */
const contextOf = (text: string): string =>
  (text.split('\n## Context\n')[1] ?? '').split('\n## ')[0]!.replace(/\s+/g, ' ').trim();

/** The first sentence of a text: up to the first `.`, `?` or `!` that ends a word. */
const openingSentence = (text: string): string => text.match(/^.+?[.?!](?=\s|$)/)?.[0] ?? text;

describe('docs/decisions: one registry', () => {
  let decisions: DecisionFile[];
  beforeAll(async () => {
    decisions = await readDecisions(DECISIONS_DIR);
  });
  const byKind = (kind: DecisionFile['kind']) => decisions.filter((d) => d.kind === kind);

  it('has one file per id, named after its number, with the three sections', () => {
    expect(new Set(decisions.map((d) => d.id)).size).toBe(decisions.length);
    for (const d of decisions) {
      expect(basename(d.path), d.path).toMatch(
        new RegExp(`^${String(d.number).padStart(4, '0')}-[a-z0-9-]+\\.md$`),
      );
      expect(d.status, d.path).toBe('accepted');
      for (const section of ['## Context', '## Decision', '## Consequences'])
        expect(d.text.includes(`\n${section}\n`), `${d.path} ${section}`).toBe(true);
    }
  });

  it('the API decisions are exactly DECISIONS of @org/model, with the same summaries', () => {
    const api = byKind('api');
    expect(api.map((d) => d.id).sort()).toEqual(Object.keys(DECISIONS).sort());
    for (const d of api) expect(d.summary, d.path).toBe(DECISIONS[d.id as keyof typeof DECISIONS]);
    for (const d of byKind('engineering'))
      expect(d.summary, `${d.path}: summaries are for API decisions`).toBeUndefined();
  });

  it.each([
    ['docs/openapi.json', OPENAPI_JSON],
    ['docs/sandbox-openapi.json', SANDBOX_OPENAPI_JSON],
  ])('every id %s marks with x-um-decision is an API decision with a file', async (_name, path) => {
    const api = new Set(byKind('api').map((d) => d.id));
    const marked = [...markedIds(await readFile(path, 'utf8'))];
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.filter((id) => !api.has(id))).toEqual([]);
  });

  it('every decision the docs cite (D<n> in README.md, docs/, guides/ and the decisions) has a file', async () => {
    const ids = new Set(decisions.map((d) => d.id));
    // The index names the unused ids on purpose; every other mention must resolve.
    const index = join(DECISIONS_DIR, 'README.md');
    const files = [join(REPO_ROOT, 'README.md'), ...(await markdownFilesIn(DOCS_DIR))].filter(
      (f) => f !== index,
    );
    const cited = new Set<string>();
    for (const file of files)
      for (const m of (await readFile(file, 'utf8')).matchAll(/\bD\d+\b/g)) cited.add(m[0]);
    expect(cited.size).toBeGreaterThan(30);
    expect([...cited].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('no Context holds the old shared boilerplate, and none is empty', () => {
    for (const d of decisions) {
      const context = contextOf(d.text);
      expect(context, `${d.path}: its Context is empty`).not.toBe('');
      for (const phrase of CONTEXT_BOILERPLATE)
        expect(context.includes(phrase), `${d.path}: its Context holds "${phrase}"`).toBe(false);
    }
  });

  it('no two records open their Context with the same sentence', () => {
    const byOpening = new Map<string, string[]>();
    for (const d of decisions) {
      const opening = openingSentence(contextOf(d.text));
      byOpening.set(opening, [...(byOpening.get(opening) ?? []), d.path]);
    }
    expect([...byOpening].filter(([, paths]) => paths.length > 1)).toEqual([]);
  });

  it('README.md is the index these files generate (run `pnpm generate`)', async () => {
    expect(
      await readFile(join(DECISIONS_DIR, 'README.md'), 'utf8'),
      'docs/decisions/README.md is stale: run pnpm generate',
    ).toBe(decisionsIndex(decisions));
  });
});
