declare const shape: unique symbol;

/**
 * JSON text that encodes a `T`: a string, or a page's parts written in order. Records are rendered
 * to text once and pages are joined from those fragments, never re-parsed; the type carries what
 * the text encodes, so a handler returning another record's JSON fails to compile.
 */
export type Json<T> = JsonText<T> | JsonParts<T>;
export type JsonText<T> = string & { readonly [shape]: T };
/** Parts are bytes (stored renders) or text (written once, encoded as the socket writes it). */
export type JsonParts<T> = readonly JsonPart[] & { readonly [shape]: T };
export type JsonPart = Buffer | string;

/** Renders a value (already shaped as the API shows it) to its JSON text. */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/**
 * Text put together from fragments that each encode part of a `T` (a page around its records, a
 * record with a part set appended): the assembler vouches for the result.
 */
export function assembledJson<T>(text: string): JsonText<T>;
export function assembledJson<T>(parts: readonly JsonPart[]): JsonParts<T>;
export function assembledJson<T>(text: string | readonly JsonPart[]): Json<T> {
  return text as Json<T>;
}

/** The bytes of a page's parts, joined (the sandbox's journal and fixtures read a page whole). */
export function bytesOfParts(parts: readonly JsonPart[]): Buffer {
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}
