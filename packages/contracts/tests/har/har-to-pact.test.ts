import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { SANDBOX_ORGANIZATION_TOKEN } from '../../src/har/har-to-pact.js';
import { startValidatingProxy } from '../../src/proxy/start-proxy.js';
import { type ServerProcess, startServerProcess } from '../fuzz/server-process.js';
import { recordSession } from './recorded-exchanges.js';

/**
 * The loop closed: real exchanges with `reference-server --sandbox`, recorded by the validating
 * proxy as HAR, turned into a pact, and that pact verified against the same sandbox.
 */
const dir = mkdtempSync(join(tmpdir(), 'har-to-pact-'));
const har = join(dir, 'session.har');
const out = join(dir, 'pacts');
let sandbox: ServerProcess;
let pactFile: string;
let leftOutLines: string[];
/** The API's exchanges of the recorded session: each one distinct, so each an interaction. */
let recorded = 0;

async function cli(...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { out: (t) => stdout.push(t), err: (t) => stderr.push(t), env: {} });
  return { code, out: stdout.join(''), err: stderr.join('') };
}

interface PactFile {
  interactions: Array<{
    description: string;
    providerStates?: Array<{ name: string; params?: Record<string, unknown> }>;
    request: { method: string; path: string; headers?: Record<string, string[]> };
    response: { status: number; body?: { content: unknown } };
  }>;
}

beforeAll(async () => {
  sandbox = await startServerProcess(['--sandbox', '--memory']);
  const proxy = await startValidatingProxy({ upstream: sandbox.url, har });
  try {
    recorded = (await recordSession(proxy.url, SANDBOX_ORGANIZATION_TOKEN)).length;
    // A request outside the API, which the pact leaves out.
    await (await fetch(`${proxy.url}/favicon.ico`)).arrayBuffer();
  } finally {
    await proxy.close();
  }
  const written = await cli('har-to-pact', har, '--consumer', 'har-team', '--out', out);
  expect(written.code, written.err).toBe(0);
  pactFile = join(out, 'har-team-customer-messaging-api.json');
  expect(written.out).toContain(`Wrote ${pactFile}`);
  leftOutLines = written.err.trim().split('\n');
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('contracts har-to-pact', () => {
  it('makes the API’s exchanges interactions with states from the catalogue, and says what it left out', () => {
    const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as PactFile;
    expect(leftOutLines).toEqual([expect.stringMatching(/GET \/favicon\.ico: not an operation of the API$/)]);
    expect(pact.interactions).toHaveLength(recorded);
    const byPath = (method: string, path: RegExp) =>
      pact.interactions.find((i) => i.request.method === method && path.test(i.request.path))!;
    const conversation = byPath('GET', /^\/api\/um\/v3\/conversations\/\d+\/$/);
    const id = Number(/(\d+)\/$/.exec(conversation.request.path)![1]);
    expect(conversation.providerStates).toEqual([
      { name: expect.stringMatching(/conversation/), params: expect.objectContaining({ id }) },
    ]);
    // The token the HAR had redacted is the sandbox's in the pact.
    expect(conversation.request.headers?.Authorization).toEqual([SANDBOX_ORGANIZATION_TOKEN]);
    const created = byPath('POST', /^\/api\/um\/v3\/notes\/$/);
    expect(created.providerStates?.[0]?.name).toMatch(/contact/);
    // An error answer needs no record: a reset sandbox gives it.
    expect(byPath('GET', /\/notes\/2147483000\/$/).providerStates ?? []).toEqual([]);
  });

  it('gives a pact that contracts verify --sandbox passes against the sandbox', async () => {
    const verified = await cli('verify', pactFile, '--base-url', sandbox.url, '--sandbox');
    expect(verified.code, verified.out + verified.err).toBe(0);
  }, 120_000);

  it('a planted wrong pact (a field the answer lacks in a recorded body) fails the verification', async () => {
    const pact = JSON.parse(readFileSync(pactFile, 'utf8')) as PactFile;
    const planted = pact.interactions.find((i) => i.response.status === 200 && i.response.body)!;
    (planted.response.body!.content as Record<string, unknown>).planted_field = 'not in any answer';
    const wrong = join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ ...pact, interactions: [planted] }));
    const verified = await cli('verify', wrong, '--base-url', sandbox.url, '--sandbox');
    expect(verified.code).toBe(1);
  }, 120_000);

  it('answers bad input with a clear error: no HAR, no consumer, nothing to turn into a pact', async () => {
    const notHar = join(dir, 'not.har');
    writeFileSync(notHar, '{"log":{}}');
    expect(await cli('har-to-pact', notHar, '--consumer', 'x')).toMatchObject({
      code: 2,
      err: expect.stringContaining('is not a HAR'),
    });
    expect(await cli('har-to-pact', har)).toMatchObject({
      code: 2,
      err: expect.stringContaining('needs --consumer'),
    });
    const empty = join(dir, 'empty.har');
    writeFileSync(empty, JSON.stringify({ log: { version: '1.2', entries: [] } }));
    expect(await cli('har-to-pact', empty, '--consumer', 'x', '--out', out)).toMatchObject({
      code: 1,
      err: expect.stringContaining('no pact written'),
    });
  });
});
