// What `contracts proxy` costs in front of a deployment (issue #39): the reference server's
// throughput and latency at 16 connections through the proxy beside the same load sent directly,
// and the proxy's resident growth while a 20 MB answer passes through it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { watchChild } from '../common/children.js';
import type { Log } from '../common/log.js';
import type { Figures } from '../common/results.js';
import { peakResidentBytes, processCpuUs, residentBytes } from '../memory/proc-status.js';
import type { BenchRequest, LoadGenerator, LoadResult } from '../requests/load-generator.js';
import { figuresOf } from '../requests/scenario-run.js';
import { CONTRACTS_BIN } from '../starts/contracts-bin.js';
import { startSandboxCli } from '../starts/sandbox-cli.js';

/** The connections of issue #39's goal. */
export const PROXY_CONNECTIONS = 16;
/** The large answer of issue #39's goal, bytes. */
export const LARGE_ANSWER_BYTES = 20 * 1024 * 1024;

/** Pages of the API a client reads most: what the load goes round. */
const REQUESTS: BenchRequest[] = [
  { method: 'GET', path: '/api/um/v3/conversations/?limit=20' },
  { method: 'GET', path: '/api/um/v3/contact_identities/?limit=20' },
];
/** A path of the API, so the proxy treats the large answer as one of the document's. */
const LARGE_PATH = '/api/um/v3/conversations/?limit=100';

export interface ProxyCostResult {
  connections: number;
  direct: Figures & { runs: LoadResult[] };
  proxied: Figures & { runs: LoadResult[] };
  /** Exchanges the proxy judged during the load, and the findings it reported (0 against the reference server). */
  judged: number;
  findings: number;
  /** The proxy's CPU time per exchange it forwarded and judged in the measured runs, microseconds. */
  cpuUsPerExchange: number;
  large: {
    bytes: number;
    /** The proxy's resident memory before the answer, and its peak while it passed through. */
    residentBefore: number;
    residentPeak: number;
    /** The body limit the proxy stated in its report: larger bodies stream through unjudged. */
    bodyLimitBytes: number;
    seconds: number;
  };
}

interface ProxyBin {
  url: string;
  pid: number;
  /** SIGTERM, then its exit: it writes --report as it exits. */
  stop(): Promise<void>;
}

/** `contracts proxy --upstream URL --port 0 --report FILE` from the built bin; ready at its first line. */
async function startProxyBin(upstream: string, report: string): Promise<ProxyBin> {
  const child: ChildProcess = spawn(
    process.execPath,
    [CONTRACTS_BIN, 'proxy', '--upstream', upstream, '--port', '0', '--report', report],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  watchChild(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    void exited.then(() => reject(new Error(`contracts proxy exited before its URL: ${stderr}`)));
  });
  // Violation lines would fill the pipe otherwise.
  lines.on('line', () => {});
  return {
    url: url.trim(),
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An upstream that answers one 20 MB page of conversations, written in chunks as a server streams it. */
async function startLargeUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const item = JSON.stringify({ id: 1, status: 'new', topics: ['x'.repeat(200)] });
  const count = Math.ceil(LARGE_ANSWER_BYTES / (item.length + 1));
  const chunk = Buffer.from(`,${item}`.repeat(1000));
  const server: Server = createServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`{"count":${count},"next":null,"previous":null,"results":[${item}`);
    for (let written = 1; written < count; written += 1000) if (!res.write(chunk)) await once(res, 'drain');
    res.end(']}');
  });
  await once(server.listen(0, '127.0.0.1'), 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The proxy's resident growth while a large answer passes through it: its peak (VmHWM, reset first
 * through /proc/<pid>/clear_refs) over its resident memory before.
 */
async function largeAnswerThrough(
  log: Log,
  reportFile: string,
): Promise<Omit<ProxyCostResult['large'], 'bodyLimitBytes'>> {
  const upstream = await startLargeUpstream();
  const proxy = await startProxyBin(upstream.url, reportFile);
  try {
    // One small exchange first, so the document is compiled before the baseline is read.
    await (await fetch(`${proxy.url}/api/um/v3/conversations/?limit=1`)).arrayBuffer();
    const residentBefore = residentBytes(proxy.pid);
    writeFileSync(`/proc/${proxy.pid}/clear_refs`, '5');
    const started = performance.now();
    const answer = await fetch(`${proxy.url}${LARGE_PATH}`);
    let bytes = 0;
    for await (const part of answer.body!) bytes += (part as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    const residentPeak = peakResidentBytes(proxy.pid);
    log(`contracts proxy: ${bytes} bytes through in ${seconds.toFixed(2)} s`);
    return { bytes, residentBefore, residentPeak, seconds };
  } finally {
    await proxy.stop();
    await upstream.close();
  }
}

/**
 * The reference server's sandbox (rate limits off) loaded at 16 connections directly and through
 * the proxy, runs alternating so that a change in the machine's load falls on both; then the large
 * answer through a proxy of its own.
 */
export async function measureProxyCost(
  settings: { runs: number; durationS: number; warmupS: number },
  load: LoadGenerator,
  log: Log,
): Promise<ProxyCostResult> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'bench-proxy-'));
  try {
    return await measureInto(reportDir, settings, load, log);
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

async function measureInto(
  reportDir: string,
  settings: { runs: number; durationS: number; warmupS: number },
  load: LoadGenerator,
  log: Log,
): Promise<ProxyCostResult> {
  const sandbox = await startSandboxCli(['--rate-limits', 'off']);
  const loadReport = path.join(reportDir, 'load-report.json');
  const proxy = await startProxyBin(sandbox.url, loadReport);
  const direct: LoadResult[] = [];
  const proxied: LoadResult[] = [];
  // The answers still in flight when a run ends are counted by the next run's CPU: a small error.
  let proxyCpuUs = 0;
  try {
    const run = (url: string, duration: number) =>
      load.run({
        url,
        connections: PROXY_CONNECTIONS,
        duration,
        headers: { Authorization: sandbox.token },
        requests: REQUESTS,
      });
    log(`contracts proxy: ${PROXY_CONNECTIONS} connections, direct and through the proxy in turn`);
    if (settings.warmupS > 0) {
      await run(sandbox.url, settings.warmupS);
      await run(proxy.url, settings.warmupS);
    }
    for (let i = 0; i < settings.runs; i++) {
      direct.push(await run(sandbox.url, settings.durationS));
      const before = processCpuUs(proxy.pid) ?? 0;
      proxied.push(await run(proxy.url, settings.durationS));
      proxyCpuUs += (processCpuUs(proxy.pid) ?? 0) - before;
    }
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
  const report = JSON.parse(readFileSync(loadReport, 'utf8')) as {
    judged: number;
    findings: unknown[];
    bodyLimitBytes: number;
  };
  const largeReport = path.join(reportDir, 'large-report.json');
  const large = await largeAnswerThrough(log, largeReport);
  const { bodyLimitBytes } = JSON.parse(readFileSync(largeReport, 'utf8')) as { bodyLimitBytes: number };
  return {
    connections: PROXY_CONNECTIONS,
    direct: { ...figuresOf(direct), runs: direct },
    proxied: { ...figuresOf(proxied), runs: proxied },
    judged: report.judged,
    findings: report.findings.length,
    cpuUsPerExchange: proxyCpuUs / proxied.reduce((n, r) => n + r.requests, 0),
    large: { ...large, bodyLimitBytes },
  };
}
