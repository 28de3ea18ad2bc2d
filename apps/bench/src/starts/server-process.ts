import { type ChildProcess, fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { DemoWorld, StartOptions } from '@org/reference-server';
import { ask, forkChild, nextMessage, stopChild, watchChild } from '../common/children.js';
import { freePort } from '../common/free-port.js';
import type { Memory } from '../memory/server-memory.js';
import { SERVER_BIN } from './server-bin.js';

/** StartOptions as they cross the process boundary (no functions). */
export type ServerStartOptions = Omit<StartOptions, 'seed'> & {
  seed?: false | Record<string, unknown>;
};

/** How a server process reaches a world's data: a PostgreSQL database or a PGlite data directory. */
export type DataConnection = Pick<ServerStartOptions, 'databaseUrl' | 'dataDir'>;

export interface Ready extends Memory {
  url: string;
  world: DemoWorld;
  engine: 'pglite' | 'postgres';
  /** Node boot until the server module was imported. */
  bootToImportMs: number;
  /** startServer(): open, migrate, seed when empty, listen. */
  startServerMs: number;
  /** Process start until listening (as the process measures it). */
  sinceProcessStartMs: number;
  /** Spawn until ready, measured by the bench. */
  wallMs: number;
  /** Records the world generator reported (0 when it did not seed). */
  seedRecords: number;
  /** The seed's own records and seconds (startServer minus opening and migrating), when it seeded. */
  seeded?: { records: number; seconds: number; cpuSeconds: number };
}

/** The reference server in its own process (server-worker.mjs). */
export class ServerProcess {
  readonly child: ChildProcess;
  #ready: Ready | undefined;
  #spawnedAt = performance.now();

  private constructor(child: ChildProcess) {
    this.child = child;
  }

  /** Forks and starts the server; `cpuProfileDir` runs it under `node --cpu-prof`. */
  static async start(
    options: ServerStartOptions,
    extra: {
      cpuProfileDir?: string;
      timeoutMs?: number;
      onProgress?: (p: Record<string, unknown>) => void;
    } = {},
  ): Promise<ServerProcess> {
    const spawnedAt = performance.now();
    const child = forkChild(new URL('./server-worker.mjs', import.meta.url), {
      execArgv: extra.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', extra.cpuProfileDir] : [],
    });
    const server = new ServerProcess(child);
    server.#spawnedAt = spawnedAt;
    try {
      await nextMessage(child, 'booted', 60_000);
      const onProgress = (m: { type?: string }) => {
        if (m?.type === 'progress') extra.onProgress?.(m as Record<string, unknown>);
      };
      child.on('message', onProgress);
      const ready = await ask<Ready & { type: 'ready' }>(
        child,
        { type: 'start', options },
        'ready',
        extra.timeoutMs,
      );
      child.off('message', onProgress);
      server.#ready = { ...ready, wallMs: performance.now() - server.#spawnedAt };
      return server;
    } catch (error) {
      await stopChild(child, 5_000);
      throw error;
    }
  }

  /**
   * The server as users start it: its bin (`reference-server`, which runs the CLI) with `args` and
   * the defaults (request logging to stdout, as shipped), on a port the bench picked. Ready once it
   * answers. Its stdout (the summary and the request log) goes to /dev/null: formatting and writing
   * each line is the server's cost, drawing it is a terminal's. A preloaded probe (cli-probe.mjs)
   * answers memory(), mark() and stop(); `world` is what the bench read of the data beforehand.
   */
  static async cli(
    args: string[],
    world: DemoWorld,
    engine: Ready['engine'],
    extra: { cpuProfileDir?: string } = {},
  ): Promise<ServerProcess> {
    const spawnedAt = performance.now();
    const port = await freePort();
    const sink = openSync('/dev/null', 'w');
    const child = fork(SERVER_BIN, [...args, '--port', String(port), '--host', '127.0.0.1'], {
      execArgv: [
        '--import',
        import.meta.resolve('./cli-probe.mjs'),
        ...(extra.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', extra.cpuProfileDir] : []),
      ],
      stdio: ['ignore', sink, 'inherit', 'ipc'],
    });
    closeSync(sink); // the child has its own copy
    watchChild(child);
    const server = new ServerProcess(child);
    const url = `http://127.0.0.1:${port}`;
    try {
      await untilAnswering(child, url);
      const wallMs = performance.now() - spawnedAt;
      server.#ready = {
        ...(await server.memory()),
        url,
        world,
        engine,
        bootToImportMs: Number.NaN,
        startServerMs: wallMs,
        sinceProcessStartMs: wallMs,
        wallMs,
        seedRecords: 0,
      };
      return server;
    } catch (error) {
      await stopChild(child, 5_000);
      throw error;
    }
  }

  get ready(): Ready {
    return this.#ready!;
  }

  get url(): string {
    return this.ready.url;
  }

  memory(): Promise<Memory> {
    return ask<Memory & { type: 'mem' }>(this.child, { type: 'mem' }, 'mem', 60_000);
  }

  /** The process's profile clock (microseconds), to bound a CPU profile to a load window. */
  async mark(): Promise<number> {
    return (await ask<{ type: 'mark'; us: number }>(this.child, { type: 'mark' }, 'mark', 60_000)).us;
  }

  count(): Promise<{ counts: Record<string, number>; total: number }> {
    return ask<{ type: 'count'; counts: Record<string, number>; total: number }>(
      this.child,
      { type: 'count' },
      'count',
      300_000,
    );
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const reply = await ask<{ type: 'rows'; rows: T[] }>(
      this.child,
      { type: 'query', sql, params },
      'rows',
      120_000,
    );
    return reply.rows;
  }

  /**
   * Samples memory every `intervalMs` until `until` settles; returns the sample of the highest RSS.
   * The samples go over IPC, so a busy server answers late but the figure is its real RSS.
   */
  async peakRssDuring<T>(
    until: Promise<T>,
    intervalMs = 500,
  ): Promise<{ value: T; peak: Memory | undefined }> {
    let peak: Memory | undefined;
    let done = false;
    const sampler = (async () => {
      while (!done) {
        const m = await this.memory().catch(() => undefined);
        if (m && m.rss > (peak?.rss ?? 0)) peak = m;
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    })();
    try {
      const value = await until;
      return { value, peak };
    } finally {
      done = true;
      await sampler;
    }
  }

  /**
   * Waits until the server has finished the requests a load run left in flight (autocannon stops
   * sending at the end of a run, but the server still answers what it received): idle = under 10 %
   * of a core and no SQL over 300 ms. Bounded by `maxMs`; returns how long it took.
   */
  async waitIdle(maxMs = 60_000, intervalMs = 300): Promise<number> {
    const started = performance.now();
    let last = await this.memory();
    while (performance.now() - started < maxMs) {
      await new Promise((r) => setTimeout(r, intervalMs));
      const now = await this.memory();
      const cpu = now.cpuUserUs + now.cpuSystemUs - last.cpuUserUs - last.cpuSystemUs;
      const sql = now.statements - last.statements;
      last = now;
      if (cpu < intervalMs * 100 && !(sql > 0)) break;
    }
    return performance.now() - started;
  }

  stop(): Promise<void> {
    return stopChild(this.child, 60_000);
  }
}

/** Starts a server process that can query the data, lends it to `use`, and stops it. */
export async function withServerProcess<T>(
  options: ServerStartOptions,
  use: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await ServerProcess.start(options);
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

/** Resolves when `url` answers at all (any status: the process serves); rejects when the child exits first. */
const untilAnswering = async (child: ChildProcess, url: string, timeoutMs = 120_000) => {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the CLI exited (code ${child.exitCode}, signal ${child.signalCode}) before answering`);
    try {
      const response = await fetch(`${url}/openapi.json`);
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`the CLI did not answer within ${timeoutMs} ms`);
  }
};
