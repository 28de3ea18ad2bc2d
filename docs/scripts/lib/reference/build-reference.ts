import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCS_DIR, GUIDES_DIR } from '../paths.js';
import { findExternalResourceReferences, makeOffline, telemetryDisabled } from './offline.js';
import { renderReference } from './render-reference.js';

export interface BuildReferenceOptions {
  /** The OpenAPI document to render. */
  readonly openapiPath: string;
  /** Output directory; it is emptied first. */
  readonly outDir: string;
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The Markdown the navigation bar links to, copied beside index.html with the same relative layout as
 * in docs/ (README.md, guides/, decisions.md), so every link in the bar and inside the guides resolves.
 */
const copyGuides = async (outDir: string): Promise<void> => {
  await cp(GUIDES_DIR, join(outDir, 'guides'), { recursive: true });
  for (const file of ['README.md', 'decisions.md']) {
    const source = join(DOCS_DIR, file);
    // decisions.md is written by the lead; until it exists the bar's link to it is the only dead one.
    if (await exists(source)) await cp(source, join(outDir, file));
  }
};

/** Builds the offline API reference: outDir/index.html plus the guides it links to. */
export const buildReference = async ({ openapiPath, outDir }: BuildReferenceOptions): Promise<string> => {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const indexFile = join(outDir, 'index.html');
  await renderReference(openapiPath, indexFile);

  const html = makeOffline(await readFile(indexFile, 'utf8'));
  const external = findExternalResourceReferences(html);
  if (external.length > 0) {
    throw new Error(`The reference would load external resources:\n  ${external.join('\n  ')}`);
  }
  if (!telemetryDisabled(html)) throw new Error('The reference was built with Redoc telemetry enabled.');
  await writeFile(indexFile, html);
  await copyGuides(outDir);
  return indexFile;
};
