import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * A copy of a body as it streams past, kept up to a limit: what the engine judges. Past the limit
 * the copy is dropped (the body still streams to its receiver), so a large answer costs the limit's
 * memory at most.
 */
export interface Capture {
  /** Bytes seen, kept or not. */
  readonly bytes: number;
  /** Whether the whole body was kept (not past the limit). */
  readonly complete: boolean;
  add(chunk: Buffer): void;
  /** The kept body (empty once past the limit). */
  buffer(): Buffer;
}

export function captureUpTo(limit: number): Capture {
  let chunks: Buffer[] = [];
  let bytes = 0;
  let complete = true;
  return {
    get bytes() {
      return bytes;
    },
    get complete() {
      return complete;
    },
    add(chunk) {
      bytes += chunk.length;
      if (!complete) return;
      if (bytes > limit) {
        complete = false;
        chunks = [];
        return;
      }
      chunks.push(chunk);
    },
    buffer() {
      return Buffer.concat(chunks);
    },
  };
}

/** A body as sent (gzip, deflate, br or none), decoded; undefined when it cannot be. */
export function decodedBody(body: Buffer, contentEncoding: string | undefined): Buffer | undefined {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  try {
    if (encoding === '' || encoding === 'identity') return body;
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body);
    if (encoding === 'deflate') return inflateSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
    return undefined;
  } catch {
    return undefined;
  }
}
