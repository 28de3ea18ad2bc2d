/**
 * Keeps the released API document as the gate's next baseline: copies docs/openapi.json to
 * docs/releases/openapi-<info.version>.json (the model writes its package version there). Run it once
 * `changeset version` has bumped @org/model and the document is regenerated
 * (`pnpm --filter @org/docs record-release`), and commit the file with the release.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { baselineFileName } from './lib/breaking/baseline.js';
import { OPENAPI_JSON, RELEASES_DIR } from './lib/paths.js';

const doc = JSON.parse(await readFile(OPENAPI_JSON, 'utf8')) as { info?: { version?: unknown } };
const version = doc.info?.version;
if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
  throw new Error(`${OPENAPI_JSON} has no semver info.version (found ${String(version)})`);
}
const target = join(RELEASES_DIR, baselineFileName(version));
await mkdir(RELEASES_DIR, { recursive: true });
await copyFile(OPENAPI_JSON, target);
console.log(`recorded ${target}`);
