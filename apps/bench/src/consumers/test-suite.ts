import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../common/paths.js';

export interface SuiteTimes {
  command: string;
  wallSeconds: number;
  exitCode: number;
  /** Per task (package#task) from turbo's run summary. */
  tasks: Array<{ task: string; seconds: number; exitCode: number | null }>;
}

interface TurboSummary {
  tasks?: Array<{
    taskId?: string;
    execution?: { startTime?: number; endTime?: number; exitCode?: number | null };
  }>;
}

const latestSummary = (since: number): TurboSummary | undefined => {
  const dir = path.join(REPO_ROOT, '.turbo', 'runs');
  if (!existsSync(dir)) return undefined;
  const newest = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  return newest ? (JSON.parse(readFileSync(newest, 'utf8')) as TurboSummary) : undefined;
};

/**
 * Wall time of the test suites (vitest in every package; the contract verification is
 * @org/contracts' test task), through turbo with a run summary. Optional: it takes minutes.
 */
export async function measureSuite(timeoutMs = 20 * 60_000): Promise<SuiteTimes> {
  const turbo = path.join(REPO_ROOT, 'node_modules', '.bin', 'turbo');
  const args = [
    'run',
    'test',
    '--filter=!@org/bench',
    '--continue',
    '--summarize',
    '--output-logs=errors-only',
  ];
  const started = Date.now();
  const exitCode = await new Promise<number>((resolve) => {
    const child = spawn(turbo, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', PACT_DO_NOT_TRACK: 'true' },
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    });
  });
  const wallSeconds = (Date.now() - started) / 1000;
  const summary = latestSummary(started);
  const tasks = (summary?.tasks ?? [])
    .filter((t) => t.execution?.startTime && t.execution.endTime && t.taskId?.endsWith('#test'))
    .map((t) => ({
      task: t.taskId!,
      seconds: (t.execution!.endTime! - t.execution!.startTime!) / 1000,
      exitCode: t.execution!.exitCode ?? null,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  return { command: `turbo ${args.join(' ')}`, wallSeconds, exitCode, tasks };
}
