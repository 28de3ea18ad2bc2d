import type { JournalEntry } from './sandbox-api.js';

/** D23: an answer is journaled up to this many characters (longer ones are shown truncated). */
export const JOURNAL_BODY_LIMIT = 256 * 1024;
/** D23: the journal's answers together, in characters; beyond it the oldest entries go. */
export const JOURNAL_BUDGET = 16 * 1024 * 1024;

type Kept = Omit<JournalEntry, 'body'> & { text: string | null };

/** An answer's payload as the journal keeps it: text, or null without a body. */
export const journalTextOf = (payload: unknown): string | null => {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
  return text === null || text === '' ? null : text;
};

/** The body of an entry as GET /_sandbox/requests shows it: the JSON answer, or its text. */
const bodyOf = (text: string | null): unknown => {
  if (text === null) return null;
  if (text.length > JOURNAL_BODY_LIMIT) return { truncated: true, text: text.slice(0, JOURNAL_BODY_LIMIT) };
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The sandbox's journal of recent requests (D23): the newest `size` at most, and fewer when their
 * answers together exceed `budget` characters. Answers are kept as text and parsed when read: kept
 * parsed, 500 pages of 100 conversations took over 700 MB of heap.
 */
export class RequestJournal {
  #entries: Kept[] = [];
  #chars = 0;

  constructor(
    private readonly size: number,
    private readonly budget: number = JOURNAL_BUDGET,
  ) {}

  add(entry: Omit<JournalEntry, 'body'>, answer: string | null) {
    // One more character than shown marks it as truncated; the rest of a long answer is not kept.
    const text =
      answer !== null && answer.length > JOURNAL_BODY_LIMIT
        ? answer.slice(0, JOURNAL_BODY_LIMIT + 1)
        : answer;
    this.#entries.push({ ...entry, text });
    this.#chars += text?.length ?? 0;
    while (this.#entries.length > this.size || (this.#chars > this.budget && this.#entries.length > 1))
      this.#chars -= this.#entries.shift()?.text?.length ?? 0;
  }

  read(): { count: number; results: JournalEntry[] } {
    const results = this.#entries.map(({ text, ...entry }) => ({ ...entry, body: bodyOf(text) }));
    return { count: results.length, results };
  }

  clear() {
    this.#entries = [];
    this.#chars = 0;
  }
}
