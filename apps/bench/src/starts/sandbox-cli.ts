import { type ChildProcess, spawn } from 'node:child_process';
import { watchChild } from '../common/children.js';
import { SERVER_BIN } from './server-bin.js';

/** The organizations of the CLI's start-up summary (`--json`), with their tokens. */
interface Summary {
  url: string;
  organizations: Array<{ id: number; token: string }>;
}

/** A sandbox started by the CLI, with what its start-up summary says. */
export interface SandboxCli {
  url: string;
  /** The first organization's token, and another organization's. */
  token: string;
  otherToken: string;
  /** `POST /_sandbox/reset`: the world, ids, rate-limit counters and journal back to the start. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** The last characters of a stream, for the error when the process exits early. */
const tail = (child: ChildProcess, stream: 'stdout' | 'stderr', keep = 2000) => {
  let text = '';
  child[stream]!.on('data', (chunk) => (text = (text + chunk).slice(-keep)));
  return () => text;
};

/**
 * The sandbox as users start it: `reference-server --sandbox --memory --port 0 --json` (and
 * `extra`); ready once it prints its summary, which names its URL and tokens. Its request log (on
 * stderr with --json) is read and dropped, but for the last lines.
 */
export async function startSandboxCli(
  extra: readonly string[] = [],
  timeoutMs = 120_000,
): Promise<SandboxCli> {
  const child = spawn(
    process.execPath,
    [SERVER_BIN, '--sandbox', '--memory', '--port', '0', '--json', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  watchChild(child);
  const stderr = tail(child, 'stderr');
  const stdout = tail(child, 'stdout', 100_000);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const started = performance.now();
  try {
    for (;;) {
      const line = stdout().split('\n');
      if (line.length > 1) {
        const summary = JSON.parse(line[0]!) as Summary;
        const [first, other] = summary.organizations;
        if (!first || !other) throw new Error('the sandbox summary names fewer than two organizations');
        const reset = async () => {
          const res = await fetch(`${summary.url}/_sandbox/reset`, { method: 'POST' });
          await res.arrayBuffer();
          if (res.status !== 204) throw new Error(`POST /_sandbox/reset answered ${res.status}`);
        };
        return { url: summary.url, token: first.token, otherToken: other.token, reset, stop };
      }
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the sandbox CLI exited (${child.exitCode ?? child.signalCode}): ${stderr()}`);
      if (performance.now() - started > timeoutMs)
        throw new Error(`the sandbox CLI printed no summary within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
