import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createBrotliDecompress } from 'node:zlib';

/**
 * An archive of prebuilt worlds (D43): the data directory tarballs of several worlds, one after the
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
export const writeWorldArchive = async (tarballs: string[], file: string): Promise<WorldSlice[]> => {
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
};

/**
 * One world's tarball as a Blob (for PGlite's `loadDataDir`, in memory): the archive decompressed
 * up to the end of the world, on libuv's threads, keeping only the world's own bytes.
 */
export const readWorldSlice = async ({ file, offset, length }: WorldSlice): Promise<Blob> => {
  const source = createReadStream(file);
  const decoder = createBrotliDecompress({ params: DECODER_PARAMS, chunkSize: DECODED_CHUNK });
  source.once('error', (error) => decoder.destroy(error));
  source.pipe(decoder);
  const end = offset + length;
  const parts: Buffer<ArrayBuffer>[] = [];
  let at = 0;
  try {
    // zlib's pieces are buffers of their own (no shared memory), as a Blob takes them.
    for await (const chunk of decoder as AsyncIterable<Buffer<ArrayBuffer>>) {
      const from = Math.max(offset - at, 0);
      const to = Math.min(end - at, chunk.length);
      if (to > from) parts.push(chunk.subarray(from, to));
      at += chunk.length;
      if (at >= end) break;
    }
  } catch (error) {
    // The archive named, as zlib's errors (a cut archive: "unexpected end of file") do not.
    throw new Error(`${file}: ${(error as Error).message}`);
  } finally {
    source.destroy();
    decoder.destroy();
  }
  if (at < end) throw new Error(`${file}: ends at byte ${at} of its stream, before the world's end (${end})`);
  return new Blob(parts);
};
