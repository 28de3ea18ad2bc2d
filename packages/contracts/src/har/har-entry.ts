import { STATUS_CODES } from 'node:http';
import type { HarEntry, HarHeader } from './read-har.js';

/** One exchange as a HAR writer is given it: full URL, headers as pairs, bodies as text. */
export interface HarExchangeInput {
  readonly startedAt: Date;
  /** From sending the request to the end of the answer, in ms. */
  readonly timeMs: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: readonly HarHeader[];
    readonly body?: string;
  };
  readonly response: {
    readonly status: number;
    readonly headers: readonly HarHeader[];
    /** The body as text; undefined when it was not kept (then `size` says how large it was). */
    readonly body: string | undefined;
    readonly size: number;
  };
}

function headerValue(headers: readonly HarHeader[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name)?.value;
}

/** A HAR 1.2 entry with the fields the format requires (timings and sizes as far as known). */
export function harEntry(input: HarExchangeInput) {
  const { request, response } = input;
  const url = new URL(request.url);
  const requestType = headerValue(request.headers, 'content-type');
  const responseType = headerValue(response.headers, 'content-type') ?? '';
  const entry = {
    startedDateTime: input.startedAt.toISOString(),
    time: input.timeMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: request.headers,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body ? { postData: { mimeType: requestType ?? '', text: request.body } } : {}),
      headersSize: -1,
      bodySize: request.body ? Buffer.byteLength(request.body) : 0,
    },
    response: {
      status: response.status,
      statusText: STATUS_CODES[response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: response.headers,
      content: {
        size: response.size,
        mimeType: responseType,
        ...(response.body === undefined ? {} : { text: response.body }),
      },
      redirectURL: headerValue(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response.size,
    },
    cache: {},
    timings: { send: 0, wait: input.timeMs, receive: 0 },
  };
  // What it writes is what check-har reads.
  return entry satisfies HarEntry;
}

/** A HAR document around entries, naming what wrote it. */
export function harDocument(entries: readonly unknown[], creator: { name: string; version: string }) {
  return { log: { version: '1.2', creator, entries } };
}
