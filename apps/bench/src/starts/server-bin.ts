import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The reference server's bin as its package declares it (`bin.reference-server`): the file a team's
 * `reference-server` runs, so the bench starts the server as users do.
 */
export const SERVER_BIN = (() => {
  const manifest = createRequire(import.meta.url).resolve('@org/reference-server/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.resolve(path.dirname(manifest), bin['reference-server']!);
})();
