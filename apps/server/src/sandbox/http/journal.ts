import type { JournalEntry } from '../api/schemas.js';

/** A body is journaled up to this many characters (longer ones are shown truncated), to bound memory. */
export const JOURNAL_BODY_LIMIT = 256 * 1024;
/** The journal's bodies together, in characters; beyond it the oldest entries go, to bound memory. */
export const JOURNAL_BUDGET = 16 * 1024 * 1024;

/** What the journal is given of one exchange: everything but the bodies, which it keeps as text. */
export type JournalRecord = Omit<JournalEntry, 'request' | 'response'> & {
  request: { headers: Record<string, string>; body: string | null };
  response: { headers: Record<string, string>; body: string | null };
};

/** The filters of GET /_sandbox/requests, parsed (sandbox/api/schemas.ts JournalQuerySchema). */
export interface JournalFilter {
  method?: string;
  path?: string;
  status?: string;
  operation?: string;
}

/** A payload (a request's or an answer's) as the journal keeps it: text, or null without a body. */
export function journalTextOf(payload: unknown): string | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
  return text === null || text === '' ? null : text;
}

/** One more character than shown marks a body as truncated; the rest of a long one is not kept. */
function kept(text: string | null): string | null {
  return text !== null && text.length > JOURNAL_BODY_LIMIT ? text.slice(0, JOURNAL_BODY_LIMIT + 1) : text;
}

/** The body of an entry as GET /_sandbox/requests shows it: the JSON, or its text. */
function bodyOf(text: string | null): unknown {
  if (text === null) return null;
  if (text.length > JOURNAL_BODY_LIMIT) return { truncated: true, text: text.slice(0, JOURNAL_BODY_LIMIT) };
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sizeOf(entry: JournalRecord): number {
  return (entry.request.body?.length ?? 0) + (entry.response.body?.length ?? 0);
}

/** A path as sent or as a template (`{id}` matches one segment); a trailing slash is optional. */
function pathMatcher(wanted: string): (path: string) => boolean {
  const bare = wanted.replace(/\/+$/, '');
  if (!bare.includes('{'))
    return function isPath(path) {
      return path.replace(/\/+$/, '') === bare;
    };
  const source = bare
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  const pattern = new RegExp(`^${source}/?$`);
  return function matchesTemplate(path) {
    return pattern.test(path);
  };
}

/** True for an entry every given filter holds for. */
function matcherOf(filter: JournalFilter): (entry: JournalRecord) => boolean {
  const path = filter.path === undefined ? undefined : pathMatcher(filter.path);
  const status = filter.status?.toLowerCase();
  return function matchesFilter(entry) {
    return (
      (filter.method === undefined || entry.method === filter.method) &&
      (filter.operation === undefined || entry.operation === filter.operation) &&
      (path === undefined || path(entry.path)) &&
      (status === undefined ||
        (status.endsWith('xx')
          ? Math.floor(entry.status / 100) === Number(status[0])
          : entry.status === Number(status)))
    );
  };
}

/**
 * The sandbox's journal of recent exchanges: the newest `size` at most, and fewer when their
 * bodies together exceed `budget` characters. Bodies are kept as text and parsed when read: kept
 * parsed, 500 pages of 100 conversations took over 700 MB of heap.
 */
export class RequestJournal {
  #entries: JournalRecord[] = [];
  #chars = 0;

  constructor(
    private readonly size: number,
    private readonly budget: number = JOURNAL_BUDGET,
  ) {}

  add(entry: JournalRecord) {
    const stored: JournalRecord = {
      ...entry,
      request: { ...entry.request, body: kept(entry.request.body) },
      response: { ...entry.response, body: kept(entry.response.body) },
    };
    this.#entries.push(stored);
    this.#chars += sizeOf(stored);
    while (this.#entries.length > this.size || (this.#chars > this.budget && this.#entries.length > 1)) {
      const dropped = this.#entries.shift();
      if (dropped) this.#chars -= sizeOf(dropped);
    }
  }

  /** The entries, oldest first, that every given filter holds for. */
  read(filter: JournalFilter = {}): { count: number; results: JournalEntry[] } {
    const results = this.#entries.filter(matcherOf(filter)).map(
      (entry): JournalEntry => ({
        ...entry,
        request: { headers: entry.request.headers, body: bodyOf(entry.request.body) },
        response: { headers: entry.response.headers, body: bodyOf(entry.response.body) },
      }),
    );
    return { count: results.length, results };
  }

  clear() {
    this.#entries = [];
    this.#chars = 0;
  }
}
