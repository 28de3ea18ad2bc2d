// The `reference-server` bin as a team starts it in its project (`npx reference-server`), with no
// option: the port comes from PORT=0 (a free one), so that projects running at once never collide.
import { spawn } from 'node:child_process';
import { childEnv } from './harness.js';

export interface StartedBin {
  readonly url: string;
  /** Milliseconds from the spawn to the first complete answer of the demo world's first page. */
  readonly firstAnswerMs: number;
  /** Its output so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM to its process group, then its exit: true when it ended by that signal or cleanly. */
  stop(): Promise<boolean>;
}

const LISTENING = /listening on (http:\/\/\S+)/;
/** The first page of the demo world, as the start-up summary's "Try:" line asks for it. */
const FIRST_PAGE = '/api/um/v3/conversations/?limit=2';
/** The demo world's first organization token, which a start with no option issues. */
export const DEMO_TOKEN = 'demo-org-token';
/** The demo world's second organization's token: the fuzzer's other organization. */
export const OTHER_DEMO_TOKEN = `${DEMO_TOKEN}-2`;

/** Asks for the first page until it answers 200 (the server is listening once it printed its URL). */
async function firstAnswer(url: string): Promise<void> {
  const response = await fetch(new URL(FIRST_PAGE, url), { headers: { Authorization: DEMO_TOKEN } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${FIRST_PAGE} answered ${response.status}: ${body}`);
}

/** Spawns `command args` in `cwd` and resolves once the server answers its first page. */
export function startBin(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<StartedBin> {
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...childEnv(), ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx does not pass a signal on to the server it started.
    detached: true,
  });
  let output = '';
  const exited = new Promise<boolean>((resolve) =>
    child.on('close', (code, signal) => resolve(code === 0 || signal === 'SIGTERM')),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    return exited;
  };
  return new Promise<StartedBin>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`${why}\n$ ${[command, ...args].join(' ')}  (in ${cwd})\n${output}`));
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const before = output;
      output += chunk;
      const url = LISTENING.exec(output)?.[1];
      if (!url || LISTENING.test(before)) return;
      firstAnswer(url).then(
        () => {
          clearTimeout(timer);
          resolve({ url, firstAnswerMs: performance.now() - spawnedAt, output: () => output, stop });
        },
        (error: Error) => fail(error.message),
      );
    });
    child.on('error', (error) => fail(error.message));
    void exited.then(() => fail('exited before it answered'));
  });
}
