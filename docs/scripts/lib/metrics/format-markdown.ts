import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { DOCS_DIR, REPO_ROOT } from '../paths.js';

/**
 * The repository's lint checks Markdown with Biome (tables aligned, emphasis as `_`), so a generated
 * guide goes through the same formatter before it is written or compared; the raw rendering would
 * otherwise fail `pnpm lint` and look stale after every `pnpm format`.
 */
export function formatMarkdownLikeTheRepo(markdown: string, file: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const result = spawnSync(
    process.execPath,
    [
      biome,
      'format',
      `--config-path=${join(REPO_ROOT, 'tooling/biome.json')}`,
      `--stdin-file-path=${relative(DOCS_DIR, file)}`,
    ],
    { input: markdown, encoding: 'utf8', cwd: DOCS_DIR },
  );
  if (result.status !== 0) throw new Error(`biome format failed for ${file}:\n${result.stderr}`);
  return result.stdout;
}
