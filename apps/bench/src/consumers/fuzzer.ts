// The fuzzer's speed (issue #41): `contracts fuzz` against the PGlite sandbox at its defaults, every
// answer validated, beside the server's own rate for the same requests (replayed by autocannon).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { watchChild } from '../common/children.js';
import type { Log } from '../common/log.js';
import type { Figures } from '../common/results.js';
import type { BenchRequest, LoadGenerator, LoadResult } from '../requests/load-generator.js';
import { startRecordingProxy } from '../requests/recording-proxy.js';
import { figuresOf } from '../requests/scenario-run.js';
import { CONTRACTS_BIN } from '../starts/contracts-bin.js';
import { type SandboxCli, startSandboxCli } from '../starts/sandbox-cli.js';

/** What the bench reads of `contracts fuzz --json` (packages/contracts/src/fuzz/types.ts FuzzReport). */
interface FuzzJson {
  requests: number;
  authProbes: number;
  discoveryRequests: number;
  shrinkRequests: number;
  statuses: Record<string, number>;
  stateful: { sequences: number; steps: number; elapsedMs: number };
  rates: { stateless: number; stateful: number };
  findings: Array<{ phase: 'stateless' | 'stateful' }>;
  elapsedMs: number;
}

export interface FuzzerResult {
  /** The fuzzer's default concurrency (from its --help): requests or walks in flight, and the replay's connections. */
  concurrency: number;
  /** `--requests` as given (a quick run's); absent: the fuzzer's default. */
  requestsOption?: number;
  /** os.loadavg() right before the fuzz run: the figures are wall-clock rates on a shared machine. */
  loadAverage: number[];
  stateless: {
    /** Generated requests and auth probes: the requests the rate counts. */
    requests: number;
    probes: number;
    seconds: number;
    /** The fuzzer's `rates.stateless`, requests/s. */
    rate: number;
    statuses: Record<string, number>;
  };
  stateful: { sequences: number; steps: number; seconds: number; rate: number };
  findings: number;
  /**
   * The server's own rate for the same requests: the stateless phase's requests, recorded by a proxy
   * on a second run of the same seed, replayed by autocannon at the same concurrency (a sandbox
   * started the same way, rate limits off).
   */
  server: Figures & { requests: number; runs: LoadResult[]; statuses: Record<string, number> };
  /** Requests the proxy saw that the report does not account for (0 when they agree). */
  unaccounted: number;
}

/** The fuzzer's default `--concurrency`, as its usage states it. */
const defaultConcurrency = async (): Promise<number> => {
  const { stdout } = await runContracts(['fuzz', '--help'], 60_000);
  const found = /--concurrency N\b.*\(default (\d+)\)/.exec(stdout);
  if (!found) throw new Error('contracts fuzz --help names no default concurrency');
  return Number(found[1]);
};

/** Runs the contracts bin; resolves with its output when it exits 0 or 1 (1: findings). */
const runContracts = (args: string[], timeoutMs: number) =>
  new Promise<{ stdout: string; code: number }>((resolve, reject) => {
    const child = spawn(process.execPath, [CONTRACTS_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    watchChild(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 || code === 1) resolve({ stdout, code });
      else reject(new Error(`contracts ${args[0]} exited (${code ?? signal}): ${stderr}`));
    });
  });

/** Both phases at the fuzzer's defaults (or `requests`), against `baseUrl`, with the sandbox's tokens. */
const fuzzOnce = async (baseUrl: string, sandbox: SandboxCli, requests: number | undefined) => {
  const args = ['fuzz', '--base-url', baseUrl, '--token', sandbox.token, '--other-token', sandbox.otherToken];
  const { stdout } = await runContracts(
    [...args, ...(requests ? ['--requests', String(requests)] : []), '--json'],
    600_000,
  );
  return JSON.parse(stdout) as FuzzJson;
};

/**
 * The stateless phase's requests among all a run sent, in order: listing, walks (and their
 * shrinking), listing again, the stateless phase, its shrinking. Counted from the end; when findings
 * of both phases were shrunk, the split of the shrinking is unknown and the slice may be off by it.
 */
const statelessRequests = (all: readonly BenchRequest[], report: FuzzJson) => {
  const count = report.requests + report.authProbes;
  const after = report.findings.every((f) => f.phase === 'stateless') ? report.shrinkRequests : 0;
  const expected = report.discoveryRequests + report.stateful.steps + count + report.shrinkRequests;
  return {
    requests: all.slice(all.length - after - count, all.length - after),
    unaccounted: all.length - expected,
  };
};

/** Sums of the status codes of several runs. */
const statusesOf = (runs: readonly LoadResult[]) => {
  const sums: Record<string, number> = {};
  for (const run of runs)
    for (const [code, n] of Object.entries(run.statusCodes)) sums[code] = (sums[code] ?? 0) + n;
  return sums;
};

/** The recorded requests replayed: a warm-up, then `runs` runs, each from a reset sandbox. */
const replay = async (
  requests: BenchRequest[],
  connections: number,
  settings: { runs: number; durationS: number; warmupS: number },
  load: LoadGenerator,
): Promise<FuzzerResult['server']> => {
  const sandbox = await startSandboxCli(['--rate-limits', 'off']);
  try {
    const run = async (duration: number) => {
      await sandbox.reset();
      return load.run({ url: sandbox.url, connections, duration, headers: {}, requests, asRecorded: true });
    };
    if (settings.warmupS > 0) await run(settings.warmupS);
    const runs: LoadResult[] = [];
    for (let i = 0; i < settings.runs; i++) runs.push(await run(settings.durationS));
    return { ...figuresOf(runs), requests: requests.length, runs, statuses: statusesOf(runs) };
  } finally {
    await sandbox.stop();
  }
};

/**
 * The sandbox started as users start it (`--sandbox --memory --port 0 --json`); `contracts fuzz
 * --json` against it, both phases, its rates; the same run again (reset sandbox, same seed) through
 * a recording proxy, whose stateless requests autocannon then replays: the server's own rate.
 */
export async function measureFuzzer(
  options: { requests: number | undefined; runs: number; durationS: number; warmupS: number },
  load: LoadGenerator,
  log: Log,
): Promise<FuzzerResult> {
  const concurrency = await defaultConcurrency();
  const sandbox = await startSandboxCli();
  let measured: FuzzJson;
  let recorded: ReturnType<typeof statelessRequests>;
  const loadAverage = os.loadavg();
  try {
    log(`contracts fuzz: both phases against the PGlite sandbox, concurrency ${concurrency} (its default)`);
    measured = await fuzzOnce(sandbox.url, sandbox, options.requests);
    log('contracts fuzz: the same run again through a recording proxy, for its stateless requests');
    await sandbox.reset();
    const proxy = await startRecordingProxy(sandbox.url);
    try {
      recorded = statelessRequests(proxy.requests, await fuzzOnce(proxy.url, sandbox, options.requests));
    } finally {
      await proxy.close();
    }
  } finally {
    await sandbox.stop();
  }
  if (recorded.unaccounted) log(`⚠ the proxy saw ${recorded.unaccounted} requests the report does not count`);
  log(`contracts fuzz: its ${recorded.requests.length} stateless requests replayed by autocannon`);
  const server = await replay(recorded.requests, concurrency, options, load);
  return {
    concurrency,
    ...(options.requests ? { requestsOption: options.requests } : {}),
    loadAverage,
    stateless: {
      requests: measured.requests + measured.authProbes,
      probes: measured.authProbes,
      seconds: measured.elapsedMs / 1000,
      rate: measured.rates.stateless,
      statuses: measured.statuses,
    },
    stateful: {
      sequences: measured.stateful.sequences,
      steps: measured.stateful.steps,
      seconds: measured.stateful.elapsedMs / 1000,
      rate: measured.rates.stateful,
    },
    findings: measured.findings.length,
    server,
    unaccounted: recorded.unaccounted,
  };
}
