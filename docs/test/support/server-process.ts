import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The reference server's CLI as the package builds it (a dependency of this package's test task). */
const SERVER_CLI = fileURLToPath(new URL('../../../apps/server/dist/cli.js', import.meta.url));

/** A reference server started for a test file: a process of its own, on a free port of 127.0.0.1. */
export interface ServerProcess {
  /** e.g. http://127.0.0.1:43121 */
  readonly url: string;
  /** The first organization's token (`demo-org-token`). */
  readonly token: string;
  stop(): Promise<void>;
}

interface StartSummary {
  readonly url: string;
  readonly organizations: ReadonlyArray<{ readonly token: string }>;
}

/**
 * `reference-server --sandbox --size tiny --json` on a free port with `args` (the engine: `--memory`,
 * or `--database-url`), and `env` besides the test's own; resolves once it printed its summary.
 */
export async function startServerProcess(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  if (!existsSync(SERVER_CLI))
    throw new Error('No reference server bundle: run `npx -y pnpm@10.34.9 build` first.');
  const child: ChildProcess = spawn(
    process.execPath,
    [SERVER_CLI, '--sandbox', '--size', 'tiny', '--port', '0', '--host', '127.0.0.1', '--json', ...args],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
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
