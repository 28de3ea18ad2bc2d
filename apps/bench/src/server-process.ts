import type { ChildProcess } from 'node:child_process';
import type { DemoWorld, StartOptions } from '@org/reference-server';
import { ask, forkChild, nextMessage, stopChild } from './children.js';

/** StartOptions as they cross the process boundary (no functions). */
export type ServerStartOptions = Omit<StartOptions, 'seed'> & {
  seed?: false | Record<string, unknown>;
};

/** The server process's counters at one moment (IPC `mem`). */
export interface Memory {
  rss: number;
  heapUsed: number;
  /** Peak RSS of the process so far. */
  maxRss: number;
  /** process.cpuUsage() of the server process, microseconds. */
  cpuUserUs: number;
  cpuSystemUs: number;
  /** SQL statements the server sent to PostgreSQL so far (NaN on PGlite, where nothing counts them). */
  statements: number;
}

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

/** The reference server in its own process (server-proc.mjs). */
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
    const child = forkChild('./server-proc.mjs', {
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
   * Samples RSS every `intervalMs` until `until` settles; returns the highest sample. The samples
   * go over IPC, so a busy server answers late but the figure is its real RSS.
   */
  async peakRssDuring<T>(until: Promise<T>, intervalMs = 500): Promise<{ value: T; peakRss: number }> {
    let peak = 0;
    let done = false;
    const sampler = (async () => {
      while (!done) {
        const m = await this.memory().catch(() => undefined);
        if (m) peak = Math.max(peak, m.rss);
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    })();
    try {
      const value = await until;
      return { value, peakRss: peak };
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
