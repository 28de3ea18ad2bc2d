import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyCompanions } from './copy-companions.js';
import { findExternalResourceReferences, makeOffline, telemetryDisabled } from './offline.js';
import { renderReference } from './render-reference.js';

export interface BuildReferenceOptions {
  /** The OpenAPI document to render. */
  readonly openapiPath: string;
  /** Output directory; it is emptied first. */
  readonly outDir: string;
}

/** Builds the offline API reference: outDir/index.html plus the guides and documents it links to. */
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
  await copyCompanions(outDir, openapiPath);
  return indexFile;
};
