import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readDecisions } from '../decisions/read-decisions.js';
import { DECISIONS_DIR, DOCS_DIR } from '../paths.js';
import { operationPage } from './operation-page.js';
import { referenceDocument, referenceOperations } from './reference-model.js';
import { schemasPage } from './schema-page.js';

/** Where the generated reference pages are written (git-ignored): VitePress's sources must be files
 * for its local search to index them (its dynamic routes are left out of the index). */
export const OPERATIONS_DIR = join(DOCS_DIR, 'reference', 'operations');
export const SCHEMAS_PAGE = join(DOCS_DIR, 'reference', 'schemas.md');

/** Writes one page per operation and the schemas page, from the model, before the site is built. */
export const writeReferencePages = async (): Promise<void> => {
  const doc = referenceDocument();
  const decisions = await readDecisions(DECISIONS_DIR);
  await rm(OPERATIONS_DIR, { recursive: true, force: true });
  await mkdir(OPERATIONS_DIR, { recursive: true });
  for (const op of referenceOperations(doc)) {
    await writeFile(join(OPERATIONS_DIR, `${op.id}.md`), operationPage(doc, op, decisions));
  }
  await writeFile(SCHEMAS_PAGE, schemasPage(doc));
};
