import { readFile } from 'node:fs/promises';
import type { JournalExchange } from './journal-exercised.js';

/**
 * The sandbox's journal bounds, as the reference server sets them (its request journal): the newest
 * 500 exchanges, fewer when their bodies pass 16 M characters (each body counted up to 256 K).
 * Neither can be raised from the bin, and GET /_sandbox/requests has no paging: a run that sent more
 * lost its oldest exchanges, which is said rather than guessed at.
 */
export const SANDBOX_JOURNAL_SIZE = 500;
const SANDBOX_JOURNAL_BUDGET = 16 * 1024 * 1024;
const SANDBOX_BODY_LIMIT = 256 * 1024;
const JOURNAL_PATH = '/_sandbox/requests';

/** A journal as read: where from, its exchanges, and why it may miss older ones (null when it cannot). */
export interface JournalRead {
  readonly source: string;
  readonly exchanges: JournalExchange[];
  readonly truncated: string | null;
}

/** The journal's URL for a server's base URL (with any path prefix) or the journal's own URL. */
export function journalUrlOf(url: string): URL {
  const target = new URL(url);
  const bare = target.pathname.replace(/\/+$/, '');
  if (!bare.endsWith(JOURNAL_PATH)) target.pathname = `${bare}${JOURNAL_PATH}`;
  return target;
}

function charsOf(body: unknown): number {
  if (body === null || body === undefined) return 0;
  return typeof body === 'string' ? body.length : JSON.stringify(body).length;
}

/**
 * Why a journal may have lost its oldest exchanges: it holds as many as the sandbox keeps, or its
 * bodies come within one exchange of the text budget (a body is at most 256 K, so a drop for the
 * budget leaves more than the budget less two bodies). Counting re-serialised JSON is close enough:
 * the server counts the text as sent.
 */
export function truncationOf(exchanges: readonly JournalExchange[]): string | null {
  if (exchanges.length >= SANDBOX_JOURNAL_SIZE)
    return `the journal holds ${exchanges.length} exchanges, as many as the sandbox keeps: older ones were dropped and are not counted`;
  const chars = exchanges.reduce((sum, e) => sum + charsOf(e.request?.body) + charsOf(e.response?.body), 0);
  if (chars > SANDBOX_JOURNAL_BUDGET - 2 * SANDBOX_BODY_LIMIT)
    return `the journal's bodies come to ${(chars / 1024 / 1024).toFixed(1)} M characters, near the sandbox's 16 M: older exchanges may have been dropped and are not counted`;
  return null;
}

function exchangesOf(json: unknown, source: string): JournalExchange[] {
  const results = Array.isArray(json) ? json : (json as { results?: unknown } | null)?.results;
  if (!Array.isArray(results))
    throw new Error(`${source} holds no journal: expected GET ${JOURNAL_PATH}'s { results } or an array`);
  return results as JournalExchange[];
}

async function fetchJournal(url: URL): Promise<unknown> {
  const response = await fetch(url).catch((error: unknown) => {
    throw new Error(`GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (response.status !== 200)
    throw new Error(
      `GET ${url} answered ${response.status}: is it a reference server started with --sandbox?`,
    );
  return response.json();
}

/**
 * Reads a journal: from a running sandbox (its base URL, or the journal's URL with any filters), or
 * from a file holding what GET /_sandbox/requests answered (or a JSON array of its entries).
 */
export async function readJournalSource(source: string): Promise<JournalRead> {
  const remote = /^https?:\/\//i.test(source);
  const where = remote ? journalUrlOf(source).toString() : source;
  const json = remote ? await fetchJournal(new URL(where)) : JSON.parse(await readFile(source, 'utf8'));
  const exchanges = exchangesOf(json, where);
  return { source: where, exchanges, truncated: truncationOf(exchanges) };
}

/**
 * Reads the journals of several instances of one deployment (each sandbox instance keeps its own)
 * as one: their exchanges together, the first reason one of them may miss older ones.
 */
export async function readJournalSources(sources: readonly string[]): Promise<JournalRead> {
  const reads = await Promise.all(sources.map((source) => readJournalSource(source)));
  const truncated = reads.find((read) => read.truncated !== null);
  return {
    source: reads.map((read) => read.source).join(', '),
    exchanges: reads.flatMap((read) => read.exchanges),
    truncated: truncated ? `${truncated.source}: ${truncated.truncated}` : null,
  };
}
