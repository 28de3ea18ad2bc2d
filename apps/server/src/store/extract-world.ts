import { existsSync, mkdirSync, mkdtempSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Writing a new data directory from a prebuilt world's tarball (D43), on a thread of its own (D58):
 * creating its thousand files is the start's longest step, and the server's modules load, the
 * HTTP app is built and PostgreSQL's WebAssembly compiles meanwhile. The files go to a sibling
 * directory that `finish` renames into place: a start that stops halfway (an error, an exit,
 * SIGINT or SIGTERM) removes it, and one killed outright leaves no directory that looks like a
 * database.
 */

/** Shared flags: the main thread asks the worker to stop, the worker says it has stopped. */
const FLAGS = { stop: 0, stopped: 1 };
/** How long an exit waits for the worker to leave the directory it removes. */
const STOP_WAIT_MS = 5000;

interface Job {
  file: string;
  cwd: string;
  flags: SharedArrayBuffer;
  at: typeof FLAGS;
}

/**
 * The worker (its source runs as CommonJS of its own, given `require`): writes the
 * entries of a tarball the build wrote (ustar, files and directories only) under `cwd`, until
 * asked to stop. Not node-tar: loading it took 50-100 ms of the worker's start, and its extraction
 * twice the CPU in this process besides the file system's own.
 */
function writeTarball({ file, cwd, flags: shared, at: index }: Job, load: NodeJS.Require) {
  const { mkdirSync, readFileSync, writeFileSync } = load('node:fs') as typeof import('node:fs');
  const { dirname, isAbsolute, join, normalize } = load('node:path') as typeof import('node:path');
  const flags = new Int32Array(shared);
  const fail = (what: string) => {
    throw new Error(`${file}: ${what}`);
  };
  try {
    const tar = readFileSync(file);
    const made = new Set<string>(['.']);
    const makeDir = (path: string, mode?: number) => {
      if (made.has(path)) return;
      mkdirSync(join(cwd, path), { recursive: true, ...(mode === undefined ? {} : { mode }) });
      made.add(path);
    };
    const text = (header: Buffer, from: number, length: number) =>
      header.toString('latin1', from, from + length).replace(/\0.*$/s, '');
    const octal = (header: Buffer, from: number, length: number) =>
      Number.parseInt(text(header, from, length).trim() || '0', 8);
    for (let offset = 0; tar[offset] && Atomics.load(flags, index.stop) === 0; ) {
      const header = tar.subarray(offset, offset + 512);
      // The checksum counts its own 8 bytes as spaces.
      let sum = 8 * 32;
      for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0 : header[i]!;
      if (header.length < 512 || sum !== octal(header, 148, 8)) fail(`damaged at byte ${offset}`);
      const prefix = text(header, 345, 155);
      const path = normalize(prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
      if (isAbsolute(path) || path.startsWith('..')) fail(`entry outside its directory: ${path}`);
      const mode = octal(header, 100, 8) & 0o777;
      const size = octal(header, 124, 12);
      const type = String.fromCharCode(header[156]!);
      offset += 512;
      if (offset + size > tar.length) fail(`truncated in ${path}`);
      if (type === '5') makeDir(path.replace(/\/$/, ''), mode);
      else if (type === '0' || type === '\0') {
        makeDir(dirname(path));
        writeFileSync(join(cwd, path), tar.subarray(offset, offset + size), { mode });
      } else fail(`${path}: entries of type ${type} are not written`);
      offset += Math.ceil(size / 512) * 512;
    }
  } finally {
    Atomics.store(flags, index.stopped, 1);
    Atomics.notify(flags, index.stopped);
  }
}
const WORKER = `(${writeTarball})(require('node:worker_threads').workerData, require)`;

export interface Extraction {
  /** The tarball written. */
  file: string;
  /** Waits for the files, then renames them into place as `dataDir` (missing or an empty directory). */
  finish(): Promise<void>;
  /** Stops writing and removes what was written. */
  discard(): Promise<void>;
}

export const startExtraction = (file: string, dataDir: string): Extraction => {
  const flags = new Int32Array(
    new SharedArrayBuffer(Object.keys(FLAGS).length * Int32Array.BYTES_PER_ELEMENT),
  );
  let partial: string | undefined;
  let worker: Worker | undefined;
  // Synchronous, for `exit`: the worker stops at its next entry, then its files are removed.
  const removeNow = () => {
    Atomics.store(flags, FLAGS.stop, 1);
    if (worker) Atomics.wait(flags, FLAGS.stopped, 0, STOP_WAIT_MS);
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
      workerData: { file, cwd: partial, flags: flags.buffer, at: FLAGS } satisfies Job,
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
        Atomics.store(flags, FLAGS.stop, 1);
        await written.catch(() => {});
        rmSync(cwd, { recursive: true, force: true });
        unhook();
      })()),
  };
};
