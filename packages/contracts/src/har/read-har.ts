import { readFileSync } from 'node:fs';
import { isObject } from '../document/json.js';
import type { ExchangeOrigin } from '../exchange/report.js';
import type { HeaderBag, RecordedExchange } from '../exchange/types.js';

/**
 * The parts of an HTTP Archive (HAR 1.2, https://w3c.github.io/web-performance/specs/HAR/Overview.html)
 * that an exchange is read from. Browsers' dev tools, Playwright's `recordHar`, mitmproxy, Charles
 * and `contracts proxy --har` write it.
 */
export interface HarHeader {
  readonly name: string;
  readonly value: string;
}

export interface HarEntry {
  readonly startedDateTime?: string;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: readonly HarHeader[];
    readonly postData?: { readonly mimeType?: string; readonly text?: string };
  };
  readonly response: {
    readonly status: number;
    readonly headers: readonly HarHeader[];
    readonly content: {
      readonly size?: number;
      readonly mimeType?: string;
      /** The body, decoded; base64 when `encoding` says so. Absent when it was not recorded. */
      readonly text?: string;
      readonly encoding?: string;
    };
  };
}

/** One entry of a HAR, as the engine reads it, and where it came from. */
export interface HarExchange {
  readonly exchange: RecordedExchange;
  readonly origin: ExchangeOrigin;
}

function headerBagOf(headers: readonly HarHeader[], fallbackContentType?: string): HeaderBag {
  const byName = new Map<string, string>();
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    // HTTP/2 pseudo-headers (`:authority`) are the transport's, not the message's.
    if (key.startsWith(':')) continue;
    const before = byName.get(key);
    byName.set(key, before === undefined ? value : `${before}, ${value}`);
  }
  if (fallbackContentType && !byName.has('content-type')) byName.set('content-type', fallbackContentType);
  return { get: (name) => byName.get(name.toLowerCase()) ?? null };
}

/** A response body's text, decoded from base64 when the HAR says so. */
function bodyTextOf(content: HarEntry['response']['content']): string {
  if (content.text === undefined) return '';
  return content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
}

function isHeaders(value: unknown): value is HarHeader[] {
  return (
    Array.isArray(value) &&
    value.every((h) => isObject(h) && typeof h.name === 'string' && typeof h.value === 'string')
  );
}

/** What is wrong with an entry, or undefined when it has what the engine reads. */
function entryProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return 'not an object';
  const { request, response } = entry as Record<string, unknown>;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string')
    return 'no request with a method and a url';
  if (!isHeaders(request.headers)) return 'request.headers is not a list of { name, value }';
  if (!isObject(response) || typeof response.status !== 'number') return 'no response with a status';
  if (!isHeaders(response.headers)) return 'response.headers is not a list of { name, value }';
  if (!isObject(response.content)) return 'no response.content';
  return undefined;
}

/** An entry as a recorded exchange: path and query from its URL, bodies as text. */
function exchangeOfEntry(entry: HarEntry, source: string): HarExchange {
  const url = new URL(entry.request.url);
  const { content } = entry.response;
  // A body the recorder did not keep (size known, text absent) is not judged, rather than judged empty.
  const notRecorded = content.text === undefined && (content.size ?? 0) > 0;
  return {
    exchange: {
      request: {
        method: entry.request.method,
        path: url.pathname,
        query: [...url.searchParams],
        headers: headerBagOf(entry.request.headers, entry.request.postData?.mimeType),
        body: entry.request.postData?.text,
      },
      response: {
        status: entry.response.status,
        headers: headerBagOf(entry.response.headers),
        body: bodyTextOf(content),
        ...(notRecorded ? { truncated: true } : {}),
      },
    },
    origin: {
      method: entry.request.method.toUpperCase(),
      url: `${url.pathname}${url.search}`,
      source,
      ...(notRecorded ? { bodyNotJudged: true } : {}),
    },
  };
}

/**
 * The exchanges of a HAR document. Entries without an answer (status 0: blocked, cancelled) are
 * left out; a document that is no HAR, or an entry without what the engine reads, throws naming it.
 */
export function harExchanges(har: unknown, name: string): HarExchange[] {
  const entries = isObject(har) && isObject(har.log) ? har.log.entries : undefined;
  if (!Array.isArray(entries)) throw new Error(`${name} is not a HAR: it has no log.entries`);
  return entries.flatMap((entry, index) => {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`${name}: entry ${index} is not a HAR entry: ${problem}`);
    const harEntry = entry as HarEntry;
    if (harEntry.response.status <= 0) return [];
    try {
      return [exchangeOfEntry(harEntry, `${name}#${index}`)];
    } catch (error) {
      throw new Error(`${name}: entry ${index}: ${(error as Error).message}`);
    }
  });
}

/** The exchanges of a HAR file; an unreadable file or one that is no HAR throws naming it. */
export function readHarFile(file: string): HarExchange[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  let har: unknown;
  try {
    har = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  return harExchanges(har, file);
}
