import type { ClientBenchResult } from '../consumers/client-overhead.js';
import type { FuzzerResult } from '../consumers/fuzzer.js';
import type { ManyFilesResult } from '../consumers/many-files-suite.js';
import type { BundleFigures } from '../consumers/model-bundle.js';
import type { ModelBenchResult } from '../consumers/model-parse.js';
import type { ProxyCostResult } from '../consumers/proxy-cost.js';
import type { SuiteTimes } from '../consumers/test-suite.js';
import type { TypecheckBenchResult } from '../consumers/typecheck.js';
import type { LoadResult } from '../requests/load-generator.js';
import type { ProfileSummary } from '../requests/profile-summary.js';
import type { ScenarioId } from '../requests/scenarios.js';
import type { RankingCheck } from '../requests/search-ranking.js';
import type { BenchWorldOptions, Engine, SeedRecord } from '../requests/world.js';
import type { FreshStartResult } from '../starts/fresh-start.js';
import type { MachineInfo } from './machine.js';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

export interface ScenarioResult {
  id: ScenarioId;
  label: string;
  connections: number;
  urls: number;
  /** Mean response body size over the scenario's URLs. */
  meanBytes: number;
  server: Figures;
  ceiling: Figures;
  /** server rps / ceiling rps. */
  ratio: number;
  /** Non-2xx responses or socket errors in any run (the figure is then suspect). */
  problems: string[];
  runs: { server: LoadResult[]; ceiling: LoadResult[] };
  serverPeakRss: number;
  /** What that peak held: V8's heap as reserved and the ArrayBuffers (absent in older runs). */
  serverPeakParts?: { heapTotal: number; heapUsed: number; arrayBuffers: number };
  /** Server process CPU time (user + system) per request over the measured runs, microseconds. */
  serverCpuUsPerRequest: number;
  /** The system (kernel: sockets, syscalls) part of it. */
  serverSystemUsPerRequest: number;
  /** SQL statements the server sent per request (PostgreSQL only; NaN on PGlite). */
  sqlPerRequest: number;
  /** CPU of the PostgreSQL backends of the bench database per request (Linux /proc; NaN otherwise). */
  pgCpuUsPerRequest: number;
  /** autocannon's own CPU per request, against the server and against the ceiling. */
  loadCpuUsPerRequest: number;
  ceilingCpuUsPerRequest: number;
  ceilingLoadCpuUsPerRequest: number;
}

export interface ProfileResult {
  scenario: ScenarioId;
  label: string;
  engine: Engine;
  durationS: number;
  requests: number;
  summary: ProfileSummary;
}

export interface EngineResult {
  engine: Engine;
  engineVersion: string;
  database: string;
  world: BenchWorldOptions;
  seed: SeedRecord;
  /** True when this run found the world seeded by an earlier run and reused it. */
  reusedWorld: boolean;
  start: { wallMs: number; startServerMs: number; bootToImportMs: number };
  memory: {
    restRss: number;
    peakLoadRss: number;
    afterLoadRss: number;
    /** The row of the peak and what the peak held (absent in older runs). */
    peakRow?: { scenario: string; heapTotal: number; heapUsed: number; arrayBuffers: number };
  };
  scenarios: ScenarioResult[];
  profiles: ProfileResult[];
  /** Search ranking checked on this world (issue #26); absent in runs recorded before it. */
  ranking?: RankingCheck;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  wallSeconds: number;
  machine: MachineInfo;
  settings: { runs: number; durationS: number; warmupS: number; connections: number };
  engines: EngineResult[];
  model?: ModelBenchResult;
  /** What importing one record schema, or ERROR_CODES alone, costs a consumer's bundle (issue 24). */
  bundle?: BundleFigures;
  client?: ClientBenchResult;
  suite?: SuiteTimes;
  typecheck?: TypecheckBenchResult;
  /** Issue #41: the fuzzer's rates against the PGlite sandbox, beside the server's own for its requests. */
  fuzz?: FuzzerResult;
  /** Issue #39: `contracts proxy` in front of the sandbox beside the direct run, and a 20 MB answer through it. */
  proxy?: ProxyCostResult;
  /** Issue #40: a suite of many files calling useReferenceServer(), with and without the global setup. */
  manyFiles?: ManyFilesResult;
  /** Fresh start and sandbox reset (issue #14). */
  freshStart?: FreshStartResult;
  /** Issue #26: the size-compared rows on the demo world (the large world's are in `engines`). */
  demoEngines?: EngineResult[];
  notes?: string[];
}

/** An engine's row of a scenario, when the run measured it. */
export function scenarioOf(engine: EngineResult | undefined, id: ScenarioId): ScenarioResult | undefined {
  return engine?.scenarios.find((s) => s.id === id);
}
