import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { ErrorBodySchema } from '@org/model';
import { type RunningServer, startServer } from '@org/reference-server';
import { createMigratedDatabase, startRoundRobin, testDatabaseUrl } from '@org/reference-server/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHar } from '../../src/har/check-har.js';
import type { ExchangeLogLine } from '../../src/proxy/exchange-log.js';
import { VIOLATIONS_HEADER } from '../../src/proxy/forward.js';
import { startValidatingProxy } from '../../src/proxy/start-proxy.js';
import { type FaultProxy, startFaultProxy } from '../fuzz/fault-proxy.js';
import { type ServerProcess, startServerProcess } from '../fuzz/server-process.js';
import { recordSession } from '../har/recorded-exchanges.js';
import { PACKAGE_ROOT } from '../support/contract.js';
import { DRIFTS, driftOf } from '../support/drifts.js';

const TOKEN = 'proxy-organization-token';
const auth = { Authorization: TOKEN };
const BIN = join(PACKAGE_ROOT, 'dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'contracts-proxy-'));
let server: RunningServer;
let drifting: FaultProxy;

/** A server on a free port of 127.0.0.1, closed with its connections. */
async function listening(created: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(created.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        created.closeAllConnections();
        created.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  server = await startServer({
    memory: true,
    seed: { size: 'tiny' },
    tokens: { organization: TOKEN, customer: 'proxy-customer-token' },
    limits: { daily: 1e9, burst: { requests: 1e9, windowSeconds: 1 }, analyticsPerMinute: 1e9 },
  });
  // The platform drifting from the model: each of the planted drifts on its operation's answers.
  drifting = await startFaultProxy(server.url, {
    answer: (req, answer) => driftOf(req.method, req.path)?.drift(answer) ?? answer,
  });
}, 120_000);

afterAll(async () => {
  await drifting?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('contracts proxy in front of the reference server', () => {
  it('reports its answers clean, any method, and passes them on exactly', () =>
    cleanRun(server.url, async (proxyUrl) => {
      const path = `/api/um/v3/conversations/?limit=3`;
      const [direct, proxied] = await Promise.all([
        fetch(`${server.url}${path}`, { headers: auth }),
        fetch(`${proxyUrl}${path}`, { headers: auth }),
      ]);
      expect(proxied.status).toBe(direct.status);
      expect(await proxied.text()).toBe(await direct.text());
      const names = (h: Headers) =>
        [...h.keys()].filter((n) => !['date', 'connection', 'keep-alive'].includes(n));
      expect(names(proxied.headers)).toEqual(names(direct.headers));
    }));

  it('in front of a drifting upstream, reports each drift once with its operation and check, and nothing else', () =>
    driftRun(drifting.url, 'drifted.har'));

  it('--violations-header names the violations of an answer that broke the document, and only then', async () => {
    const proxy = await startValidatingProxy({ upstream: drifting.url, violationsHeader: true });
    try {
      const operators = (await (
        await fetch(`${proxy.url}/api/um/v3/operators/`, { headers: auth })
      ).json()) as {
        results: Array<{ id: number }>;
      };
      expect(operators.results.length).toBeGreaterThan(0);
      const drifted = await fetch(`${proxy.url}/api/um/v3/operators/${operators.results[0]!.id}/`, {
        headers: auth,
      });
      expect(drifted.status).toBe(203);
      expect(drifted.headers.get(VIOLATIONS_HEADER)).toBe('status_code_conformance /response/status');
      const clean = await fetch(`${proxy.url}/api/um/v3/conversations/?limit=1`, { headers: auth });
      await clean.text();
      expect(clean.headers.get(VIOLATIONS_HEADER)).toBeNull();
    } finally {
      await proxy.close();
    }
    const plain = await startValidatingProxy({ upstream: drifting.url });
    const answer = await fetch(`${plain.url}/api/um/v3/operators/`, { headers: auth });
    await answer.text();
    expect(answer.headers.get(VIOLATIONS_HEADER)).toBeNull();
    await plain.close();
  });

  it('streams a body past the limit through unjudged, and says so in the report', async () => {
    const proxy = await startValidatingProxy({ upstream: server.url, bodyLimitBytes: 200 });
    const path = '/api/um/v3/contact_identities/?limit=5';
    const proxied = await (await fetch(`${proxy.url}${path}`, { headers: auth })).text();
    const direct = await (await fetch(`${server.url}${path}`, { headers: auth })).text();
    expect(proxied.length).toBeGreaterThan(200);
    expect(proxied).toBe(direct);
    const report = await proxy.close();
    expect(report).toMatchObject({ ok: true, bodiesNotJudged: 1, bodyLimitBytes: 200 });
  });

  it('answers 502 when the upstream is down and 504 when it does not answer, naming it; it never hangs', async () => {
    const closed = await listening(createHttpServer());
    const down = closed.url;
    await closed.close();
    const proxy = await startValidatingProxy({ upstream: down });
    const refused = await fetch(`${proxy.url}/api/um/v3/operators/`, { headers: auth });
    expect(refused.status).toBe(502);
    const body = await refused.json();
    expect(ErrorBodySchema.parse(body).detail).toContain(down);
    expect((await proxy.close()).exchanges).toBe(0);

    const silent = await listening(createHttpServer(() => {}));
    const waiting = await startValidatingProxy({ upstream: silent.url, timeoutMs: 300 });
    const timedOut = await fetch(`${waiting.url}/api/um/v3/operators/`, { headers: auth });
    expect(timedOut.status).toBe(504);
    expect(ErrorBodySchema.parse(await timedOut.json()).detail).toContain(silent.url);
    await waiting.close();
    await silent.close();
  });
});

/**
 * The proxy in front of an upstream that drifts from the model (one drift of each kind planted on
 * its operation's answers): each drift is reported once, with its operation and check, and nothing
 * else; check-har on the proxy's HAR finds the same.
 */
async function driftRun(upstream: string, harName: string) {
  const lines: ExchangeLogLine[] = [];
  const har = join(dir, harName);
  const proxy = await startValidatingProxy({ upstream, har, onViolation: (l) => lines.push(l) });
  await recordSession(proxy.url, TOKEN);
  const report = await proxy.close();
  const expected = DRIFTS.map((d) => [d.operationId, d.check]).sort();
  expect(report.findings.map((f) => [f.operationId, f.check]).sort()).toEqual(expected);
  expect(lines.map((l) => [l.operationId, l.findings.map((f) => f.check).join()]).sort()).toEqual(expected);
  for (const drift of DRIFTS.filter((d) => d.decision))
    expect(report.findings.find((f) => f.operationId === drift.operationId)?.decision).toBe(drift.decision);

  // check-har on the proxy's HAR finds the same, in the same places.
  const fromHar = await checkHar([har]);
  const places = (findings: typeof report.findings) =>
    findings.map((f) => `${f.operationId} ${f.check} ${f.pointer}`).sort();
  expect(places(fromHar.findings)).toEqual(places(report.findings));
  expect(readFileSync(har, 'utf8')).not.toContain(TOKEN);
}

/** The proxy in front of the reference server unchanged: a session and a delete, all reported clean. */
async function cleanRun(upstream: string, also?: (proxyUrl: string) => Promise<void>) {
  const proxy = await startValidatingProxy({ upstream });
  try {
    const session = await recordSession(proxy.url, TOKEN);
    const note = JSON.parse(session[1]!.response.body) as { id: number };
    const gone = await fetch(`${proxy.url}/api/um/v3/notes/${note.id}/`, { method: 'DELETE', headers: auth });
    expect(gone.status).toBe(204);
    await also?.(proxy.url);
  } finally {
    const report = await proxy.close();
    expect(report.findings).toEqual([]);
    expect(report.judged).toBe(report.exchanges);
    expect(report.byOperation.deleteNote?.statuses).toEqual({ 204: 1 });
  }
}

/**
 * The same two runs against a deployment of several instances on one PostgreSQL database: two
 * reference servers behind a round robin, so a session's writes and reads land on both.
 */
const POSTGRES_SUITE = `contracts proxy in front of two instances on one PostgreSQL database${
  testDatabaseUrl ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)'
}`;

describe.skipIf(!testDatabaseUrl)(POSTGRES_SUITE, () => {
  let servers: ServerProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startRoundRobin>>;
  let drifted: FaultProxy;
  let dropDatabase: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const database = await createMigratedDatabase(testDatabaseUrl!, 'proxy');
    dropDatabase = () => database.drop();
    servers = await Promise.all(
      [0, 1].map(() =>
        startServerProcess(['--database-url', database.url, '--size', 'tiny', '--org-token', TOKEN]),
      ),
    );
    balancer = await startRoundRobin(servers.map((s) => s.url));
    drifted = await startFaultProxy(balancer.url, {
      answer: (req, answer) => driftOf(req.method, req.path)?.drift(answer) ?? answer,
    });
  }, 120_000);

  afterAll(async () => {
    await drifted?.close();
    await balancer?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await dropDatabase();
  });

  it('reports their answers clean', () => cleanRun(balancer.url));

  it('in front of them drifting, reports each drift once with its operation and check, and nothing else', () =>
    driftRun(drifted.url, 'drifted-postgres.har'));
});

/** Starts the built bin's proxy and resolves with the URL of its first line. */
async function startBin(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'proxy', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`proxy exited (${code}): ${stderr}`)));
  });
  return {
    url,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number];
      return { code, stderr };
    },
  };
}

describe.skipIf(!existsSync(BIN))('contracts proxy (the built bin)', () => {
  it('prints its URL first, logs each exchange with violations, and on SIGTERM the summary and report, exit 1', async () => {
    const log = join(dir, 'violations.jsonl');
    const report = join(dir, 'report.md');
    const proxy = await startBin([
      '--upstream',
      drifting.url,
      '--port',
      '0',
      '--log',
      log,
      '--report',
      report,
    ]);
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const operators = (await (
      await fetch(`${proxy.url}/api/um/v3/operators/`, { headers: auth })
    ).json()) as {
      results: unknown[];
    };
    expect(operators.results.length).toBeGreaterThan(0);
    const { code, stderr } = await proxy.stop();
    expect(code).toBe(1);
    expect(stderr).toMatch(/D4 contradicted by 1 answer of listOperators/);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ExchangeLogLine);
    expect(lines.map((l) => l.operationId)).toEqual(['listOperators']);
    expect(readFileSync(report, 'utf8')).toMatch(/^- D4 contradicted by 1 answer of listOperators$/m);
  });

  const openssl = promisify(execFile)('openssl', ['version']).then(
    () => true,
    () => false,
  );
  it('forwards to an https upstream whose authority NODE_EXTRA_CA_CERTS names', async (context) => {
    if (!(await openssl)) context.skip();
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    // An https front of the reference server, with a certificate only NODE_EXTRA_CA_CERTS vouches for.
    const https = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      fetch(`${server.url}${req.url}`, { headers: { authorization: String(req.headers.authorization) } })
        .then(async (answer) => {
          res.writeHead(
            answer.status,
            Object.fromEntries(
              [...answer.headers].filter(
                ([n]) =>
                  ![
                    'content-length',
                    'content-encoding',
                    'transfer-encoding',
                    'connection',
                    'keep-alive',
                  ].includes(n),
              ),
            ),
          );
          res.end(await answer.text());
        })
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    const upstream = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
    const { NODE_EXTRA_CA_CERTS: _none, ...withoutExtra } = process.env;
    const untrusting = await startBin(['--upstream', upstream], withoutExtra);
    const refused = await fetch(`${untrusting.url}/api/um/v3/operators/`, { headers: auth });
    expect(refused.status).toBe(502);
    expect(ErrorBodySchema.parse(await refused.json()).detail).toContain(upstream);
    await untrusting.stop();
    const proxy = await startBin(['--upstream', upstream], { ...process.env, NODE_EXTRA_CA_CERTS: cert });
    try {
      const answer = await fetch(`${proxy.url}/api/um/v3/operators/`, { headers: auth });
      expect(answer.status, await answer.clone().text()).toBe(200);
      await answer.text();
    } finally {
      const { code, stderr } = await proxy.stop();
      https.closeAllConnections();
      https.close();
      expect(code, stderr).toBe(0);
      expect(stderr).toMatch(/No findings/);
    }
  });
});
