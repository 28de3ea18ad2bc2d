import { describe, expect, it } from 'vitest';
import { JOURNAL_BODY_LIMIT, RequestJournal } from './request-journal.js';

const entry = (n: number) => ({
  id: `r${n}`,
  at: new Date(0).toISOString(),
  method: 'GET',
  url: `/${n}`,
  status: 200,
  ms: 1,
});

describe('RequestJournal (D23)', () => {
  it('shows JSON answers parsed, other text as text, no body as null', () => {
    const journal = new RequestJournal(10);
    journal.add(entry(1), '{"a":1}');
    journal.add(entry(2), 'plain');
    journal.add(entry(3), null);
    expect(journal.read().results.map((r) => r.body)).toEqual([{ a: 1 }, 'plain', null]);
  });

  it('keeps the newest entries, at most its size', () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.add(entry(n), '{}');
    expect(journal.read()).toMatchObject({ count: 3, results: [{ id: 'r3' }, { id: 'r4' }, { id: 'r5' }] });
  });

  it('drops the oldest entries when the answers together exceed the budget', () => {
    const journal = new RequestJournal(100, 25);
    for (let n = 1; n <= 6; n++) journal.add(entry(n), `"${'x'.repeat(8)}"`); // 10 characters each
    expect(journal.read().results.map((r) => r.id)).toEqual(['r5', 'r6']);
  });

  it('shows an answer beyond the limit truncated, and keeps no more of it', () => {
    const journal = new RequestJournal(2, JOURNAL_BODY_LIMIT * 2);
    journal.add(entry(1), `"${'y'.repeat(JOURNAL_BODY_LIMIT * 3)}"`);
    journal.add(entry(2), '1');
    const [long, short] = journal.read().results;
    expect(long!.body).toEqual({ truncated: true, text: `"${'y'.repeat(JOURNAL_BODY_LIMIT - 1)}` });
    expect(short!.body).toBe(1);
  });

  it('clear() empties it', () => {
    const journal = new RequestJournal(5);
    journal.add(entry(1), '{}');
    journal.clear();
    expect(journal.read()).toEqual({ count: 0, results: [] });
  });
});
