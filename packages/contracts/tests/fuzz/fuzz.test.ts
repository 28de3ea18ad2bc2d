import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@org/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { OpenApiDocument } from '../../src/fuzz/document.js';
import { type FuzzFinding, fuzz } from '../../src/fuzz/fuzz.js';
import { formatFuzzReport } from '../../src/fuzz/report.js';

const TOKEN = 'fuzz-organization-token';
/** The tiny world's second organization (orgToken(base, 1)). */
const OTHER_TOKEN = `${TOKEN}-2`;

/**
 * Findings the fuzzer reports against today's reference server, each to be fixed there (listed in
 * the hand-over, not skipped: every check still runs). Anything else fails the test.
 */
const KNOWN: Array<{ why: string; matches: (f: FuzzFinding) => boolean }> = [
  {
    why: 'path parameters over 100 characters answer 414 with a body that is not the D1 error body (undocumented status)',
    matches: (f) => f.status === 414 && (f.check === 'status-undocumented' || f.check === 'error-body'),
  },
  {
    why: 'an empty string filter (locale=, status=, email=) answers 400; the document has no minLength',
    matches: (f) => f.check === 'valid-rejected' && /Must not be empty/.test(f.message),
  },
  {
    why: 'country: the document pattern allows any two capitals, the server wants an ISO 3166-1 code',
    matches: (f) => f.check === 'valid-rejected' && /ISO 3166-1/.test(f.message),
  },
  {
    why: 'email: format email (RFC 5321) accepts addresses the server rejects',
    matches: (f) => f.check === 'valid-rejected' && /Invalid email/.test(f.message),
  },
  {
    why: 'exclude_ids with a trailing space is accepted though the pattern ^\\d+(,\\d+)*$ rejects it',
    matches: (f) => f.check === 'invalid-accepted' && /exclude_ids/.test(f.message),
  },
];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    memory: true,
    seed: { size: 'tiny' },
    tokens: { organization: TOKEN, customer: 'fuzz-customer-token' },
    limits: { daily: 1e9, burst: { requests: 1e9, windowSeconds: 1 }, analyticsPerMinute: 1e9 },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('fuzz against the reference server', () => {
  it('sends 1,500 seeded requests: no 5xx, no leak, nothing but the known findings', async () => {
    const report = await fuzz({
      baseUrl: server.url,
      token: TOKEN,
      otherToken: OTHER_TOKEN,
      seed: 42,
      requests: 1500,
    });
    if (process.env.FUZZ_REPORT) console.log(formatFuzzReport(report));
    expect(report.requests).toBe(1500);
    expect(report.valid).toBeGreaterThan(500);
    expect(report.organizationId).toBe(server.world.organizations[0]?.id);
    // Every operation of the document was exercised.
    expect(Object.keys(report.byOperation).length).toBeGreaterThanOrEqual(69);
    expect(report.statuses['200']).toBeGreaterThan(300);
    const checks = new Set(report.findings.map((f) => f.check));
    expect(checks.has('server-error')).toBe(false);
    expect(checks.has('tenancy')).toBe(false);
    expect(checks.has('body-schema')).toBe(false);
    const unexpected = report.findings
      .filter((f) => !KNOWN.some((k) => k.matches(f)))
      .map((f) => `${f.operationId} ${f.check} ${f.status}: ${f.message}\n  ${f.curl}`);
    expect(unexpected).toEqual([]);
    expect(report.exemptions.map((e) => e.id)).toEqual(
      expect.arrayContaining(['D14 93-day cap', 'D10 upsert identifier', 'D6/D16 clamp']),
    );
  }, 300_000);

  it('is reproducible: the same seed sends the same requests', async () => {
    const sent: string[][] = [[], []];
    for (const run of [0, 1])
      await fuzz({
        baseUrl: server.url,
        token: TOKEN,
        seed: 7,
        requests: 60,
        readOnly: true,
        only: /^list/,
        shrinkAttempts: 0,
        onRequest: (_i, _n, req) => sent[run]?.push(JSON.stringify(req)),
      });
    expect(sent[0]).toHaveLength(60);
    expect(sent[1]).toEqual(sent[0]);
  }, 120_000);
});

// ------------------------------------------------------------------------- a deliberately broken API

const ERROR = { $ref: '#/components/schemas/ErrorBody' };
const errorResponse = { description: 'error', content: { 'application/json': { schema: ERROR } } };
const BROKEN_DOC: OpenApiDocument = {
  paths: {
    '/items/': {
      get: {
        operationId: 'listItems',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } }],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemPage' } } },
          },
          400: errorResponse,
          401: errorResponse,
        },
      },
    },
    '/items/{id}/': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
  },
  components: {
    schemas: {
      ErrorBody: {
        type: 'object',
        properties: { detail: { type: 'string' }, code: { type: 'string' } },
        required: ['detail', 'code'],
        additionalProperties: false,
      },
      Item: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          organization_id: { type: 'integer' },
          name: { type: 'string' },
        },
        required: ['id', 'organization_id', 'name'],
        additionalProperties: false,
      },
      ItemPage: {
        type: 'object',
        properties: { results: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
        required: ['results'],
        additionalProperties: false,
      },
    },
  },
};

/**
 * Organization 1 (token `good`) owns items 1 and 2, organization 2 (token `other`) item 3. Broken
 * on purpose: item 2's name is a number, a non-numeric id crashes (500) and item 3 is served to
 * anyone who asks for it.
 */
const ITEMS = [
  { id: 1, organization_id: 1, name: 'one' },
  { id: 2, organization_id: 1, name: 2 },
  { id: 3, organization_id: 2, name: 'three' },
];
const brokenServer = (): Server =>
  createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const org = req.headers.authorization === 'good' ? 1 : req.headers.authorization === 'other' ? 2 : 0;
    if (!org) return json(401, { detail: 'Not authenticated.', code: 'not_authenticated' });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/items/') {
      const unknown = [...url.searchParams.keys()].find((k) => k !== 'limit');
      if (unknown) return json(400, { detail: `Unknown parameter ${unknown}.`, code: 'invalid' });
      return json(200, { results: ITEMS.filter((i) => i.organization_id === org) });
    }
    const m = /^\/items\/([^/]*)\/$/.exec(url.pathname);
    if (m) {
      if ([...url.searchParams.keys()].length)
        return json(400, { detail: 'Unknown parameter.', code: 'invalid' });
      if (!/^\d+$/.test(m[1] ?? '')) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        return res.end('Internal Server Error');
      }
      const item = ITEMS.find((i) => i.id === Number(m[1]));
      return item ? json(200, item) : json(404, { detail: 'Not found.', code: 'not_found' });
    }
    json(404, { detail: 'Not found.', code: 'not_found' });
  });

describe('fuzz against a deliberately broken API', () => {
  let broken: Server;
  let url: string;
  beforeAll(async () => {
    broken = brokenServer();
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => broken.close(resolve));
  });

  it('finds the 500, the body the schema rejects and the record of the other organization, each with a curl line', async () => {
    const report = await fuzz({
      baseUrl: url,
      token: 'good',
      otherToken: 'other',
      seed: 3,
      requests: 200,
      document: BROKEN_DOC,
    });
    expect(report.ok).toBe(false);
    const find = (operationId: string, check: string) =>
      report.findings.find((f) => f.operationId === operationId && f.check === check);
    const crash = find('getItem', 'server-error');
    expect(crash?.status).toBe(500);
    expect(crash?.curl).toMatch(/^curl .* -X GET '.*\/items\/[^']*' -H "Authorization: \$API_TOKEN"$/);
    const schema = find('listItems', 'body-schema') ?? find('getItem', 'body-schema');
    expect(schema?.message).toMatch(/name must be string/);
    const leak = find('getItem', 'tenancy');
    expect(leak?.message).toMatch(/organization 2|other organization/);
    expect(leak?.curl).toContain('/items/3/');
    // Shrinking keeps the smallest example: no query parameter is needed to crash getItem.
    expect(crash?.request.query).toEqual([]);
    expect(formatFuzzReport(report)).toMatch(/findings:[\s\S]*curl/);
  }, 60_000);

  it('contracts fuzz (CLI) exits 1 on findings and 2 on a usage error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(BROKEN_DOC));
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: {} };
    const code = await main(
      [
        'fuzz',
        '--base-url',
        url,
        '--token',
        'good',
        '--other-token',
        'other',
        '--document',
        file,
        '--seed',
        '3',
        '--requests',
        '100',
      ],
      io,
    );
    expect(code).toBe(1);
    expect(out.join('')).toMatch(/getItem · server-error · 500[\s\S]*curl /);
    expect(await main(['fuzz', '--base-url', url], io)).toBe(2);
    expect(err.join('')).toMatch(/--token/);
  }, 60_000);
});
