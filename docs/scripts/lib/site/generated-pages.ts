import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readDecisions } from '../decisions/read-decisions.js';
import { DECISIONS_DIR, DOCS_DIR } from '../paths.js';
import { workflowPath } from './links.js';
import { operationPage } from './operation-page.js';
import { referenceDocument, referenceOperations } from './reference-model.js';
import { schemasPage } from './schema-page.js';
import { readWorkflowFiles } from './workflow-files.js';
import { workflowPage } from './workflow-page.js';

/** Where the generated reference pages are written (git-ignored): VitePress's sources must be files
 * for its local search to index them (its dynamic routes are left out of the index). */
export const OPERATIONS_DIR = join(DOCS_DIR, 'reference', 'operations');
export const SCHEMAS_PAGE = join(DOCS_DIR, 'reference', 'schemas.md');

/** The source of a workflow file's page: the Markdown file at its path (links.ts: workflowPath). */
function workflowPageFile(name: string): string {
  return join(DOCS_DIR, `${workflowPath(name)}.md`);
}

/**
 * Writes one page per operation, the schemas page and one page per workflow file, from the model and
 * docs/workflows/, before the site is built; pages of operations or workflows no longer there go.
 */
export async function writeReferencePages(): Promise<void> {
  const doc = referenceDocument();
  const operations = referenceOperations(doc);
  const decisions = await readDecisions(DECISIONS_DIR);
  await rm(OPERATIONS_DIR, { recursive: true, force: true });
  await mkdir(OPERATIONS_DIR, { recursive: true });
  for (const op of operations) {
    await writeFile(join(OPERATIONS_DIR, `${op.id}.md`), operationPage(doc, op, decisions));
  }
  await writeFile(SCHEMAS_PAGE, schemasPage(doc));
  // Beside the schemas page, generated and git-ignored like it; the pages of removed files go.
  const pagesDir = dirname(workflowPageFile(''));
  const prefix = basename(workflowPageFile('')).replace(/\.md$/, '');
  for (const stale of (await readdir(pagesDir)).filter((f) => f.startsWith(prefix) && f.endsWith('.md')))
    await rm(join(pagesDir, stale));
  for (const file of await readWorkflowFiles())
    await writeFile(workflowPageFile(file.name), workflowPage(file, operations));
}
