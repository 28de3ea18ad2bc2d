import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli/main.js';
import type { JournalExchange } from './journal-exercised.js';
import { journalUrlOf, readJournalSource, SANDBOX_JOURNAL_SIZE, truncationOf } from './journal-source.js';

const entry = (body: unknown = null): JournalExchange => ({
  operation: 'getNote',
  method: 'GET',
  path: '/api/um/v3/notes/1/',
  query: {},
  status: 200,
  request: { headers: {}, body: null },
  response: { headers: {}, body },
});

describe('where a journal is read from', () => {
  it("takes a server's base URL, with or without a path prefix, or the journal's own URL with its filters", () => {
    expect(journalUrlOf('http://127.0.0.1:3000').toString()).toBe('http://127.0.0.1:3000/_sandbox/requests');
    expect(journalUrlOf('http://127.0.0.1:3000/').toString()).toBe('http://127.0.0.1:3000/_sandbox/requests');
    expect(journalUrlOf('https://gw.example.com/messaging/').toString()).toBe(
      'https://gw.example.com/messaging/_sandbox/requests',
    );
    expect(journalUrlOf('http://127.0.0.1:3000/_sandbox/requests?status=4xx').toString()).toBe(
      'http://127.0.0.1:3000/_sandbox/requests?status=4xx',
    );
  });

  it("reads a file holding GET /_sandbox/requests's answer or an array of its entries", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    writeFileSync(join(dir, 'answer.json'), JSON.stringify({ count: 1, results: [entry()] }));
    writeFileSync(join(dir, 'array.json'), JSON.stringify([entry(), entry()]));
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ interactions: [] }));
    expect((await readJournalSource(join(dir, 'answer.json'))).exchanges).toHaveLength(1);
    expect(await readJournalSource(join(dir, 'array.json'))).toMatchObject({ truncated: null });
    await expect(readJournalSource(join(dir, 'other.json'))).rejects.toThrow(/holds no journal/);
  });

  it('says a journal may have lost its oldest exchanges: as many as the sandbox keeps, or bodies near its budget', () => {
    expect(truncationOf([entry()])).toBeNull();
    expect(truncationOf(Array.from({ length: SANDBOX_JOURNAL_SIZE }, () => entry()))).toMatch(
      /holds 500 exchanges, as many as the sandbox keeps: older ones were dropped/,
    );
    const page = 'x'.repeat(256 * 1024);
    expect(truncationOf(Array.from({ length: 63 }, () => entry(page)))).toMatch(/near the sandbox's 16 M/);
  });
});

describe('contracts coverage usage errors', () => {
  const run = async (...args: string[]) => {
    const err: string[] = [];
    const code = await main(['coverage', ...args], { out: () => {}, err: (t) => err.push(t), env: {} });
    return { code, err: err.join('') };
  };

  it('refuses a journal option without --journal, and a pact option with it', async () => {
    expect(await run('--json')).toEqual({
      code: 2,
      err: expect.stringContaining('--json reads a journal: give --journal URL'),
    });
    expect((await run('--journal', 'j.json', '--pact-dir', 'pacts')).err).toContain(
      'reads pacts: not with --journal',
    );
  });

  it('takes levels 0 to 6 for --fail-under (TCL7 is not measured) and 0 to 100 for --fail-under-percent', async () => {
    expect((await run('--journal', 'j.json', '--fail-under', 'TCL7')).err).toContain(
      'TCL7, operation flows, is not measured',
    );
    expect((await run('--journal', 'j.json', '--fail-under-percent', '101')).code).toBe(2);
  });

  it('exits 2 naming the URL when no sandbox answers there', async () => {
    const { code, err } = await run('--journal', 'http://127.0.0.1:9/');
    expect(code).toBe(2);
    expect(err).toContain('GET http://127.0.0.1:9/_sandbox/requests failed');
  });
});
