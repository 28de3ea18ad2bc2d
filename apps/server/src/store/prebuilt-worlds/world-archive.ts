import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { constants, createBrotliCompress } from 'node:zlib';
import type { DataDirFiles } from '../engine/data-dir-files.js';

/**
 * An archive of prebuilt worlds: the data directory tarballs of several worlds, one after the
 * other, as ONE brotli stream with a window large enough to reach from one world back to the one
 * before it. The demo worlds differ only in their present or their sandbox snapshot: compressed
 * together, each after the first costs almost nothing, where separate files held each world whole
 * (the package weighed 98.6 MB unpacked, 13.5 MB packed). A world is a byte range of the
 * decompressed stream: a start decompresses up to the end of its world and no further, so the
 * first world is the cheapest to reach.
 */

/** A world's tarball in the archive: its bytes `offset` to `offset + length` once decompressed. */
export interface WorldSlice {
  /** The archive's path. */
  file: string;
  offset: number;
  length: number;
}

/**
 * Quality 7: 3.8 MB for the three demo worlds, in a few seconds of the build (quality 9 saved 5%
 * for three times the time; decoding speed hardly depends on it). A 64 MB window (2^26, beyond
 * brotli's standard 16 MB: the large window) reaches back over a whole demo world (40 MB) to its
 * near twin. The decoder's buffer is the window's size: with 2^27 decoding the first world took
 * half as long again.
 */
const ENCODER_PARAMS = {
  [constants.BROTLI_PARAM_LARGE_WINDOW]: 1,
  [constants.BROTLI_PARAM_LGWIN]: 26,
  [constants.BROTLI_PARAM_QUALITY]: 7,
};

/** A stream written with the large window is refused by a decoder not told to accept it. */
export const DECODER_PARAMS = { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1 };

/** 1 MB pieces of output: decoding a world took half the time it took in zlib's default 16 KB ones. */
export const DECODED_CHUNK = 1 << 20;

/**
 * How far decoding may run ahead of the one reading it (the extraction's worker, writing files
 * meanwhile): with the stream's default the decoder waited for each piece to be written.
 */
export const DECODED_AHEAD = 16 << 20;

/** Writes `tarballs` as one archive at `file`; returns where each one lies in it, in their order. */
export async function writeWorldArchive(tarballs: string[], file: string): Promise<WorldSlice[]> {
  const slices: WorldSlice[] = [];
  let offset = 0;
  for (const tarball of tarballs) {
    const { size } = await stat(tarball);
    slices.push({ file, offset, length: size });
    offset += size;
  }
  await pipeline(
    async function* () {
      for (const tarball of tarballs) yield* createReadStream(tarball);
    },
    createBrotliCompress({ params: { ...ENCODER_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: offset } }),
    createWriteStream(file),
  );
  return slices;
}

/**
 * A tarball's entries as its bytes arrive, piece by piece (ustar as the build writes it: files and
 * directories only). Each file's bytes are copied once, into a buffer of its own; a piece is
 * garbage as soon as it is read, so a world in memory never has its tarball beside it.
 */
class TarReader {
  /** node:path's, given: the class also runs in the decoding thread, without this module's imports. */
  readonly #paths: Pick<typeof import('node:path'), 'isAbsolute' | 'normalize'>;
  readonly directories: DataDirFiles['directories'] = [];
  readonly files: DataDirFiles['files'] = [];
  /** Whether the zero block that ends the archive was read. */
  ended = false;
  readonly #header = Buffer.alloc(512);
  #headerFilled = 0;
  /** The file whose bytes are being read, and how many of them have arrived. */
  #file: { data: Uint8Array<ArrayBuffer>; filled: number } | undefined;
  /** Bytes of padding after an entry's data, up to its 512-byte block's end. */
  #padding = 0;
  /** Bytes of the tarball read so far (error messages). */
  #read = 0;

  constructor(paths: Pick<typeof import('node:path'), 'isAbsolute' | 'normalize'>) {
    this.#paths = paths;
  }

  read(piece: Buffer) {
    let at = 0;
    while (at < piece.length && !this.ended) {
      if (this.#padding > 0) {
        const skipped = Math.min(this.#padding, piece.length - at);
        this.#padding -= skipped;
        at += skipped;
      } else if (this.#file) {
        const file = this.#file;
        const taken = Math.min(file.data.length - file.filled, piece.length - at);
        file.data.set(piece.subarray(at, at + taken), file.filled);
        file.filled += taken;
        at += taken;
        if (file.filled === file.data.length) this.#endEntry(file.data.length);
      } else {
        const taken = Math.min(512 - this.#headerFilled, piece.length - at);
        piece.copy(this.#header, this.#headerFilled, at, at + taken);
        this.#headerFilled += taken;
        at += taken;
        if (this.#headerFilled === 512) this.#readHeader();
      }
    }
    this.#read += at;
  }

  #endEntry(size: number) {
    this.#file = undefined;
    this.#padding = Math.ceil(size / 512) * 512 - size;
  }

  #readHeader() {
    const header = this.#header;
    this.#headerFilled = 0;
    if (header[0] === 0) {
      this.ended = true;
      return;
    }
    const text = (from: number, length: number) =>
      header.toString('latin1', from, from + length).replace(/\0.*$/s, '');
    const octal = (from: number, length: number) => Number.parseInt(text(from, length).trim() || '0', 8);
    // The checksum counts its own 8 bytes as spaces.
    let sum = 8 * 32;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0 : header[i]!;
    if (sum !== octal(148, 8)) throw new Error(`damaged at byte ${this.#read}`);
    const prefix = text(345, 155);
    const path = this.#paths
      .normalize(prefix ? `${prefix}/${text(0, 100)}` : text(0, 100))
      .replace(/\/$/, '');
    if (this.#paths.isAbsolute(path) || path.startsWith('..'))
      throw new Error(`entry outside its directory: ${path}`);
    const mode = octal(100, 8) & 0o777;
    const size = octal(124, 12);
    const type = String.fromCharCode(header[156]!);
    if (type === '5') {
      this.directories.push({ path, mode });
      this.#endEntry(size);
    } else if (type === '0' || type === '\0') {
      const data = new Uint8Array(size);
      this.files.push({ path, mode, data });
      if (size > 0) this.#file = { data, filled: 0 };
    } else throw new Error(`${path}: entries of type ${type} are not read`);
  }
}

/** What the decoding thread is given. */
interface DecodeJob {
  world: WorldSlice;
  decoder: { params: typeof DECODER_PARAMS; chunkSize: number };
}

/** What the decoding thread posts: the world's directories and files, each file's bytes its own. */
type Decoded = DataDirFiles;

/**
 * The decoding thread (its source runs as CommonJS of its own, given `require` and TarReader's
 * source): decompresses the archive up to the end of the world, reads the world's tarball as it
 * arrives, and posts its files, their buffers handed over, not copied. On the start's main thread
 * zlib waited for a turn of it before each next piece, and the main thread was loading the
 * server's modules (D85); reading the tarball there too held the world twice, as pieces waiting
 * and as files.
 */
async function decodeWorld(
  { world, decoder: options }: DecodeJob,
  load: NodeJS.Require,
  Reader: typeof TarReader,
) {
  const { parentPort } = load('node:worker_threads') as typeof import('node:worker_threads');
  const { createReadStream } = load('node:fs') as typeof import('node:fs');
  const { createBrotliDecompress } = load('node:zlib') as typeof import('node:zlib');
  const tar = new Reader(load('node:path') as typeof import('node:path'));
  const source = createReadStream(world.file);
  const decoded = createBrotliDecompress(options);
  source.once('error', (error) => decoded.destroy(error));
  source.pipe(decoded);
  const end = world.offset + world.length;
  let at = 0;
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      const from = Math.max(world.offset - at, 0);
      const to = Math.min(end - at, chunk.length);
      if (to > from) tar.read(chunk.subarray(from, to));
      at += chunk.length;
      if (at >= end || tar.ended) break;
    }
  } finally {
    source.destroy();
    decoded.destroy();
  }
  if (!tar.ended) throw new Error(`ends at byte ${at} of its stream, before the world's end (${end})`);
  const files: Decoded = { directories: tar.directories, files: tar.files };
  parentPort!.postMessage(
    files,
    files.files.map((f) => f.data.buffer),
  );
}
const DECODE_WORKER = `(${decodeWorld})(require('node:worker_threads').workerData, require, ${TarReader})`;

/**
 * One world's data directory, read into memory (for PGlite in memory): the archive decompressed up
 * to the end of the world and its tarball read on a thread of its own (decodeWorld).
 */
export async function readWorldFiles({ file, offset, length }: WorldSlice): Promise<DataDirFiles> {
  const worker = new Worker(DECODE_WORKER, {
    eval: true,
    workerData: {
      world: { file, offset, length },
      decoder: { params: DECODER_PARAMS, chunkSize: DECODED_CHUNK },
    } satisfies DecodeJob,
  });
  try {
    return await new Promise<DataDirFiles>((resolve, reject) => {
      worker.once('message', (decoded: Decoded) => resolve(decoded));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`decoding stopped (exit code ${code})`)));
    });
  } catch (error) {
    // The archive named, as zlib's errors (a cut archive: "unexpected end of file") do not.
    throw new Error(`${file}: ${(error as Error).message}`);
  } finally {
    void worker.terminate();
  }
}
