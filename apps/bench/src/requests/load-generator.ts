import type { ChildProcess } from 'node:child_process';
import { ask, forkChild, stopChild } from '../common/children.js';

/** One request of a load list: autocannon cycles through many of them. */
export interface BenchRequest {
  method: string;
  /** Path and query, e.g. /api/um/v3/conversations/?limit=100 */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  /** Base URL; only 127.0.0.1 is accepted. */
  url: string;
  connections: number;
  /** Seconds; every load run is bounded. */
  duration: number;
  /** Sent with every request (the token). */
  headers: Record<string, string>;
  requests: BenchRequest[];
  /**
   * Each request's headers as recorded, nothing added: no JSON content type for a body that came
   * without one (a client's requests replayed, recording-proxy.ts).
   */
  asRecorded?: boolean;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  meanLatency: number;
  /** Responses received within the run. */
  requests: number;
  /** Requests sent (the ones still in flight at the end are answered after the run). */
  sent: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerSecond: number;
  /** CPU time autocannon's process spent on this run (user + system), microseconds. */
  loadCpuUs: number;
}

/** Load never leaves the machine: the bench refuses any other target. */
export function assertLoopback(url: string): void {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`load targets only 127.0.0.1, not ${hostname}`);
}

/** autocannon in its own process (load-worker.ts), reused for every run. */
export class LoadGenerator {
  #child: ChildProcess | undefined;

  async run(job: LoadJob): Promise<LoadResult> {
    assertLoopback(job.url);
    if (!Number.isFinite(job.duration) || job.duration <= 0 || job.duration > 120)
      throw new Error(`load duration must be 0-120 s, not ${job.duration}`);
    if (!job.requests.length) throw new Error('empty request list');
    this.#child ??= forkChild(new URL('./load-worker.ts', import.meta.url), {
      typescript: true,
    });
    const reply = await ask<{ type: 'result'; result: LoadResult }>(
      this.#child,
      { type: 'run', job },
      'result',
      (job.duration + 60) * 1000,
    );
    return reply.result;
  }

  async close(): Promise<void> {
    if (this.#child) await stopChild(this.#child);
    this.#child = undefined;
  }
}
