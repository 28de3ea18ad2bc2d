import { describe, expect, it } from 'vitest';
import { JOURNAL_BODY_LIMIT, type JournalRecord, RequestJournal } from './journal.js';

const entry = (
  n: number,
  answer: string | null,
  { method = 'GET', path = `/${n}`, status = 200, sent = null as string | null } = {},
): JournalRecord => ({
  id: `r${n}`,
  at: new Date(0).toISOString(),
  operation: null,
  method,
  url: path,
  path,
  query: {},
  status,
  ms: 1,
  request: { headers: {}, body: sent },
  response: { headers: {}, body: answer },
});

const answers = (journal: RequestJournal) => journal.read().results.map((r) => r.response.body);

describe('RequestJournal', () => {
  it('shows JSON bodies parsed, other text as text, no body as null', () => {
    const journal = new RequestJournal(10);
    journal.add(entry(1, '{"a":1}', { sent: '{"status":"closed"}' }));
    journal.add(entry(2, 'plain'));
    journal.add(entry(3, null));
    expect(answers(journal)).toEqual([{ a: 1 }, 'plain', null]);
    expect(journal.read().results[0]!.request.body).toEqual({ status: 'closed' });
  });

  it('keeps the newest entries, at most its size', () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.add(entry(n, '{}'));
    expect(journal.read()).toMatchObject({ count: 3, results: [{ id: 'r3' }, { id: 'r4' }, { id: 'r5' }] });
  });

  it('drops the oldest entries when the bodies together (sent and answered) exceed the budget', () => {
    const journal = new RequestJournal(100, 25);
    for (let n = 1; n <= 6; n++) journal.add(entry(n, `"${'x'.repeat(8)}"`)); // 10 characters each
    expect(journal.read().results.map((r) => r.id)).toEqual(['r5', 'r6']);
    journal.add(entry(7, '"x"', { sent: `"${'y'.repeat(18)}"` })); // 3 + 20 characters
    expect(journal.read().results.map((r) => r.id)).toEqual(['r7']);
  });

  it('shows a body beyond the limit truncated, and keeps no more of it', () => {
    const journal = new RequestJournal(2, JOURNAL_BODY_LIMIT * 4);
    journal.add(
      entry(1, `"${'y'.repeat(JOURNAL_BODY_LIMIT * 3)}"`, { sent: 'z'.repeat(JOURNAL_BODY_LIMIT + 5) }),
    );
    journal.add(entry(2, '1'));
    const [long, short] = journal.read().results;
    expect(long!.response.body).toEqual({ truncated: true, text: `"${'y'.repeat(JOURNAL_BODY_LIMIT - 1)}` });
    expect(long!.request.body).toEqual({ truncated: true, text: 'z'.repeat(JOURNAL_BODY_LIMIT) });
    expect(short!.response.body).toBe(1);
  });

  it('filters by method, path (as sent or as a template, trailing slash optional) and status (or class)', () => {
    const journal = new RequestJournal(10);
    journal.add(entry(1, '{}', { method: 'GET', path: '/api/um/v3/conversations/7/' }));
    journal.add(entry(2, '{}', { method: 'PATCH', path: '/api/um/v3/conversations/7/' }));
    journal.add(entry(3, '{}', { method: 'PATCH', path: '/api/um/v3/conversations/8/', status: 400 }));
    journal.add(entry(4, '{}', { method: 'PATCH', path: '/api/um/v3/conversations/8/messages/' }));
    const ids = (filter: Parameters<RequestJournal['read']>[0]) =>
      journal.read(filter).results.map((r) => r.id);
    expect(ids({ method: 'PATCH' })).toEqual(['r2', 'r3', 'r4']);
    expect(ids({ path: '/api/um/v3/conversations/7' })).toEqual(['r1', 'r2']);
    expect(ids({ path: '/api/um/v3/conversations/{id}/' })).toEqual(['r1', 'r2', 'r3']);
    expect(ids({ status: '400' })).toEqual(['r3']);
    expect(ids({ status: '2xx', method: 'PATCH' })).toEqual(['r2', 'r4']);
    expect(ids({ path: '/api/um/v3/(.*)' })).toEqual([]);
  });

  it('clear() empties it', () => {
    const journal = new RequestJournal(5);
    journal.add(entry(1, '{}'));
    journal.clear();
    expect(journal.read()).toEqual({ count: 0, results: [] });
  });
});
