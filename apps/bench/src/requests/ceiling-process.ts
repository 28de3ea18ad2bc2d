import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { ask, forkChild, nextMessage, stopChild } from '../common/children.js';
import type { CapturedResponse } from './captured-responses.js';

/** The ceiling server (ceiling-worker.ts) in its own process, like the server it is compared with. */
export class CeilingProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(responses: readonly CapturedResponse[]): Promise<CeilingProcess> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'um-bench-ceiling-'));
    const file = path.join(dir, 'responses.bin');
    writeFileSync(file, serialize(responses));
    const child = forkChild(new URL('./ceiling-worker.ts', import.meta.url), { typescript: true });
    try {
      await nextMessage(child, 'booted', 60_000);
      const { url } = await ask<{ type: 'ready'; url: string }>(
        child,
        { type: 'start', file },
        'ready',
        120_000,
      );
      return new CeilingProcess(child, url);
    } catch (error) {
      await stopChild(child, 5_000);
      throw error;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** CPU time (user + system) of the ceiling process so far, microseconds. */
  async cpuUs(): Promise<number> {
    return (await ask<{ type: 'cpu'; us: number }>(this.child, { type: 'cpu' }, 'cpu', 30_000)).us;
  }

  stop(): Promise<void> {
    return stopChild(this.child, 10_000);
  }
}
