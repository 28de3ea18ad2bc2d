import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { DECISIONS_DIR, DOCS_DIR, GUIDES_DIR } from '../paths.js';

/**
 * In docs/ the guides link to the reference as `dist/index.html` (README) or `../dist/index.html`
 * (guides/); beside the page in dist/ the same links must drop the `dist/` segment.
 */
export const rebaseReferenceLinks = (markdown: string): string =>
  markdown.replace(/\]\(((?:\.\.\/)?)dist\//g, ']($1');

const rebaseMarkdownIn = async (dir: string): Promise<void> => {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = join(dir, entry.name);
    await writeFile(file, rebaseReferenceLinks(await readFile(file, 'utf8')));
  }
};

/**
 * Everything the page links to, laid out beside index.html as in docs/: README.md, guides/,
 * decisions/ (the index and one file per decision) and the OpenAPI document (JSON as rendered, YAML converted from it), so every link of
 * the navigation bar and of the guides resolves in the built directory too.
 */
export const copyCompanions = async (outDir: string, openapiPath: string): Promise<void> => {
  await cp(GUIDES_DIR, join(outDir, 'guides'), { recursive: true });
  await cp(DECISIONS_DIR, join(outDir, 'decisions'), { recursive: true });
  await cp(join(DOCS_DIR, 'README.md'), join(outDir, 'README.md'));
  const document: unknown = JSON.parse(await readFile(openapiPath, 'utf8'));
  await writeFile(join(outDir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  await writeFile(join(outDir, 'openapi.yaml'), stringify(document, { lineWidth: 0 }));
  await rebaseMarkdownIn(outDir);
  await rebaseMarkdownIn(join(outDir, 'guides'));
};
