/**
 * Build step (turbo task `build`, after `bundle` and the docs site's `@org/docs#docs`): copies the
 * built docs site (docs/dist) into dist/docs/, which the package ships and serves at /docs/. An
 * installed server has no repository around it to find the site in.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const site = fileURLToPath(new URL('../../../docs/dist/', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const fail = (message) => {
  process.stderr.write(`copy-docs: ${message}\n`);
  process.exit(1);
};
// Run through turbo, which runs what this step needs first: `turbo run build --filter=@org/reference-server`.
if (!existsSync(`${dist}cli.js`)) fail('no bundle in dist/ (the `bundle` task builds it)');
if (!existsSync(`${site}index.html`))
  fail('no docs site in docs/dist/ (the `@org/docs#docs` task builds it)');
rmSync(`${dist}docs`, { recursive: true, force: true });
cpSync(site, `${dist}docs`, { recursive: true });
