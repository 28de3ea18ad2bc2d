import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/** The reference server's built CLI: run in a process of its own, so its memory can be read. */
const CLI = join(
  dirname(createRequire(import.meta.url).resolve('@org/reference-server/package.json')),
  'dist/cli.js',
);

export interface ServerProcess {
  readonly url: string;
  readonly organizationId: number;
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `reference-server --json --port 0` with the given options (rate limits lifted) and
 * resolves once it serves. The environment's DATABASE_URL, REDIS_URL and PUBLIC_URL are left out:
 * the options say which database it uses.
 */
export async function startServerProcess(args: readonly string[]): Promise<ServerProcess> {
  const { DATABASE_URL: _d, REDIS_URL: _r, PUBLIC_URL: _p, PORT: _port, ...env } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    [CLI, '--json', '--port', '0', '--rate-limits', 'off', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  // The summary is the first line that is JSON with a url (a sandbox logs a line before it); the
  // interface goes on reading, so that later output never fills the pipe.
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      if (/^\{"url":/.test(text)) resolve(text);
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}): ${stderr}`)));
  });
  const summary = JSON.parse(line) as { url: string; organizations: Array<{ id: number }> };
  return {
    url: summary.url,
    organizationId: summary.organizations[0]!.id,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const statusField = (pid: number, field: 'VmHWM' | 'VmRSS'): number => {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!kb?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb[1]) * 1024;
};

/**
 * The peak resident memory (bytes) of processes while `work` runs. Linux resets a process's peak
 * (VmHWM) when 5 is written to its clear_refs; where that is refused, VmRSS is sampled instead.
 */
export async function peakResidentMemory<T>(
  pids: readonly number[],
  work: () => Promise<T>,
): Promise<{ result: T; peaks: number[] }> {
  let exact = true;
  for (const pid of pids)
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      exact = false;
    }
  const sampled = pids.map((pid) => statusField(pid, 'VmRSS'));
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => {
      sampled[i] = Math.max(sampled[i]!, statusField(pid, 'VmRSS'));
    });
  }, 100);
  try {
    const result = await work();
    return {
      result,
      peaks: pids.map((pid, i) => Math.max(sampled[i]!, exact ? statusField(pid, 'VmHWM') : 0)),
    };
  } finally {
    clearInterval(sampler);
  }
}
