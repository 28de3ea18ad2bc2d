import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DIST_DIR } from '../../scripts/lib/paths.js';

/** The reference server's CLI as the package builds it (a dependency of this package's test task). */
const SERVER_CLI = fileURLToPath(new URL('../../../apps/server/dist/cli.js', import.meta.url));

export interface DocsServer {
  /** e.g. http://127.0.0.1:43121 */
  readonly url: string;
  /** The demo organization token the console prefills. */
  readonly token: string;
  stop(): Promise<void>;
}

interface StartSummary {
  readonly url: string;
  readonly organizations: ReadonlyArray<{ readonly token: string }>;
}

/**
 * One reference server for a test file: the sandbox with the tiny demo world in memory, serving the
 * docs site built into docs/dist (`pnpm run docs`, run before this package's tests) at /docs/.
 */
export async function startDocsServer(docsDir: string = DIST_DIR): Promise<DocsServer> {
  if (!existsSync(SERVER_CLI))
    throw new Error('No reference server bundle: run `npx -y pnpm@10.34.9 build` first.');
  if (!existsSync(`${docsDir}/index.html`))
    throw new Error('No docs site: run `npx -y pnpm@10.34.9 run docs` first.');
  const child: ChildProcess = spawn(
    process.execPath,
    [SERVER_CLI, '--sandbox', '--memory', '--size', 'tiny', '--port', '0', '--host', '127.0.0.1', '--json'],
    { env: { ...process.env, DOCS_DIR: docsDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const summary = await new Promise<StartSummary>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as StartSummary));
    child.once('exit', (code) => reject(new Error(`the reference server exited with ${code}:\n${stderr}`)));
  });
  return {
    url: summary.url,
    token: summary.organizations[0]?.token ?? '',
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
