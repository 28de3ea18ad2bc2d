import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLog, type Log } from './common/log.js';
import { REPO_ROOT } from './common/paths.js';
import { LoadGenerator } from './requests/load-generator.js';
import { SCENARIO_LABELS, type ScenarioId } from './requests/scenarios.js';
import type { Engine } from './requests/world.js';

/** How long and how often each figure is measured (`--quick` shrinks them all). */
export interface BenchSettings {
  runs: number;
  durationS: number;
  warmupS: number;
  /** The worlds' contacts and conversations, times this (1: the issue's sizes). */
  worldScale: number;
  /** Seconds of load a CPU profile covers. */
  profileS: number;
  /** Sandbox resets timed on each engine. */
  resets: number;
  /** About how long each model parse figure runs, milliseconds. */
  modelParseMs: number;
  /** `contracts fuzz --requests`; undefined: the fuzzer's default. */
  fuzzRequests: number | undefined;
}

/** The command line, read once (the README lists the flags). */
export interface BenchOptions {
  settings: BenchSettings;
  engines: Engine[];
  /** `--scenarios`: the only rows to measure; undefined measures all. */
  onlyScenarios: ReadonlySet<ScenarioId> | undefined;
  /** The PostgreSQL server to create the bench's databases on. */
  adminUrl: string;
  reseed: boolean;
  quick: boolean;
  freshStart: boolean;
  startOnly: boolean;
  sizes: boolean;
  profile: boolean;
  typecheck: boolean;
  /** Issue #41: the fuzzer's rates beside the server's own (`--no-fuzz` leaves them out). */
  fuzz: boolean;
  /** Issue #39: the proxy's cost beside the direct run (`--no-proxy` leaves it out). */
  proxy: boolean;
  /** Issue #40: a team's suite of many files on a sandbox per worker (`--no-many-files` leaves it out). */
  manyFiles: boolean;
  withTests: boolean;
  docs: boolean;
  noWrite: boolean;
  outFile: string;
  /** A recorded run to render again instead of measuring. */
  reportFrom: string | undefined;
}

/** What every phase of a run reads: the options, the clock and log, the one load generator. */
export interface BenchContext {
  options: BenchOptions;
  startedAt: Date;
  /** performance.now() at the start. */
  t0: number;
  log: Log;
  load: LoadGenerator;
}

export function readBenchOptions(argv: readonly string[]): BenchOptions {
  const flags = parseFlags(argv);
  const quick = flags.quick;
  const engines = (flags.engines === 'none' ? [] : flags.engines.split(',').map((e) => e.trim())) as Engine[];
  for (const e of engines) if (e !== 'postgres' && e !== 'pglite') throw new Error(`unknown engine ${e}`);
  const onlyScenarios = flags.scenarios
    ? new Set(flags.scenarios.split(',').map((s) => s.trim()) as ScenarioId[])
    : undefined;
  for (const id of onlyScenarios ?? [])
    if (!(id in SCENARIO_LABELS)) throw new Error(`unknown scenario ${id}`);
  return {
    settings: {
      runs: Number(flags.runs ?? (quick ? 1 : 3)),
      durationS: Number(flags.duration ?? (quick ? 1 : 3)),
      warmupS: Number(flags.warmup ?? (quick ? 0.5 : 1)),
      worldScale: Number(flags['world-scale'] ?? (quick ? 0.02 : 1)),
      profileS: quick ? 2 : 5,
      resets: quick ? 5 : 20,
      modelParseMs: quick ? 200 : 700,
      fuzzRequests: quick ? 200 : undefined,
    },
    engines,
    onlyScenarios,
    adminUrl: flags['pg-url'],
    reseed: flags.reseed,
    quick,
    freshStart: !flags['no-start'],
    startOnly: flags['start-only'],
    sizes: !flags['no-sizes'],
    profile: !flags['no-profile'],
    typecheck: !flags['no-typecheck'],
    fuzz: !flags['no-fuzz'],
    proxy: !flags['no-proxy'],
    manyFiles: !flags['no-many-files'],
    withTests: flags['with-tests'],
    docs: !flags['no-docs'],
    noWrite: flags['no-write'],
    outFile: flags.out ? path.resolve(flags.out) : path.join(REPO_ROOT, 'docs', 'benchmarks.md'),
    reportFrom: flags['report-from'],
  };
}

function parseFlags(argv: readonly string[]) {
  return parseArgs({
    args: argv.filter((a) => a !== '--'),
    options: {
      engines: { type: 'string', default: 'postgres,pglite' },
      scenarios: { type: 'string' },
      runs: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'world-scale': { type: 'string' },
      'pg-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      reseed: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      'with-tests': { type: 'boolean', default: false },
      'no-typecheck': { type: 'boolean', default: false },
      'no-fuzz': { type: 'boolean', default: false },
      'no-proxy': { type: 'boolean', default: false },
      'no-many-files': { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      'no-profile': { type: 'boolean', default: false },
      // The fresh-start section (time to first answer, RSS, beside Prism; sandbox reset times).
      'no-start': { type: 'boolean', default: false },
      'start-only': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      // Issue #26's size comparison (the demo world's rows beside the large world's).
      'no-sizes': { type: 'boolean', default: false },
      out: { type: 'string' },
      'report-from': { type: 'string' },
    },
  }).values;
}

/** The context of a measuring run, made once at its start. */
export function benchContext(options: BenchOptions): BenchContext {
  const startedAt = new Date();
  const t0 = performance.now();
  return { options, startedAt, t0, log: createLog(t0), load: new LoadGenerator() };
}
