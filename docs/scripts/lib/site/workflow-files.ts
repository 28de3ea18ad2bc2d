import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { DOCS_DIR } from '../paths.js';

/**
 * The Arazzo 1.0 workflows of docs/workflows/ (one task of the guides each, run by Redocly Respect in
 * workflows.test.ts), as the site shows them: one page per file. Only what the pages show is typed;
 * the helpers under lib/ are called by them, not tasks of their own, and get no page.
 */
export const WORKFLOWS_DIR = join(DOCS_DIR, 'workflows');
const SUFFIX = '.arazzo.yaml';

/** A parameter of a step or of every step; `in` is absent on a parameter of a called workflow. */
export interface ArazzoParameter {
  readonly name: string;
  readonly in?: string;
  readonly value: unknown;
}

/** A condition, with the expression it tests and its kind when not a simple condition. */
export interface ArazzoCriterion {
  readonly condition: string;
  readonly context?: string;
  readonly type?: string | { readonly type: string; readonly version: string };
}

/** What a step does next: end, go to a step or workflow, or retry (onSuccess, onFailure). */
export interface ArazzoAction {
  readonly name: string;
  readonly type: 'end' | 'goto' | 'retry';
  readonly stepId?: string;
  readonly workflowId?: string;
  readonly retryAfter?: number;
  readonly retryLimit?: number;
  readonly criteria?: readonly ArazzoCriterion[];
}

export interface ArazzoStep {
  readonly stepId: string;
  readonly description?: string;
  readonly operationId?: string;
  readonly operationPath?: string;
  readonly workflowId?: string;
  /** Redocly Respect's request to a URL (a `next` link): no operation of the document. */
  readonly 'x-operation'?: { readonly url: string; readonly method: string };
  readonly parameters?: readonly ArazzoParameter[];
  readonly requestBody?: { readonly contentType?: string; readonly payload?: unknown };
  readonly successCriteria?: readonly ArazzoCriterion[];
  readonly onSuccess?: readonly ArazzoAction[];
  readonly onFailure?: readonly ArazzoAction[];
  readonly outputs?: Readonly<Record<string, string>>;
}

/** The JSON schema of a workflow's inputs, as far as the page lists them. */
export interface ArazzoInputs {
  readonly properties?: Readonly<
    Record<string, { readonly type?: string; readonly description?: string; readonly default?: unknown }>
  >;
  readonly required?: readonly string[];
}

export interface ArazzoWorkflow {
  readonly workflowId: string;
  readonly summary?: string;
  readonly description?: string;
  readonly inputs?: ArazzoInputs;
  readonly parameters?: readonly ArazzoParameter[];
  readonly steps: readonly ArazzoStep[];
  readonly outputs?: Readonly<Record<string, string>>;
}

export interface ArazzoDocument {
  readonly arazzo: string;
  readonly info: {
    readonly title: string;
    readonly summary?: string;
    readonly description?: string;
    readonly version: string;
  };
  readonly sourceDescriptions: ReadonlyArray<{
    readonly name: string;
    readonly url: string;
    readonly type: string;
  }>;
  readonly workflows: readonly ArazzoWorkflow[];
}

/**
 * One workflow file: its name (the file's, without `.arazzo.yaml`), its text and what it says, and
 * the Arazzo documents its steps call workflows of (lib/follow-next.arazzo.yaml), by source name.
 */
export interface WorkflowFile {
  readonly name: string;
  readonly file: string;
  readonly path: string;
  readonly source: string;
  readonly document: ArazzoDocument;
  readonly called: ReadonlyMap<string, { readonly url: string; readonly document: ArazzoDocument }>;
}

/** Fails on a file the pages could not show, naming it, rather than writing a page without steps. */
function arazzoDocumentOf(file: string, source: string): ArazzoDocument {
  const document = parse(source) as Partial<ArazzoDocument> | null;
  const workflows = document?.workflows;
  if (!document?.info?.title || !Array.isArray(workflows) || workflows.length === 0)
    throw new Error(`${file}: not an Arazzo document with a title and workflows`);
  for (const workflow of workflows)
    if (!workflow.workflowId || !Array.isArray(workflow.steps) || workflow.steps.length === 0)
      throw new Error(`${file}: a workflow without a workflowId or steps`);
  return document as ArazzoDocument;
}

async function readArazzo(path: string): Promise<{ source: string; document: ArazzoDocument }> {
  const source = await readFile(path, 'utf8');
  return { source, document: arazzoDocumentOf(path, source) };
}

/** The workflow files of a directory (not its subdirectories), by name. */
export async function readWorkflowFiles(dir: string = WORKFLOWS_DIR): Promise<WorkflowFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(SUFFIX)).sort();
  return Promise.all(
    files.map(async function workflowFile(file) {
      const path = join(dir, file);
      const { source, document } = await readArazzo(path);
      const called = new Map<string, { url: string; document: ArazzoDocument }>();
      for (const { name, url, type } of document.sourceDescriptions ?? [])
        if (type === 'arazzo')
          called.set(name, { url, document: (await readArazzo(resolve(dir, url))).document });
      return { name: file.slice(0, -SUFFIX.length), file, path, source, document, called };
    }),
  );
}
