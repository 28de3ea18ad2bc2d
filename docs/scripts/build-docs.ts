/**
 * `pnpm run docs`: builds the docs site (guides, reference, try-it console, decisions, release notes)
 * into docs/dist. Usage: tsx scripts/build-docs.ts [out-dir]
 */
import { relative, resolve } from 'node:path';
import { DIST_DIR } from './lib/paths.js';
import { buildSite } from './lib/site/build-site.js';

const [outDir = DIST_DIR] = process.argv.slice(2);
const started = performance.now();
const indexFile = await buildSite(resolve(outDir));
const shown = relative(process.cwd(), indexFile);
console.log(
  `Docs site: ${shown.startsWith('..') ? indexFile : shown} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
