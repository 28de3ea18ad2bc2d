import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@org/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { ExchangeReport } from '../../src/exchange/report.js';
import { harDocument, harEntry } from '../../src/har/har-entry.js';
import { DRIFTS, driftOf, PLANTED_EMAIL } from '../support/drifts.js';
import { type Recorded, recordSession } from './recorded-exchanges.js';

const TOKEN = 'har-organization-token';
let server: RunningServer;
let exchanges: Recorded[];
const dir = mkdtempSync(join(tmpdir(), 'check-har-'));

/** A recorded exchange with the drift of its operation applied, if one is planted there. */
function drifted(exchange: Recorded): Recorded {
  const drift = driftOf(exchange.request.method, new URL(exchange.request.url).pathname);
  if (!drift) return exchange;
  const headers = Object.fromEntries(exchange.response.headers.map((h) => [h.name.toLowerCase(), h.value]));
  const answer = drift.drift({ status: exchange.response.status, headers, body: exchange.response.body });
  return {
    ...exchange,
    response: {
      status: answer.status,
      headers: Object.entries(answer.headers).map(([name, value]) => ({ name, value })),
      body: answer.body,
      size: Buffer.byteLength(answer.body),
    },
  };
}

/** A HAR of the exchanges, one body base64-encoded as browsers write binary ones, and an entry of another site. */
function writeHar(name: string, recorded: readonly Recorded[]): string {
  const entries = recorded.map((exchange, i) => {
    const entry = harEntry(exchange);
    if (i !== 0) return entry;
    const text = Buffer.from(exchange.response.body).toString('base64');
    return {
      ...entry,
      response: { ...entry.response, content: { ...entry.response.content, text, encoding: 'base64' } },
    };
  });
  const favicon = harEntry({
    startedAt: new Date(),
    timeMs: 1,
    request: { method: 'GET', url: 'https://docs.example.com/favicon.ico', headers: [] },
    response: { status: 200, headers: [{ name: 'Content-Type', value: 'image/x-icon' }], body: '', size: 0 },
  });
  const file = join(dir, name);
  writeFileSync(
    file,
    JSON.stringify(harDocument([...entries, favicon], { name: 'check-har test', version: '1' })),
  );
  return file;
}

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: {} });
  return { code, out: out.join(''), err: err.join('') };
}

beforeAll(async () => {
  server = await startServer({
    memory: true,
    seed: { size: 'tiny' },
    tokens: { organization: TOKEN, customer: 'har-customer-token' },
    limits: { daily: 1e9, burst: { requests: 1e9, windowSeconds: 1 }, analyticsPerMinute: 1e9 },
  });
  exchanges = await recordSession(server.url, TOKEN);
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('contracts check-har', () => {
  it('reports the reference server’s own answers clean, the entry of another site not judged', async () => {
    const har = writeHar('clean.har', exchanges);
    const { code, out } = await cli('check-har', har, '--json');
    const report = JSON.parse(out) as ExchangeReport;
    expect(report.findings).toEqual([]);
    expect(code).toBe(0);
    expect(report).toMatchObject({ exchanges: exchanges.length + 1, judged: exchanges.length, outside: 1 });
    expect(Object.keys(report.byOperation)).toEqual(
      expect.arrayContaining(['createNote', 'getNote', 'listMessages', 'listContacts', 'getConversation']),
    );
  });

  it('reports each planted drift once, with its operation and check, and nothing else', async () => {
    const har = writeHar('drifted.har', exchanges.map(drifted));
    const markdown = join(dir, 'report.md');
    const jsonReport = join(dir, 'report.json');
    const { code, out } = await cli('check-har', har, '--json', '--report', jsonReport);
    expect(code).toBe(1);
    const report = JSON.parse(out) as ExchangeReport;
    expect(report.findings.map((f) => [f.operationId, f.check]).sort()).toEqual(
      DRIFTS.map((d) => [d.operationId, d.check]).sort(),
    );
    for (const drift of DRIFTS.filter((d) => d.decision))
      expect(report.findings.find((f) => f.operationId === drift.operationId)?.decision).toBe(drift.decision);
    expect(report.byDecision.map((d) => d.line)).toEqual(
      expect.arrayContaining([
        'D2 contradicted by 1 answer of getConversation',
        'D4 contradicted by 1 answer of listOperators',
      ]),
    );
    expect(JSON.parse(readFileSync(jsonReport, 'utf8'))).toEqual(report);

    const text = await cli('check-har', har, '--report', markdown);
    expect(text.out).toMatch(/^Findings: 6 distinct in 6 answers$/m);
    expect(text.out).toMatch(
      /getConversation · response_headers_conformance · 200 · \/response\/headers\/X-RateLimit-Remaining/,
    );
    expect(readFileSync(markdown, 'utf8')).toMatch(/^\| listNotes \| `content_type_conformance` \| 200 \|/m);
  });

  it('redacts tokens and personal data in every output', async () => {
    const har = writeHar('redact.har', exchanges.map(drifted));
    const markdown = join(dir, 'redact.md');
    const outputs = [
      (await cli('check-har', har)).out,
      (await cli('check-har', har, '--json', '--report', markdown)).out,
      readFileSync(markdown, 'utf8'),
    ];
    const emails = exchanges.flatMap((e) => e.response.body.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? []);
    for (const output of outputs) {
      expect(output).not.toContain(TOKEN);
      expect(output).not.toContain(PLANTED_EMAIL);
      for (const email of emails) expect(output).not.toContain(email);
    }
    // The wrong type stays visible: the value is redacted, not its kind.
    expect(outputs[0]).toMatch(
      /listContacts · response_schema_conformance · 200 · \/response\/body\/results\/\*\/email: expected string or null, got array \[redacted\]/,
    );
  });

  it('--strict reports a property the document does not declare; by default it is tolerated', async () => {
    const withExtra = exchanges.map((e) =>
      /\/operators\/\d+\/$/.test(e.request.url)
        ? {
            ...e,
            response: {
              ...e.response,
              body: JSON.stringify({ ...JSON.parse(e.response.body), nickname: 'Jo' }),
            },
          }
        : e,
    );
    const har = writeHar('extra.har', withExtra);
    expect((await cli('check-har', har)).code).toBe(0);
    const strict = await cli('check-har', har, '--strict', '--json');
    expect(strict.code).toBe(1);
    expect((JSON.parse(strict.out) as ExchangeReport).findings).toMatchObject([
      {
        operationId: 'getOperator',
        check: 'response_schema_conformance',
        pointer: '/response/body/nickname',
      },
    ]);
  });

  it('exits 2 with a clear message on a missing file, a file that is no HAR, or no file at all', async () => {
    const notHar = join(dir, 'not.har');
    writeFileSync(notHar, '{"log":{}}');
    expect(await cli('check-har', join(dir, 'missing.har'))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^cannot read .*missing\.har/),
    });
    expect(await cli('check-har', notHar)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/not a HAR: it has no log\.entries/),
    });
    expect(await cli('check-har')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/needs at least one HAR file/),
    });
  });
});
