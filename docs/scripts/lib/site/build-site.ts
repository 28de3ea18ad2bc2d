import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'vitepress';
import { stringify } from 'yaml';
import { DIST_DIR, DOCS_DIR } from '../paths.js';
import { consoleDocument } from './console-document.js';
import { writeReferencePages } from './generated-pages.js';
import { findExternalResourceReferences } from './offline.js';
import { referenceDocument, referenceOperations } from './reference-model.js';

/**
 * Scalar's standalone browser bundle (the package's `browser` field; its exports map does not name
 * it): one prebuilt file, so the build never bundles Scalar again.
 */
const scalarBundle = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/** Issue 27's ceiling; `pnpm bench` prints the figure beside it. */
export const SITE_CEILING_BYTES = 15 * 1024 * 1024;

const sizeOf = async (dir: string): Promise<number> => {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
};

const htmlFilesIn = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).map((f) => join(dir, f));

/**
 * `pnpm run docs`: the reference pages generated from the model, the VitePress site of docs/ into
 * docs/dist, then beside it what the pages load and link: the console's Scalar bundle and its
 * document (console-document.ts), and the OpenAPI document (JSON, and YAML as the README offers it).
 * Fails when a page would load anything from another machine, or when the site weighs more than
 * its ceiling.
 */
export const buildSite = async (outDir: string = DIST_DIR): Promise<string> => {
  await writeReferencePages();
  await build(DOCS_DIR, { outDir });
  await mkdir(join(outDir, 'scalar'), { recursive: true });
  await copyFile(scalarBundle(), join(outDir, 'scalar', 'standalone.js'));
  const document = referenceDocument();
  await writeFile(join(outDir, 'openapi.json'), JSON.stringify(document));
  await writeFile(
    join(outDir, 'reference', 'console-openapi.json'),
    JSON.stringify(consoleDocument(document, referenceOperations(document))),
  );
  await writeFile(join(outDir, 'openapi.yaml'), stringify(document, { lineWidth: 0 }));
  const external: string[] = [];
  for (const file of await htmlFilesIn(outDir)) {
    for (const url of findExternalResourceReferences(await readFile(file, 'utf8')))
      external.push(`${file}: ${url}`);
  }
  if (external.length > 0)
    throw new Error(`The site would load external resources:\n  ${external.join('\n  ')}`);
  return join(outDir, 'index.html');
};
