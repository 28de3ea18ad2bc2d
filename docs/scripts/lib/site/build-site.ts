import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'vitepress';
import { stringify } from 'yaml';
import { DIST_DIR, DOCS_DIR } from '../paths.js';
import { consoleExamples } from './console-document.js';
import { writeReferencePages } from './generated-pages.js';
import { findExternalResourceReferences } from './offline.js';
import { referenceDocument, referenceOperations } from './reference-model.js';
import { megabytes, SITE_CEILING_BYTES, siteSize } from './site-size.js';

/**
 * Scalar's standalone browser bundle (the package's `browser` field; its exports map does not name
 * it): one prebuilt file, so the build never bundles Scalar again.
 */
function scalarBundle(): string {
  return join(
    dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
    'browser',
    'standalone.js',
  );
}

async function htmlFilesIn(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }))
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f));
}

/**
 * `pnpm run docs`: the reference pages generated from the model and docs/workflows/, the VitePress
 * site of docs/ into docs/dist, then beside it what the pages load and link: the console's Scalar
 * bundle and the examples it puts into the OpenAPI document (console-document.ts), and the OpenAPI
 * document itself (JSON, which the console loads too, and YAML as the README offers it). Fails when
 * a page would load anything from another machine, or when the site weighs more than its ceiling.
 */
export async function buildSite(outDir: string = DIST_DIR): Promise<string> {
  await writeReferencePages();
  await build(DOCS_DIR, { outDir });
  await mkdir(join(outDir, 'scalar'), { recursive: true });
  // Without its last line's source-map comment: the map (17 MB) is not shipped, and a browser's
  // developer tools would ask for it.
  await writeFile(
    join(outDir, 'scalar', 'standalone.js'),
    (await readFile(scalarBundle(), 'utf8')).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'),
  );
  const document = referenceDocument();
  await writeFile(join(outDir, 'openapi.json'), JSON.stringify(document));
  await writeFile(
    join(outDir, 'reference', 'console-examples.json'),
    JSON.stringify(consoleExamples(referenceOperations(document))),
  );
  await writeFile(join(outDir, 'openapi.yaml'), stringify(document, { lineWidth: 0 }));
  const external: string[] = [];
  for (const file of await htmlFilesIn(outDir)) {
    for (const url of findExternalResourceReferences(await readFile(file, 'utf8')))
      external.push(`${file}: ${url}`);
  }
  if (external.length > 0)
    throw new Error(`The site would load external resources:\n  ${external.join('\n  ')}`);
  const size = await siteSize(outDir);
  if (size > SITE_CEILING_BYTES)
    throw new Error(
      `The site weighs ${megabytes(size)}, more than its ceiling of ${megabytes(SITE_CEILING_BYTES)}`,
    );
  return join(outDir, 'index.html');
}
