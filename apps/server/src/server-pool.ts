import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
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

/** A worker as `POST /workers/{id}` names it: vitest's VITEST_POOL_ID, between 1 and its maxWorkers. */
const WORKER_PATH = /^\/workers\/(\d{1,4})$/;

/** A server of the pool: where it listens, its world, and how to stop it and its thread. */
interface PooledServer extends LentServer {
  close(): Promise<void>;
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
  const servers = new Map<string, Promise<PooledServer>>();
  const serverOf = (worker: string) => {
    let server = servers.get(worker);
    if (!server) {
      const started = performance.now();
      server = startInThread(sandboxStartOptions(options));
      servers.set(worker, server);
      // Once per worker: where its files' requests go, and what the one start cost.
      // A failed start is the asking file's error (lendServer), not an unhandled rejection here.
      server.then(
        ({ url }) => process.stderr.write(serverStartedLine(worker, url, performance.now() - started)),
        () => undefined,
      );
    }
    return server;
  };

  async function lendServer(req: IncomingMessage, res: ServerResponse) {
    const worker = req.method === 'POST' ? WORKER_PATH.exec(req.url ?? '')?.[1] : undefined;
    if (worker === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST /workers/{VITEST_POOL_ID}');
      return;
    }
    try {
      const { url, world } = await serverOf(worker);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url, world }));
    } catch (error) {
      // The next file of this worker tries again rather than inheriting the failure.
      servers.delete(worker);
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
      const started = await Promise.allSettled(servers.values());
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    },
  };
}

/** A test file's side: its worker's server, started by the pool if this is the worker's first file. */
export async function borrowServer(poolUrl: string, worker: string): Promise<LentServer> {
  const response = await fetch(new URL(`/workers/${worker}`, poolUrl), { method: 'POST' });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`The reference server pool could not start a server for worker ${worker}:\n${text}`);
  return JSON.parse(text) as LentServer;
}
