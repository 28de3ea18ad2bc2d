import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveRef } from '../../scripts/lib/breaking/refs.js';
import { isObject, type Json } from '../../scripts/lib/breaking/types.js';
import { DECISION_KINDS, readDecisions } from '../../scripts/lib/decisions/read-decisions.js';
import { DECISIONS_DIR, DIST_DIR } from '../../scripts/lib/paths.js';
import { CONSOLE_PATH, operationPath, workflowPath } from '../../scripts/lib/site/links.js';
import { referenceDocument, referenceOperations } from '../../scripts/lib/site/reference-model.js';
import { readWorkflowFiles } from '../../scripts/lib/site/workflow-files.js';

/** Every page of the built site, as served below the base: '/index.html', '/guides/pagination.html'… */
export async function builtPages(dir: string = DIST_DIR): Promise<string[]> {
  return (await readdir(dir, { recursive: true }))
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.split('\\').join('/')}`)
    .sort();
}

/** The title a built page shows (its <title>, entities decoded), e.g. 'Errors | Customer-messaging API'. */
export async function builtPageTitle(path: string, dir: string = DIST_DIR): Promise<string> {
  const html = await readFile(join(dir, path), 'utf8');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (title === undefined) throw new Error(`${path}: no <title>`);
  return title
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function countOf(value: unknown): number {
  return Array.isArray(value)
    ? value.length
    : value && typeof value === 'object'
      ? Object.keys(value).length
      : 0;
}

/** The answers of an operation that carry OpenAPI links, resolved. */
export function answersWithLinks(doc: Json, operation: Json): Json[] {
  return Object.values((operation.responses ?? {}) as Json)
    .map((response) => resolveRef(doc, response))
    .filter((response): response is Json => isObject(response) && isObject(response.links));
}

/** The number of OpenAPI links of an operation's answers. */
function linkCountOf(doc: Json, operation: Json): number {
  return answersWithLinks(doc, operation).reduce((sum, answer) => sum + countOf(answer.links), 0);
}

/** The pages a sweep opens of the kinds generated many times, by what they exercise. */
export interface SweepSamples {
  readonly mostParameters: string;
  readonly bodyAndLinks: string;
  readonly workflow: string;
  /** The first decision of each kind. */
  readonly decisions: readonly string[];
}

export interface SweepPages {
  readonly alone: readonly string[];
  readonly samples: SweepSamples;
}

/**
 * The pages an accessibility sweep opens: every page written by hand or alone of its kind (home,
 * guides, README, releases, the reference overview, the schemas, the decisions index, 404) and, of
 * the kinds generated many times from one template, the pages that exercise it most: the operation
 * with the most parameters, one with a request body and the most links, the first decision of each
 * kind and the workflow with the most steps. The console has a test of its own.
 */
export async function accessibilitySweepPages(): Promise<SweepPages> {
  const doc = referenceDocument();
  const operations = referenceOperations(doc);
  const withBody = operations.filter((op) => op.operation.requestBody !== undefined);
  const decisions = await readDecisions(DECISIONS_DIR);
  const workflows = await readWorkflowFiles();
  const samples: SweepSamples = {
    mostParameters: pageOf(operationPath(mostOf(operations, (op) => countOf(op.operation.parameters)).id)),
    bodyAndLinks: pageOf(operationPath(mostOf(withBody, (op) => linkCountOf(doc, op.operation)).id)),
    workflow: pageOf(
      workflowPath(mostOf(workflows, (w) => w.document.workflows.flatMap((f) => f.steps).length).name),
    ),
    decisions: DECISION_KINDS.map(function firstOfKind(kind) {
      const first = decisions.find((d) => d.kind === kind);
      if (!first) throw new Error(`no ${kind} decision`);
      return pageOf(`/decisions/${first.path.replace(/\.md$/, '')}`);
    }),
  };
  // The kinds sampled above, by the start of their pages' paths.
  const repeated = [
    operationPath(''),
    workflowPath(''),
    ...DECISION_KINDS.map((kind) => `/decisions/${kind}/`),
  ];
  const alone = (await builtPages()).filter(
    (page) => page !== pageOf(CONSOLE_PATH) && !repeated.some((prefix) => page.startsWith(prefix)),
  );
  return { alone, samples };
}

/** Every page a sweep opens. */
export function sweepPages({ alone, samples }: SweepPages): string[] {
  const { decisions, ...one } = samples;
  return [...alone, ...Object.values(one), ...decisions];
}

/** A site path as builtPages lists its page (`/reference/schemas.html`). */
function pageOf(path: string): string {
  return `${path}.html`;
}

/** The item that scores most (the first of them). */
function mostOf<T>(items: readonly T[], score: (item: T) => number): T {
  const [best] = [...items].sort((a, b) => score(b) - score(a));
  if (best === undefined) throw new Error('nothing to choose from');
  return best;
}
