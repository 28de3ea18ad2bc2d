import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The registry below is process-wide on purpose: whichever module forks a child, the bench's exit
// must find it.

/** Every child this process started; killed on exit so a failed or interrupted bench leaves nothing behind. */
const live = new Set<ChildProcess>();
let hooked = false;

const killAll = () => {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};

const hookExit = () => {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
};

export interface ForkOptions {
  /** Run the file through tsx (TypeScript); plain .mjs files run without it. */
  typescript?: boolean;
  execArgv?: string[];
  env?: NodeJS.ProcessEnv;
}

/** Kills `child` with the bench if the bench exits first. */
export function watchChild(child: ChildProcess): void {
  hookExit();
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/**
 * Forks a bench child with an IPC channel; stdout/stderr are inherited (children only print errors).
 * `file` is a URL (`new URL('./x-worker.ts', import.meta.url)`), so each caller names its child by
 * its own path.
 */
export function forkChild(file: URL, options: ForkOptions = {}): ChildProcess {
  hookExit();
  const tsx = options.typescript ? ['--import', import.meta.resolve('tsx')] : [];
  const child = fork(fileURLToPath(file), [], {
    execArgv: [...tsx, ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  watchChild(child);
  return child;
}

export interface Message {
  type: string;
  [key: string]: unknown;
}

/** Waits for the child's next message of that type; rejects when the child exits first or on timeout. */
export function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: string,
  timeoutMs = 600_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: Message) => {
      if (message?.type === 'error') {
        cleanup();
        reject(new Error(String(message.message ?? 'child failed')));
      } else if (message?.type === type) {
        cleanup();
        resolve(message as unknown as T);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`child exited (code ${code}, signal ${signal}) before sending "${type}"`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no "${type}" from child within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Sends a message and waits for the reply of the given type. */
export function ask<T extends { type: string }>(
  child: ChildProcess,
  message: Message,
  replyType: string,
  timeoutMs?: number,
): Promise<T> {
  const reply = nextMessage<T>(child, replyType, timeoutMs);
  child.send(message);
  return reply;
}

/** Resolves when the child has exited; kills it after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
