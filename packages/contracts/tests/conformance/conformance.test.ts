import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { endpointList } from '@org/model';
import { type RunningServer, startServer } from '@org/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runConformance } from '../../src/conformance/runner.js';
import { ProviderProxy, renameField } from '../../src/provider/proxy.js';
import { PACKAGE_ROOT } from '../support/contract.js';

const TOKEN = 'conformance-organization-token';
let server: RunningServer;
let broken: ProviderProxy;
let brokenErrors: ProviderProxy;

beforeAll(async () => {
  // A seeded world, so every kind of record exists; limits no run reaches.
  server = await startServer({
    memory: true,
    seed: { size: 'tiny' },
    tokens: { organization: TOKEN, customer: 'conformance-customer-token' },
    limits: { daily: 1e9, burst: { requests: 1e9, windowSeconds: 1 }, analyticsPerMinute: 1e9 },
  });
  broken = await ProviderProxy.start(server.url);
  broken.rewriteBodies(renameField('created_at', 'createdAt'));
  brokenErrors = await ProviderProxy.start(server.url);
  brokenErrors.rewriteBodies(renameField('detail', 'message'));
});

afterAll(async () => {
  await broken?.close();
  await brokenErrors?.close();
  await server?.close();
});

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: {} } };
};

describe('conformance runner', () => {
  it('passes against the reference server, every check running', async () => {
    const report = await runConformance({ baseUrl: server.url, token: TOKEN, analyticsDate: '2024-03-14' });
    const failures = report.results
      .filter((r) => r.status !== 'pass')
      .map((r) => `${r.id}: ${r.violations.join('; ')}${r.skipped ?? ''}`);
    expect(failures).toEqual([]);
    const gets = endpointList().filter(([, ep]) => ep.method === 'GET' && ep.group !== null).length;
    expect(report.results.filter((r) => r.area === 'bodies')).toHaveLength(gets);
    expect(report.results.some((r) => r.area === 'pagination')).toBe(true);
    expect(report.results.some((r) => r.area === 'errors')).toBe(true);
  }, 120_000);

  it('reports every body the model rejects, e.g. a renamed field', async () => {
    const report = await runConformance({
      baseUrl: broken.url,
      token: TOKEN,
      skipAnalytics: true,
      only: /^(list|get)/,
    });
    expect(report.ok).toBe(false);
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.map((r) => r.id)).toEqual(
      expect.arrayContaining(['listConversations', 'getNote', 'listOperators']),
    );
    expect(failed.flatMap((r) => r.violations).join('\n')).toMatch(
      /created_at: Invalid input: expected string, received undefined/,
    );
  }, 120_000);

  it('judges the pages its pagination checks read with the exchange engine: a renamed field fails each', async () => {
    const report = await runConformance({ baseUrl: broken.url, token: TOKEN, only: /^listConversations:/ });
    const pagination = report.results.filter((r) => r.area === 'pagination');
    // The pages past the cap hold no record, so nothing of theirs is renamed.
    expect(pagination.map((r) => [r.id, r.status])).toEqual([
      ['listConversations:links', 'fail'],
      ['listConversations:limit', 'fail'],
      ['listConversations:cap', 'pass'],
    ]);
    for (const r of pagination.filter((r) => r.status === 'fail'))
      expect(r.violations.join('\n')).toMatch(/body: results\.0\.created_at: Invalid input/);
  }, 120_000);

  it('judges the error answers its error checks provoke with the exchange engine: a renamed detail fails each', async () => {
    // Alone, the errors' checks know no conversation to exclude: that one is skipped.
    const clean = await runConformance({ baseUrl: server.url, token: TOKEN, only: /^errors:/ });
    expect(clean.results.filter((r) => r.status === 'fail')).toEqual([]);
    const report = await runConformance({ baseUrl: brokenErrors.url, token: TOKEN, only: /^errors:/ });
    const errors = report.results.filter((r) => r.area === 'errors' && r.status !== 'skip');
    expect(errors.length).toBeGreaterThanOrEqual(8);
    for (const r of errors) {
      expect([r.id, r.status]).toEqual([r.id, 'fail']);
      expect(r.violations.join('\n')).toMatch(/\(D1\) body: .*detail/);
    }
  }, 120_000);
});

describe('contracts conform (CLI)', () => {
  it('prints progress and a summary, exits 0 when everything holds', async () => {
    const { out, io } = capture();
    const code = await main(
      ['conform', '--base-url', server.url, '--token', TOKEN, '--only', '^errors:'],
      io,
    );
    const text = out.join('');
    expect(text).toMatch(/\[ ?\d+\/\d+\] ✓ errors:gone/);
    expect(text).toMatch(/No violations\./);
    expect(code).toBe(0);
  }, 60_000);

  it('exits 1 and names the violations', async () => {
    const { out, io } = capture();
    const code = await main(
      ['conform', '--base-url', broken.url, '--token', TOKEN, '--only', '^listContacts$'],
      io,
    );
    expect(code).toBe(1);
    expect(out.join('')).toMatch(
      /✗ listContacts[\s\S]*created_at: Invalid input: expected string, received undefined[\s\S]*violation/,
    );
  }, 60_000);

  it('exits 2 on a usage error', async () => {
    const { err, io } = capture();
    expect(await main(['conform', '--base-url', server.url], io)).toBe(2);
    expect(err.join('')).toMatch(/--token/);
  });

  const bin = resolve(PACKAGE_ROOT, 'dist/cli.js');
  it.skipIf(!existsSync(bin))(
    'runs as the published bin (dist/cli.js)',
    async () => {
      const { stdout } = await promisify(execFile)(process.execPath, [
        bin,
        'conform',
        '--base-url',
        server.url,
        '--token',
        TOKEN,
        '--only',
        '^errors:(gone|not-found)$',
      ]);
      expect(stdout).toMatch(/2 checks, 2 passed/);
    },
    60_000,
  );
});
