import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { loopbackRequest } from './loopback-request.js';
import { resetSandbox } from './sandbox-client.js';
import type { StartOptions } from './server.js';
import type { DemoWorld } from './store/seed/demo-world.js';

/**
 * One started sandbox per vitest worker, lent to the test files that worker runs one after another:
 * a file pays for a reset instead of a start, and never sees another file's writes, because a
 * worker runs one file at a time and each file begins with the seeded world. The pool lives in the
 * process that runs vitest's global setup (vitest-setup.ts); test files ask it for their worker's
 * server over loopback HTTP, since vitest gives them no other channel to that process.
 */

/** The name under which the global setup provides the pool's address to test files (vitest's inject). */
export const SERVER_POOL_KEY = 'referenceServerPool';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The pool's address, when the global setup (vitest-setup.ts) started one. */
    [SERVER_POOL_KEY]?: string;
  }
}

/** What a test file gets back for its worker. */
export interface LentServer {
  url: string;
  world: DemoWorld;
}

export interface ServerPool {
  /** e.g. http://127.0.0.1:43121, where test files ask for their worker's server. */
  readonly url: string;
  close(): Promise<void>;
}

/** The options every server of the pool starts with: what useReferenceServer starts a file's own with. */
export function sandboxStartOptions(options: StartOptions): StartOptions {
  return { memory: true, seed: { size: 'tiny' }, rateLimits: 'off', ...options, sandbox: true };
}

/** How the line begins that the pool prints once per worker, when that worker's server listens. */
const SERVER_STARTED = 'reference server for vitest worker';

function serverStartedLine(worker: string, url: string, ms: number): string {
  return `${SERVER_STARTED} ${worker}: ${url} (started in ${Math.round(ms)} ms)\n`;
}

/** The servers a run's log says the pool started, in the order they started: one per worker that ran a file. */
export function serverStartsIn(log: string): Array<{ worker: number; url: string }> {
  return [...log.matchAll(new RegExp(`^${SERVER_STARTED} (\\d+): (\\S+) `, 'gm'))].map((line) => ({
    worker: Number(line[1]),
    url: line[2]!,
  }));
}

/**
 * A worker as `POST /workers/{id}` names it (vitest's VITEST_POOL_ID, between 1 and its maxWorkers),
 * and `/release` when its file is done with the server.
 */
const WORKER_PATH = /^\/workers\/(\d{1,4})(\/release)?$/;

/** A server of the pool: where it listens, its world, and how to stop it and its thread. */
interface PooledServer extends LentServer {
  close(): Promise<void>;
}

/** Back to the seeded world, with an empty journal, clock and counters, for the worker's next file. */
async function resetForNextFile({ url }: LentServer): Promise<void> {
  await resetSandbox(url);
}

/**
 * A worker's server between its files. A file borrows it, and releases it when its tests are done;
 * the pool then resets it while vitest moves on to the worker's next file, which waits for that
 * reset only if it is not over. A server whose file never released it is reset when it is next lent.
 */
interface Lending {
  readonly server: Promise<PooledServer>;
  /** A file has it and has not released it (or it is being reset). */
  dirty: boolean;
  reset: Promise<void>;
}

/** Starts a server in a thread of its own (pool-thread.ts, beside this module in dist/). */
function startInThread(options: StartOptions): Promise<PooledServer> {
  const thread = new Worker(new URL('./pool-thread.js', import.meta.url), { workerData: options });
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    // Kept for the thread's life: an error after the start is told, not thrown in vitest's process.
    thread.on('error', function serverThreadFailed(error) {
      process.stderr.write(`reference server thread failed: ${error.stack ?? error}\n`);
      reject(error);
    });
    void exited.then(() => reject(new Error('The server thread ended before it was listening.')));
    thread.once('message', (message: LentServer | { error: string }) => {
      if ('error' in message) return reject(new Error(message.error));
      resolve({
        ...message,
        async close() {
          thread.postMessage('close');
          await exited;
        },
      });
    });
  });
}

/**
 * Starts the pool on a free port of 127.0.0.1. A worker's server is started the first time it is
 * asked for (a run of one file starts one) and kept until close(). Only the built package (dist/)
 * has the threads' entry.
 */
export async function startServerPool(options: StartOptions = {}): Promise<ServerPool> {
  const lendings = new Map<string, Lending>();
  const lendingOf = (worker: string) => {
    let lending = lendings.get(worker);
    if (!lending) {
      const started = performance.now();
      const server = startInThread(sandboxStartOptions(options));
      lending = { server, dirty: false, reset: Promise.resolve() };
      lendings.set(worker, lending);
      // Once per worker: where its files' requests go, and what the one start cost.
      // A failed start is the asking file's error (lendServer), not an unhandled rejection here.
      server.then(
        ({ url }) => process.stderr.write(serverStartedLine(worker, url, performance.now() - started)),
        () => undefined,
      );
    }
    return lending;
  };

  async function lend(lending: Lending): Promise<LentServer> {
    const server = await lending.server;
    await lending.reset;
    if (lending.dirty) await resetForNextFile(server);
    lending.dirty = true;
    return { url: server.url, world: server.world };
  }

  /** Answered at once: the reset runs while vitest ends the file and starts the worker's next one. */
  function release(lending: Lending): void {
    lending.reset = lending.server.then(resetForNextFile).then(
      () => {
        lending.dirty = false;
      },
      // Left dirty: the next lend resets it again, and says so if it fails.
      () => undefined,
    );
  }

  async function lendServer(req: IncomingMessage, res: ServerResponse) {
    const match = req.method === 'POST' ? WORKER_PATH.exec(req.url ?? '') : null;
    if (!match) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST /workers/{VITEST_POOL_ID}[/release]');
      return;
    }
    const [, worker, releasing] = match as unknown as [string, string, string | undefined];
    if (releasing) {
      // A worker that was never lent a server has nothing to give back.
      const lent = lendings.get(worker);
      if (lent) release(lent);
      res.writeHead(204).end();
      return;
    }
    const lending = lendingOf(worker);
    try {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(await lend(lending)));
    } catch (error) {
      // The next file of this worker tries again rather than inheriting the failure.
      if ((await Promise.allSettled([lending.server]))[0]!.status === 'rejected') lendings.delete(worker);
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error)?.stack ?? error));
    }
  }

  const pool: Server = createServer(lendServer);
  pool.listen(0, '127.0.0.1');
  await once(pool, 'listening');
  const { port } = pool.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      pool.closeAllConnections();
      await new Promise((resolve) => pool.close(resolve));
      const started = await Promise.allSettled([...lendings.values()].map((lending) => lending.server));
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    },
  };
}

/**
 * A test file's side, before its hooks: its worker's server, started by the pool if this is the
 * worker's first file, and otherwise at the seeded world with an empty journal.
 */
export async function borrowServer(poolUrl: string, worker: string): Promise<LentServer> {
  const { status, text } = await loopbackRequest('POST', new URL(`/workers/${worker}`, poolUrl));
  if (status !== 200)
    throw new Error(`The reference server pool has no server for worker ${worker}:\n${text}`);
  return JSON.parse(text) as LentServer;
}

/** A test file's side, after its tests: the pool resets the server for the worker's next file. */
export async function releaseServer(poolUrl: string, worker: string): Promise<void> {
  const { status, text } = await loopbackRequest('POST', new URL(`/workers/${worker}/release`, poolUrl));
  if (status !== 204)
    throw new Error(`The reference server pool did not take back worker ${worker}'s server:\n${text}`);
}
