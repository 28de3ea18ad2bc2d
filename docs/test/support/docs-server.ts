import { existsSync } from 'node:fs';
import { DIST_DIR } from '../../scripts/lib/paths.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

/** The sandbox serving the docs site; its token is the demo organization's, which the console prefills. */
export type DocsServer = ServerProcess;

/**
 * One reference server for a test file: the sandbox with the tiny demo world in memory, serving the
 * docs site built into docs/dist (`pnpm run docs`, run before this package's tests) at /docs/.
 */
export async function startDocsServer(docsDir: string = DIST_DIR): Promise<DocsServer> {
  if (!existsSync(`${docsDir}/index.html`))
    throw new Error('No docs site: run `npx -y pnpm@10.34.9 run docs` first.');
  return startServerProcess(['--memory'], { DOCS_DIR: docsDir });
}
