// Fresh start (issue #14): the time from spawning a server to its first answer and its resident
// memory then, the reference server's CLI (prebuilt world, D43) beside Prism's mock of the same
// document; and the sandbox reset time on PGlite and PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../common/free-port.js';
import type { Log } from '../common/log.js';
import { REPO_ROOT } from '../common/paths.js';
import { median } from '../common/stats.js';
import { peakResidentBytes, processCpuUs, residentBytes } from '../memory/proc-status.js';
import { SERVER_BIN } from './server-bin.js';

const DOCUMENT = path.join(REPO_ROOT, 'docs', 'openapi.json');
const FIRST_PATH = '/api/um/v3/conversations/?limit=2';
const ORG_TOKEN = 'demo-org-token';

/** The starts issue #26's rows read (by their `what`). */
export const MEMORY_DEMO_START = 'reference server, PGlite in memory (`--memory --sandbox`)';
export const SEEDED_SMALL_START = 'reference server, small world seeded at start (`--memory --size small`)';
export const OWN_TOKENS_START =
  'reference server, default world with tokens of its own (`--memory --org-token`)';
const OWN_ORG_TOKEN = 'team-own-org-token';

export interface StartFigures {
  what: string;
  /** Spawn to the first complete answer, per run. */
  firstAnswerMs: number[];
  /** Resident memory of the process right after its first answer (median of runs). */
  rssBytes: number;
  /** Peak resident memory (VmHWM) of the process by its first answer (median of runs). */
  hwmBytes?: number;
  /**
   * CPU time (user + system, all threads) the process used until its first answer (median): on a
   * busy machine the wall time stretches, this does not.
   */
  cpuMs: number;
  /** The reference server's own breakdown (ms since its process started) of the median run. */
  startup?: Record<string, number>;
}

export interface ResetFigures {
  engine: 'pglite' | 'postgres';
  /** POST /_sandbox/reset after one write, per reset. */
  resetMs: number[];
}

/**
 * Issue #40: the sandbox's first answer in at most half the time of Prism's mock of the same
 * document, measured in the same rounds (one start of each per round, in turn), so that a busy
 * machine stretches both alike.
 */
export const SANDBOX_VS_PRISM_GOAL = 0.5;
/** The rows of the sandbox beside Prism (by their `what`). */
export const NEW_DIR_SANDBOX_START = 'reference server, PGlite in a new data directory (`--sandbox`)';
export const MEMORY_SANDBOX_START = MEMORY_DEMO_START;
export const PRISM_START = "Prism's mock (`prism mock docs/openapi.json`)";

/**
 * A candidate speed-up of the sandbox's first answer that an environment variable turns off: the
 * `--memory --sandbox` start with it off, measured in the same rounds as the start with it on.
 */
export interface StartCandidate {
  name: string;
  /** The environment the start runs with to turn it off. */
  off: Record<string, string>;
}

/** The candidates the bench measures live (issue #40); the others are recorded (report/start-goals.ts). */
export const LIVE_START_CANDIDATES: readonly StartCandidate[] = [
  // Node's own switch (Node 22.1+): the bin enables the compile cache unless it is set.
  { name: "Node's compile cache for the bundle", off: { NODE_DISABLE_COMPILE_CACHE: '1' } },
];

export interface FreshStartResult {
  starts: StartFigures[];
  resets: ResetFigures[];
  /** The `--memory --sandbox` start with each live candidate turned off, in the same rounds. */
  candidates?: Array<StartFigures & { candidate: string }>;
}

interface Spawned {
  child: ChildProcess;
  ms: number;
  rss: number;
  hwm: number;
  cpuMs: number;
  stdout: () => string;
}

/**
 * Spawns `command` and asks `url` until it answers (any status: the process serves), polling
 * every 5 ms; the answer's body is read before the clock stops.
 */
const spawnUntilAnswer = async (
  command: string[],
  url: string,
  headers: Record<string, string>,
  env?: Record<string, string>,
): Promise<Spawned> => {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command.join(' ')} exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      return {
        child,
        ms,
        rss: residentBytes(child.pid!),
        hwm: peakResidentBytes(child.pid!),
        cpuMs: (processCpuUs(child.pid!) ?? Number.NaN) / 1000,
        stdout: () => stdout,
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (performance.now() - started > 120_000) throw new Error(`${command.join(' ')}: no answer in 120 s`);
  }
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const prismBin = () => {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = JSON.parse(readFileSync(pkg, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(pkg), bin.prism!);
};

type StartRun = Spawned & { startup?: Record<string, number> };

/** One start: spawned, asked until it answers, its summary read, stopped. */
const startOnce = async (
  command: (port: number) => string[],
  token: string,
  env?: Record<string, string>,
): Promise<StartRun> => {
  const port = await freePort();
  const spawned = await spawnUntilAnswer(
    command(port),
    `http://127.0.0.1:${port}${FIRST_PATH}`,
    { Authorization: token },
    env,
  );
  // The CLI prints its summary (with its start-up breakdown) once it listens: by now it has.
  const summary = spawned.stdout().split('\n')[0];
  const startup = summary?.startsWith('{')
    ? (JSON.parse(summary).startup as Record<string, number>)
    : undefined;
  await stop(spawned.child);
  return { ...spawned, ...(startup ? { startup } : {}) };
};

const measureStarts = async (
  what: string,
  runs: number,
  command: (port: number, run: number) => string[],
  cleanup: (run: number) => void = () => {},
  token: string = ORG_TOKEN,
): Promise<StartFigures> => {
  const results: StartRun[] = [];
  for (let run = 0; run < runs; run++) {
    results.push(await startOnce((port) => command(port, run), token));
    cleanup(run);
  }
  return startFigures(what, results);
};

/** A start measured in turn with others (measureInterleaved). */
interface InterleavedStart {
  what: string;
  command: (port: number) => string[];
  env?: Record<string, string>;
}

/**
 * `runs` rounds of one start of each, in turn: starts compared with each other (the sandbox with
 * Prism, a candidate turned off with it on) see the same load on a shared machine.
 */
const measureInterleaved = async (starts: InterleavedStart[], runs: number): Promise<StartFigures[]> => {
  const results = starts.map(() => [] as StartRun[]);
  for (let run = 0; run < runs; run++)
    for (const [i, start] of starts.entries())
      results[i]!.push(await startOnce(start.command, ORG_TOKEN, start.env));
  return starts.map((start, i) => startFigures(start.what, results[i]!));
};

const startFigures = (what: string, results: StartRun[]): StartFigures => {
  const byTime = [...results].sort((a, b) => a.ms - b.ms);
  const middle = byTime[Math.floor(byTime.length / 2)]!;
  return {
    what,
    firstAnswerMs: results.map((r) => r.ms),
    rssBytes: median(results.map((r) => r.rss)),
    hwmBytes: median(results.map((r) => r.hwm)),
    cpuMs: median(results.map((r) => r.cpuMs)),
    ...(middle.startup ? { startup: middle.startup } : {}),
  };
};

/** Resets after one write each (a note created), timed at the client. */
const measureResets = async (url: string, resets: number): Promise<number[]> => {
  const headers = { Authorization: ORG_TOKEN, 'Content-Type': 'application/json' };
  const contacts = (await (
    await fetch(`${url}/api/um/v3/contact_identities/?limit=1`, { headers })
  ).json()) as {
    results: Array<{ id: number }>;
  };
  const times: number[] = [];
  for (let i = 0; i < resets; i++) {
    const created = await fetch(`${url}/api/um/v3/notes/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ contact_identity_id: contacts.results[0]!.id, body: `bench ${i}` }),
    });
    if (created.status !== 201) throw new Error(`creating a note answered ${created.status}`);
    const started = performance.now();
    const reset = await fetch(`${url}/_sandbox/reset`, { method: 'POST' });
    times.push(performance.now() - started);
    if (reset.status !== 204) throw new Error(`reset answered ${reset.status}`);
  }
  return times;
};

export async function runFreshStart(
  options: { runs: number; resets: number; postgresUrl?: string },
  log: Log,
): Promise<FreshStartResult> {
  const node = process.execPath;
  const cli = (extra: string[]) => (port: number) => [
    node,
    SERVER_BIN,
    '--json',
    '--sandbox',
    '--port',
    String(port),
    ...extra,
  ];
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'um-bench-start-'));
    dirs.push(dir);
    return dir;
  };
  const prism = (port: number) => [
    node,
    prismBin(),
    'mock',
    DOCUMENT,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--errors',
    'false',
  ];
  const starts: StartFigures[] = [];
  let candidates: FreshStartResult['candidates'];
  try {
    // Issue #40: in memory, in a new data directory, Prism's mock and the memory start with each
    // live candidate turned off, one of each per round.
    log(
      `fresh start: the CLI on the prebuilt demo world in memory and in a new data directory, Prism's mock ` +
        `and ${LIVE_START_CANDIDATES.length} candidate(s) turned off, in turn, ${options.runs} rounds`,
    );
    const interleaved = await measureInterleaved(
      [
        { what: MEMORY_SANDBOX_START, command: cli(['--memory']) },
        { what: NEW_DIR_SANDBOX_START, command: (port) => cli(['--data-dir', newDir()])(port) },
        { what: PRISM_START, command: prism },
        ...LIVE_START_CANDIDATES.map((c) => ({
          what: `${MEMORY_SANDBOX_START} without ${c.name}`,
          command: cli(['--memory']),
          env: c.off,
        })),
      ],
      options.runs,
    );
    const [memory, newDirectory, prismStart, ...off] = interleaved;
    starts.push(memory!, newDirectory!);
    candidates = off.map((figures, i) => ({ ...figures, candidate: LIVE_START_CANDIDATES[i]!.name }));
    log('fresh start: the CLI on a world that is not prebuilt (`--seed 2`), in memory');
    starts.push(
      await measureStarts(
        'reference server, not prebuilt (`--memory --seed 2`): seeded at start',
        1,
        cli(['--memory', '--seed', '2']),
      ),
    );
    // Issue #26: a world seeded at start, and a team's own tokens on the default world.
    log('fresh start: the CLI seeding the small world at start (`--memory --size small`)');
    starts.push(await measureStarts(SEEDED_SMALL_START, 1, cli(['--memory', '--size', 'small'])));
    log('fresh start: the CLI on the default world with tokens of its own (`--memory --org-token`)');
    starts.push(
      await measureStarts(
        OWN_TOKENS_START,
        options.runs,
        cli(['--memory', '--org-token', OWN_ORG_TOKEN]),
        () => {},
        OWN_ORG_TOKEN,
      ),
    );
    starts.push(prismStart!);
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }

  const resets: ResetFigures[] = [];
  const engines: Array<['pglite' | 'postgres', string[]]> = [['pglite', ['--memory']]];
  if (options.postgresUrl) engines.push(['postgres', ['--database-url', options.postgresUrl]]);
  for (const [engine, extra] of engines) {
    log(`sandbox reset on ${engine}: ${options.resets} resets, each after one write`);
    const port = await freePort();
    const server = await spawnUntilAnswer(cli(extra)(port), `http://127.0.0.1:${port}${FIRST_PATH}`, {
      Authorization: ORG_TOKEN,
    });
    try {
      resets.push({ engine, resetMs: await measureResets(`http://127.0.0.1:${port}`, options.resets) });
    } finally {
      await stop(server.child);
    }
  }
  return { starts, resets, ...(candidates ? { candidates } : {}) };
}
