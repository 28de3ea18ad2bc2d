// `contracts proxy` as a team starts it in its project, in front of the sandbox it already runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Consumer, childEnv, onNode } from './harness.js';

export interface StartedProxy {
  /** The first line it prints: where it listens. */
  readonly url: string;
  /** SIGTERM, then its exit status and its output (the summary is on stderr). */
  stop(): Promise<{ code: number | null; output: string }>;
}

/** Spawns the project's `contracts proxy ARGS` (its bin, not npx, so SIGTERM reaches it) and reads its URL. */
export async function startProxyBin(
  dir: string,
  consumer: Consumer,
  args: readonly string[],
  timeoutMs = 60_000,
): Promise<StartedProxy> {
  const bins = join(dir, 'node_modules', '.bin');
  const env = await onNode(consumer.node);
  const child = spawn(join(bins, 'contracts'), ['proxy', ...args], {
    cwd: dir,
    env: { ...childEnv(), ...env, PATH: [bins, env.PATH].join(delimiter) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const exited = once(child, 'close') as Promise<[number | null]>;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const [code] = await exited;
    return { code, output };
  };
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within ${timeoutMs} ms\n${output}`)), timeoutMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    void exited.then(([code]) =>
      reject(new Error(`contracts proxy exited (${code}) before its URL\n${output}`)),
    );
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  // Later lines (violations) are kept for the failure message.
  lines.on('line', (line) => {
    output += `${line}\n`;
  });
  return { url, stop };
}
