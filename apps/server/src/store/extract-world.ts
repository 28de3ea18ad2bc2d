import { existsSync, mkdirSync, mkdtempSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Writing a new data directory from a prebuilt world's tarball (D43), on a thread of its own (D58):
 * creating its thousand files is the start's longest step, and the server's modules load, the
 * HTTP app is built and PostgreSQL's WebAssembly compiles meanwhile. node-tar's synchronous
 * extraction (a third of the asynchronous one's time) runs in the worker, into a sibling directory
 * that `finish` renames into place: a start that stops halfway (an error, an exit, SIGINT or
 * SIGTERM) removes it, and one killed outright leaves no directory that looks like a database.
 */

/** Shared flags: the main thread asks the worker to stop, the worker says it has stopped. */
const STOP = 0;
const STOPPED = 1;
/** How long an exit waits for the worker to leave the directory it removes. */
const STOP_WAIT_MS = 5000;

// A worker of CommonJS source (no file of its own, so the sources run it as the bundle does); it
// skips the entries left once asked to stop.
const WORKER = `
const { workerData } = require('node:worker_threads');
const flags = new Int32Array(workerData.flags);
try {
  require(workerData.tar).x({
    sync: true,
    file: workerData.file,
    cwd: workerData.cwd,
    filter: () => Atomics.load(flags, ${STOP}) === 0,
  });
} finally {
  Atomics.store(flags, ${STOPPED}, 1);
  Atomics.notify(flags, ${STOPPED});
}`;

export interface Extraction {
  /** The tarball written. */
  file: string;
  /** Waits for the files, then renames them into place as `dataDir` (missing or an empty directory). */
  finish(): Promise<void>;
  /** Stops writing and removes what was written. */
  discard(): Promise<void>;
}

export const startExtraction = (file: string, dataDir: string): Extraction => {
  const flags = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  let partial: string | undefined;
  let worker: Worker | undefined;
  // Synchronous, for `exit`: the worker stops at its next entry, then its files are removed.
  const removeNow = () => {
    Atomics.store(flags, STOP, 1);
    if (worker) Atomics.wait(flags, STOPPED, 0, STOP_WAIT_MS);
    if (partial) rmSync(partial, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    removeNow();
    unhook();
    // Alone in listening, it stands for the default: the process ends by the signal.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const unhook = () => {
    process.off('exit', removeNow);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  // Before the directory exists: a signal in between would leave it.
  process.on('exit', removeNow);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    mkdirSync(dirname(dataDir), { recursive: true });
    partial = mkdtempSync(`${dataDir}.partial-`);
    worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        tar: createRequire(import.meta.url).resolve('tar'),
        file,
        cwd: partial,
        flags: flags.buffer,
      },
    });
  } catch (error) {
    removeNow();
    unhook();
    throw error;
  }
  const [cwd, thread] = [partial, worker];
  const written = new Promise<void>((resolve, reject) => {
    thread.once('error', reject);
    thread.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`extracting ${file} stopped (${code})`)),
    );
  });
  // Awaited by finish or discard, which may come after it failed.
  written.catch(() => {});
  let settled: Promise<void> | undefined;
  return {
    file,
    finish: () =>
      (settled ??= written
        .then(() => {
          if (existsSync(dataDir)) rmdirSync(dataDir); // only an empty one (it fails otherwise)
          renameSync(cwd, dataDir);
        })
        .catch((error: unknown) => {
          rmSync(cwd, { recursive: true, force: true });
          throw error;
        })
        .finally(unhook)),
    discard: () =>
      (settled ??= (async () => {
        Atomics.store(flags, STOP, 1);
        await written.catch(() => {});
        rmSync(cwd, { recursive: true, force: true });
        unhook();
      })()),
  };
};
