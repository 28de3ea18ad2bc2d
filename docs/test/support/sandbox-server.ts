import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The reference server's CLI as the package builds it (a dependency of this package's test task). */
const SERVER_CLI = fileURLToPath(new URL('../../../apps/server/dist/cli.js', import.meta.url));

export interface Sandbox {
  /** e.g. http://127.0.0.1:43121 */
  readonly url: string;
  /** The first organization's token (`demo-org-token`). */
  readonly token: string;
  /** `POST /_sandbox/reset`: back to the seeded world, rate-limit counters included. */
  reset(): Promise<void>;
  /** `POST /_sandbox/provider-states` (`action: setup`) in the token's organization; the state's values. */
  setUp(state: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A GET of the API with the token; the parsed body of a 200. */
  get(path: string): Promise<unknown>;
  stop(): Promise<void>;
}

interface StartSummary {
  readonly url: string;
  readonly organizations: ReadonlyArray<{ readonly token: string }>;
}

/**
 * One reference server for a test file without the docs site: the sandbox with the tiny demo world
 * in memory, on a free port of 127.0.0.1, with the documented rate limits.
 */
export async function startSandbox(): Promise<Sandbox> {
  if (!existsSync(SERVER_CLI))
    throw new Error('No reference server bundle: run `npx -y pnpm@10.34.9 build` first.');
  const child: ChildProcess = spawn(
    process.execPath,
    [SERVER_CLI, '--sandbox', '--memory', '--size', 'tiny', '--port', '0', '--host', '127.0.0.1', '--json'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
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
  const token = summary.organizations[0]?.token ?? '';
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${summary.url}${path}`, {
      method,
      headers: {
        Authorization: token,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };
  return {
    url: summary.url,
    token,
    reset: async () => {
      await call('POST', '/_sandbox/reset');
    },
    setUp: async (state, params = {}) =>
      (await call('POST', '/_sandbox/provider-states', { state, params, action: 'setup' })) as Record<
        string,
        unknown
      >,
    get: (path) => call('GET', path),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
