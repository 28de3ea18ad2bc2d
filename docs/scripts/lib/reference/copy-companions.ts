import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { DOCS_DIR, GUIDES_DIR } from '../paths.js';

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

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
 * decisions.md and the OpenAPI document (JSON as rendered, YAML converted from it), so every link of
 * the navigation bar and of the guides resolves in the built directory too.
 */
export const copyCompanions = async (outDir: string, openapiPath: string): Promise<void> => {
  await cp(GUIDES_DIR, join(outDir, 'guides'), { recursive: true });
  for (const file of ['README.md', 'decisions.md']) {
    const source = join(DOCS_DIR, file);
    // decisions.md is written by the lead; a build before it exists simply has no copy.
    if (await exists(source)) await cp(source, join(outDir, file));
  }
  const document: unknown = JSON.parse(await readFile(openapiPath, 'utf8'));
  await writeFile(join(outDir, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  await writeFile(join(outDir, 'openapi.yaml'), stringify(document, { lineWidth: 0 }));
  await rebaseMarkdownIn(outDir);
  await rebaseMarkdownIn(join(outDir, 'guides'));
};
