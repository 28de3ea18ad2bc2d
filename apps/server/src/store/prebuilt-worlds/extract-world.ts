import { existsSync, mkdirSync, mkdtempSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DECODED_AHEAD, DECODED_CHUNK, DECODER_PARAMS, type WorldSlice } from './world-archive.js';

/**
 * Writing a new data directory from a prebuilt world, on a thread of its own:
 * decompressing the world and creating its thousand files is the start's longest step, and the
 * server's modules load, the HTTP app is built and PostgreSQL's WebAssembly compiles meanwhile.
 * The files go to a sibling directory that `finish` renames into place: a start that stops halfway
 * (an error, an exit, SIGINT or SIGTERM) removes it, and one killed outright leaves no directory
 * that looks like a database.
 */

/** Shared flags: the main thread asks the worker to stop, the worker says it has stopped. */
const FLAGS = { stop: 0, stopped: 1 };
/** How long an exit waits for the worker to leave the directory it removes. */
const STOP_WAIT_MS = 5000;

interface Job {
  world: WorldSlice;
  cwd: string;
  flags: SharedArrayBuffer;
  at: typeof FLAGS;
  decoder: { params: typeof DECODER_PARAMS; chunkSize: number; readableHighWaterMark: number };
}

/**
 * The worker (its source runs as CommonJS of its own, given `require`): decompresses the archive
 * up to the end of the world (world-archive.ts) and writes the entries of the world's tarball
 * (ustar as the build wrote it, files and directories only) under `cwd` as they arrive, until
 * asked to stop: the files of the start of the world are written while the rest is decompressed.
 * Not node-tar: loading it took 50-100 ms of the worker's start, and its extraction twice the CPU
 * in this process besides the file system's own.
 */
async function writeWorld(
  { world, cwd, flags: shared, at: index, decoder: options }: Job,
  load: NodeJS.Require,
) {
  const { createReadStream, mkdirSync, writeFileSync } = load('node:fs') as typeof import('node:fs');
  const { dirname, isAbsolute, join, normalize } = load('node:path') as typeof import('node:path');
  const { createBrotliDecompress } = load('node:zlib') as typeof import('node:zlib');
  const flags = new Int32Array(shared);
  const stopped = () => Atomics.load(flags, index.stop) !== 0;
  const fail = (what: string) => {
    throw new Error(what);
  };
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
  /** Bytes of the world's tarball read so far: where `tar` begins in it (error messages). */
  let read = 0;
  /**
   * Writes the complete entries at the start of `tar`; returns how many bytes they took, or
   * `undefined` at the end of the archive (a zero block).
   */
  const writeEntries = (tar: Buffer): number | undefined => {
    let offset = 0;
    while (offset + 512 <= tar.length && !stopped()) {
      if (!tar[offset]) return undefined;
      const header = tar.subarray(offset, offset + 512);
      // The checksum counts its own 8 bytes as spaces.
      let sum = 8 * 32;
      for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0 : header[i]!;
      if (sum !== octal(header, 148, 8)) fail(`damaged at byte ${read + offset}`);
      const prefix = text(header, 345, 155);
      const path = normalize(prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
      if (isAbsolute(path) || path.startsWith('..')) fail(`entry outside its directory: ${path}`);
      const mode = octal(header, 100, 8) & 0o777;
      const size = octal(header, 124, 12);
      const type = String.fromCharCode(header[156]!);
      if (type !== '5' && type !== '0' && type !== '\0')
        fail(`${path}: entries of type ${type} are not written`);
      const data = offset + 512;
      // The entry's data arrives with the next pieces.
      if (data + size > tar.length) break;
      if (type === '5') makeDir(path.replace(/\/$/, ''), mode);
      else {
        makeDir(dirname(path));
        writeFileSync(join(cwd, path), tar.subarray(data, data + size), { mode });
      }
      offset = data + Math.ceil(size / 512) * 512;
    }
    return offset;
  };
  const source = createReadStream(world.file);
  const decoded = createBrotliDecompress(options);
  source.once('error', (error) => decoded.destroy(error));
  source.pipe(decoded);
  try {
    const end = world.offset + world.length;
    let at = 0;
    /** The world's bytes not written yet: an entry that began in an earlier piece. */
    let pending: Buffer | undefined;
    let ended = false;
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      if (stopped()) return;
      const from = Math.max(world.offset - at, 0);
      const to = Math.min(end - at, chunk.length);
      at += chunk.length;
      if (to <= from) continue;
      const tar = pending ? Buffer.concat([pending, chunk.subarray(from, to)]) : chunk.subarray(from, to);
      const written = writeEntries(tar);
      if (written === undefined) {
        ended = true;
        break;
      }
      read += written;
      pending = written < tar.length ? tar.subarray(written) : undefined;
      if (at >= end) break;
    }
    if (!ended && !stopped()) fail(`truncated in the world at byte ${read}`);
  } catch (error) {
    // The archive named, as zlib's errors (a cut archive: "unexpected end of file") do not.
    throw new Error(`${world.file}: ${(error as Error).message}`);
  } finally {
    source.destroy();
    decoded.destroy();
    Atomics.store(flags, index.stopped, 1);
    Atomics.notify(flags, index.stopped);
  }
}
const WORKER = `(${writeWorld})(require('node:worker_threads').workerData, require)`;

export interface Extraction {
  /** The world written. */
  world: WorldSlice;
  /** Waits for the files, then renames them into place as `dataDir` (missing or an empty directory). */
  finish(): Promise<void>;
  /** Stops writing and removes what was written. */
  discard(): Promise<void>;
}

export function startExtraction(world: WorldSlice, dataDir: string): Extraction {
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
      workerData: {
        world,
        cwd: partial,
        flags: flags.buffer,
        at: FLAGS,
        decoder: { params: DECODER_PARAMS, chunkSize: DECODED_CHUNK, readableHighWaterMark: DECODED_AHEAD },
      } satisfies Job,
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
      code === 0 ? resolve() : reject(new Error(`extracting ${world.file} stopped (${code})`)),
    );
  });
  // Awaited by finish or discard, which may come after it failed.
  written.catch(() => {});
  let settled: Promise<void> | undefined;
  return {
    world,
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
}
