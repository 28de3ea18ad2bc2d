import type { ClientBenchResult } from './client-bench.js';
import type { FreshStartResult } from './fresh-start.js';
import type { LoadResult } from './load.js';
import type { MachineInfo } from './machine.js';
import type { BundleFigures, ModelBenchResult } from './model-bench.js';
import type { ProfileSummary } from './profile.js';
import type { ScenarioId } from './scenarios.js';
import type { RankingCheck } from './search-ranking.js';
import type { SuiteTimes } from './suite.js';
import type { TypecheckBenchResult } from './typecheck-bench.js';
import type { BenchWorldOptions, Engine, SeedRecord } from './world.js';

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
  /** Fresh start and sandbox reset (issue #14). */
  freshStart?: FreshStartResult;
  /** Issue #26: the size-compared rows on the demo world (the large world's are in `engines`). */
  demoEngines?: EngineResult[];
  notes?: string[];
}

/** The targets of the issue, as figures to report next to the measurements (never assertions). */
export const TARGETS = {
  listRatio: 0.5,
  searchP99Ms: 100,
  analyticsP99Ms: 200,
  seedRecordsPerSecond: 50_000,
  serverRssBytes: 512 * 1024 * 1024,
  /** `tsc --noEmit` seconds that a consumer's 20 client calls add over an empty project (issue 13). */
  consumerTypecheckAddedS: 2,
  /** The reference server's tarball (issue 23): at most this packed and unpacked. */
  serverPackedBytes: 8 * 1024 * 1024,
  serverUnpackedBytes: 40 * 1024 * 1024,
  /** The installed bin's first answer, spawn to the demo world's first page (issue 23). */
  registryFirstAnswerMs: 1000,
  /** A validated 100-item page through client.request, over fetch + JSON.parse of it (issue 24). */
  clientValidationRatio: 1.3,
  /**
   * Importing one record schema, bundled by esbuild, minified, zod included (issue 24); judged on
   * `@org/model/mini` (D73).
   */
  recordSchemaBundleBytes: 25 * 1024,
  /** Importing ERROR_CODES alone, the same way: "about 2 KB" (issue 24). */
  errorCodesBundleBytes: 2.5 * 1024,
  /**
   * CPU seconds the 20 calls added with the latest TypeScript (7.0.2) before the model moved to zod 4
   * (docs/benchmarks.md of that time): issue 24 asks for no slower.
   */
  consumerTypecheckBeforeZod4CpuS: { 'esm-zod4': 0.15, 'cjs-zod3': 0.2 } as Record<string, number>,
} as const;

export interface TargetCheck {
  what: string;
  target: string;
  figure: string;
  met: boolean;
  engine: Engine;
  /** A server scenario to profile when the target is missed. */
  scenario?: ScenarioId;
}
