/**
 * `pnpm run docs`: builds docs/dist/index.html, the offline API reference of docs/openapi.json, with the
 * guides beside it. Usage: tsx scripts/build-docs.ts [openapi.json] [out-dir]
 */
import { relative } from 'node:path';
import { DIST_DIR, OPENAPI_JSON } from './lib/paths.js';
import { buildReference } from './lib/reference/build-reference.js';

const [openapiPath = OPENAPI_JSON, outDir = DIST_DIR] = process.argv.slice(2);
const indexFile = await buildReference({ openapiPath, outDir });
const shown = relative(process.cwd(), indexFile);
console.log(`API reference: ${shown.startsWith('..') ? indexFile : shown}`);
