import { spawn } from 'node:child_process';

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to completion and returns its output; never throws on a non-zero exit. */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
) {
  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Fails with the command's output, so a broken step explains itself in the test report. */
export async function runOk(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv) {
  const result = await run(command, args, cwd, env);
  if (result.code !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.code}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}
