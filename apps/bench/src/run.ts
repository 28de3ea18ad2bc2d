// `pnpm bench`: the server, the model and the tooling, measured side by side with their ceilings.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DemoWorld } from '@org/reference-server';
import { type CapturedResponse, captureResponses, requestKey } from './ceiling.js';
import { CeilingProcess } from './ceiling-process.js';
import { ask, forkChild, nextMessage, stopChild } from './children.js';
import { clientBenchRequests, runClientBench } from './client-bench.js';
import { docsSiteReport } from './docs-site-bench.js';
import { runFreshStart } from './fresh-start.js';
import { checkIssueGoals } from './issue-goals.js';
import { type BenchRequest, LoadGenerator, type LoadResult } from './load.js';
import { machineInfo } from './machine.js';
import { type ModelBenchInput, type ModelBenchResult, measureBundles } from './model-bench.js';
import { PostgresCpu } from './pg-cpu.js';
import { type CpuProfile, summarizeProfile } from './profile.js';
import { checkTargets, renderReport } from './report.js';
import type { BenchResults, EngineResult, Figures, ProfileResult, ScenarioResult } from './results.js';
import {
  BENCH_NOTE_PREFIX,
  buildScenarios,
  SCENARIO_LABELS,
  type Scenario,
  type ScenarioId,
  SIZE_COMPARED,
  SIZE_SHOWN,
} from './scenarios.js';
import { checkSearchRanking } from './search-ranking.js';
import { type Memory, type Ready, ServerProcess, type ServerStartOptions } from './server-process.js';
import { formatBytes, formatCount, formatNumber, median } from './stats.js';
import { measureSuite, REPO_ROOT } from './suite.js';
import { runTypecheckBench } from './typecheck-bench.js';
import {
  analyzePostgres,
  BENCH_LIMITS,
  BENCH_TOKENS,
  type BenchWorldOptions,
  DEMO_WORLD,
  databaseUrlFor,
  type Engine,
  PGLITE_WORLD,
  POSTGRES_WORLD,
  pgliteDataDir,
  postgresDatabaseName,
  postgresVersion,
  readPgliteSeed,
  readPostgresSeed,
  recreatePostgresDatabase,
  resetPgliteDataDir,
  type SeedRecord,
  seedOptionsOf,
  vacuumDeadRows,
  withoutSize,
  worldHash,
  writePgliteSeed,
  writePostgresSeed,
} from './world.js';

const { values: flags } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
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
});

const settings = {
  runs: Number(flags.runs ?? (flags.quick ? 1 : 3)),
  durationS: Number(flags.duration ?? (flags.quick ? 1 : 3)),
  warmupS: Number(flags.warmup ?? (flags.quick ? 0.5 : 1)),
  worldScale: Number(flags['world-scale'] ?? (flags.quick ? 0.02 : 1)),
  profileS: flags.quick ? 2 : 5,
};
const engines = (flags.engines === 'none' ? [] : flags.engines!.split(',').map((e) => e.trim())) as Engine[];
for (const e of engines) if (e !== 'postgres' && e !== 'pglite') throw new Error(`unknown engine ${e}`);
const onlyScenarios = flags.scenarios
  ? new Set(flags.scenarios.split(',').map((s) => s.trim()) as ScenarioId[])
  : undefined;
for (const id of onlyScenarios ?? []) if (!(id in SCENARIO_LABELS)) throw new Error(`unknown scenario ${id}`);
const write = !flags['no-write'] && !flags.quick;
const outFile = flags.out ? path.resolve(flags.out) : path.join(REPO_ROOT, 'docs', 'benchmarks.md');
const adminUrl = flags['pg-url']!;

const startedAt = new Date();
const t0 = performance.now();
const log = (message: string) =>
  process.stderr.write(
    `[bench ${formatNumber((performance.now() - t0) / 1000, 0).padStart(4)} s] ${message}\n`,
  );

const scaled = (world: BenchWorldOptions): BenchWorldOptions =>
  settings.worldScale === 1
    ? world
    : {
        ...withoutSize(world),
        contactsPerOrg: Math.max(50, Math.round(world.contactsPerOrg * settings.worldScale)),
        conversationsPerOrg: Math.max(50, Math.round(world.conversationsPerOrg * settings.worldScale)),
      };

// ---------------------------------------------------------------------------------------------
// The world: seeded once per world options, then reused.

interface PreparedWorld {
  world: BenchWorldOptions;
  /** How the server process reaches the data (databaseUrl or dataDir). */
  connection: Pick<ServerStartOptions, 'databaseUrl' | 'dataDir'>;
  database: string;
  seed: SeedRecord;
  reused: boolean;
}

const serverOptions = (
  connection: PreparedWorld['connection'],
  world: BenchWorldOptions,
): ServerStartOptions => ({
  ...connection,
  seed: seedOptionsOf(world),
  tokens: { ...BENCH_TOKENS },
  limits: { ...BENCH_LIMITS, burst: { ...BENCH_LIMITS.burst } },
});

/** The row whose run reached the highest RSS, and what that peak held. */
const peakRowOf = (rows: ScenarioResult[]) => {
  const top = rows.reduce<ScenarioResult | undefined>(
    (a, r) => (r.serverPeakRss > (a?.serverPeakRss ?? 0) ? r : a),
    undefined,
  );
  return top?.serverPeakParts ? { peakRow: { scenario: top.label, ...top.serverPeakParts } } : {};
};

/**
 * The CLI's options for a prepared world: its data, the bench's tokens (already in the world: given
 * again, they change nothing) and no rate limits, as a team load-testing its own use would start it.
 */
const cliArgs = (connection: PreparedWorld['connection']): string[] => [
  ...(connection.databaseUrl
    ? ['--database-url', connection.databaseUrl]
    : ['--data-dir', connection.dataDir!]),
  '--org-token',
  BENCH_TOKENS.organization,
  '--customer-token',
  BENCH_TOKENS.customer,
  '--rate-limits',
  'off',
];

/** Seeds an empty database in a server process of its own: records/s and the process's peak RSS. */
const seedWorld = async (
  connection: PreparedWorld['connection'],
  world: BenchWorldOptions,
): Promise<SeedRecord> => {
  let lastLog = 0;
  const server = await ServerProcess.start(serverOptions(connection, world), {
    timeoutMs: 40 * 60_000,
    onProgress: (p) => {
      if (performance.now() - lastLog < 5000) return;
      lastLog = performance.now();
      log(`  seeding: ${formatCount(Number(p.records))} records, RSS ${formatBytes(Number(p.rss))}`);
    },
  });
  try {
    const { counts, total } = await server.count();
    const memory = await server.memory();
    const firstStartSeconds = server.ready.startServerMs / 1000;
    // D51: the seed's own time; creating an empty database (PGlite's initdb) is not seeding.
    const seconds = server.ready.seeded?.seconds ?? firstStartSeconds;
    const m = machineInfo();
    return {
      complete: true,
      seededAt: new Date().toISOString(),
      hash: worldHash(world),
      options: world,
      records: total,
      counts,
      seconds,
      firstStartSeconds,
      ...(server.ready.seeded ? { cpuSeconds: server.ready.seeded.cpuSeconds } : {}),
      recordsPerSecond: total / seconds,
      peakRss: Math.max(memory.maxRss, server.ready.maxRss),
      machine: { cores: m.cores, memoryBytes: m.memoryBytes, node: m.node },
    };
  } finally {
    await server.stop();
  }
};

/** The world of an engine's main pass: the large size on PostgreSQL, 1/50 of it on PGlite. */
const mainWorld = (engine: Engine) => scaled(engine === 'postgres' ? POSTGRES_WORLD : PGLITE_WORLD);

const prepareWorld = async (engine: Engine, world = mainWorld(engine)): Promise<PreparedWorld> => {
  if (engine === 'postgres') {
    const database = postgresDatabaseName(world);
    const connection = { databaseUrl: databaseUrlFor(adminUrl, database) };
    const existing = await readPostgresSeed(adminUrl, database);
    if (existing.record && !flags.reseed) {
      // Earlier runs wrote (PATCH, fragments rendered on first read): vacuum so every run starts alike.
      log(`PostgreSQL world: reusing database ${database}; VACUUM ANALYZE`);
      await analyzePostgres(connection.databaseUrl);
      return { world, connection, database, seed: existing.record, reused: true };
    }
    log(`PostgreSQL world: seeding database ${database} (${JSON.stringify(world)})`);
    await recreatePostgresDatabase(adminUrl, database);
    const seed = await seedWorld(connection, world);
    log(`  seeded ${formatCount(seed.records)} records in ${formatNumber(seed.seconds)} s; VACUUM ANALYZE`);
    await analyzePostgres(connection.databaseUrl);
    await writePostgresSeed(adminUrl, database, seed);
    return { world, connection, database, seed, reused: false };
  }
  const dataDir = pgliteDataDir(world);
  const database = path.relative(REPO_ROOT, dataDir);
  const existing = readPgliteSeed(dataDir);
  if (existing && !flags.reseed) {
    log(`PGlite world: reusing ${database}`);
    return { world, connection: { dataDir }, database, seed: existing, reused: true };
  }
  log(`PGlite world: seeding ${database} (${JSON.stringify(world)})`);
  resetPgliteDataDir(dataDir);
  const seed = await seedWorld({ dataDir }, world);
  log(`  seeded ${formatCount(seed.records)} records in ${formatNumber(seed.seconds)} s`);
  writePgliteSeed(dataDir, seed);
  return { world, connection: { dataDir }, database, seed, reused: false };
};

// ---------------------------------------------------------------------------------------------
// Load runs: server and ceiling interleaved, medians of the runs.

const load = new LoadGenerator();

const figuresOf = (runs: LoadResult[]): Figures => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

const problemsOf = (runs: LoadResult[], who: string) => {
  const out: string[] = [];
  const errors = runs.reduce((a, r) => a + r.errors + r.timeouts, 0);
  const non2xx = runs.reduce((a, r) => a + r.non2xx, 0);
  if (errors) out.push(`${who}: ${errors} socket errors/timeouts`);
  if (non2xx) {
    const codes = new Map<string, number>();
    for (const r of runs)
      for (const [code, n] of Object.entries(r.statusCodes))
        if (!code.startsWith('2')) codes.set(code, (codes.get(code) ?? 0) + n);
    out.push(`${who}: ${non2xx} non-2xx responses (${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')})`);
  }
  return out;
};

const runScenario = async (
  scenario: Scenario,
  server: ServerProcess,
  ceiling: CeilingProcess,
  headers: Record<string, string>,
  captured: Map<string, CapturedResponse>,
  pgCpu: PostgresCpu | undefined,
  databaseUrl: string | undefined,
): Promise<ScenarioResult> => {
  const ceilingUrl = ceiling.url;
  const writes = scenario.requests.some((r) => r.method !== 'GET');
  const beforeRun = async () => {
    if (writes && databaseUrl) await vacuumDeadRows(databaseUrl);
  };
  const job = (url: string, duration: number) => ({
    url,
    connections: scenario.connections,
    duration,
    headers,
    requests: scenario.requests,
  });
  if (settings.warmupS > 0) {
    await beforeRun();
    await load.run(job(server.url, settings.warmupS));
    await server.waitIdle();
    await load.run(job(ceilingUrl, settings.warmupS));
  }
  const serverRuns: LoadResult[] = [];
  const ceilingRuns: LoadResult[] = [];
  let peak: Memory | undefined;
  let pgCpuUs = pgCpu ? 0 : Number.NaN;
  let ceilingCpuUs = 0;
  const before = await server.memory();
  for (let i = 0; i < settings.runs; i++) {
    await beforeRun();
    const pgBefore = await pgCpu?.sample();
    const { value, peak: runPeak } = await server.peakRssDuring(
      load.run(job(server.url, settings.durationS)),
    );
    serverRuns.push(value);
    if (runPeak && runPeak.rss > (peak?.rss ?? 0)) peak = runPeak;
    // The next run starts on an idle server, not on the backlog of this one.
    await server.waitIdle();
    if (pgCpu && pgBefore) pgCpuUs += PostgresCpu.between(pgBefore, await pgCpu.sample());
    const ceilingBefore = await ceiling.cpuUs();
    ceilingRuns.push(await load.run(job(ceilingUrl, settings.durationS)));
    ceilingCpuUs += (await ceiling.cpuUs()) - ceilingBefore;
  }
  const after = await server.memory();
  // Every request sent is answered, in the run or while the server drains after it.
  const served = serverRuns.reduce((a, r) => a + r.sent, 0) || Number.NaN;
  const ceilingSent = ceilingRuns.reduce((a, r) => a + r.sent, 0) || Number.NaN;
  const serverFigures = figuresOf(serverRuns);
  const ceilingFigures = figuresOf(ceilingRuns);
  const bodies = scenario.requests.map((r) => captured.get(requestKey(r.method, r.path))?.body.length ?? 0);
  const capturedProblems = scenario.requests
    .map((r) => captured.get(requestKey(r.method, r.path)))
    .filter((c) => c && (c.status < 200 || c.status > 299));
  const result: ScenarioResult = {
    id: scenario.id,
    label: scenario.label,
    connections: scenario.connections,
    urls: scenario.requests.length,
    meanBytes: bodies.reduce((a, b) => a + b, 0) / Math.max(1, bodies.length),
    server: serverFigures,
    ceiling: ceilingFigures,
    ratio: serverFigures.rps / ceilingFigures.rps,
    problems: [
      ...(capturedProblems.length
        ? [
            `${capturedProblems.length} URLs answered ${[...new Set(capturedProblems.map((c) => c!.status))].join('/')} when captured, e.g. ${capturedProblems
              .slice(0, 3)
              .map((c) => `${c!.method} ${c!.path} -> ${c!.status} ${c!.body.toString().slice(0, 120)}`)
              .join(' | ')}`,
          ]
        : []),
      ...problemsOf(serverRuns, 'server'),
      ...problemsOf(ceilingRuns, 'ceiling'),
    ],
    runs: { server: serverRuns, ceiling: ceilingRuns },
    serverPeakRss: peak?.rss ?? 0,
    ...(peak
      ? {
          serverPeakParts: {
            heapTotal: peak.heapTotal,
            heapUsed: peak.heapUsed,
            arrayBuffers: peak.arrayBuffers,
          },
        }
      : {}),
    serverCpuUsPerRequest:
      (after.cpuUserUs - before.cpuUserUs + after.cpuSystemUs - before.cpuSystemUs) / served,
    serverSystemUsPerRequest: (after.cpuSystemUs - before.cpuSystemUs) / served,
    sqlPerRequest:
      server.ready.engine === 'postgres' ? (after.statements - before.statements) / served : Number.NaN,
    pgCpuUsPerRequest: pgCpuUs / served,
    loadCpuUsPerRequest: serverRuns.reduce((a, r) => a + r.loadCpuUs, 0) / served,
    ceilingCpuUsPerRequest: ceilingCpuUs / ceilingSent,
    ceilingLoadCpuUsPerRequest: ceilingRuns.reduce((a, r) => a + r.loadCpuUs, 0) / ceilingSent,
  };
  log(
    `  ${scenario.label}: server ${formatNumber(serverFigures.rps)} req/s p99 ${formatNumber(serverFigures.p99)} ms ` +
      `(${formatNumber(result.serverCpuUsPerRequest / 1000, 2)} ms CPU, ${formatNumber(result.sqlPerRequest, 1)} SQL per request); ` +
      `ceiling ${formatNumber(ceilingFigures.rps)} req/s; ratio ${formatNumber(result.ratio, 2)}` +
      (result.problems.length ? ` (${result.problems.join('; ')})` : ''),
  );
  return result;
};

// ---------------------------------------------------------------------------------------------
// @org/model parse speed (own process) on the real bodies.

const modelInput = (
  scenarios: Scenario[],
  captured: Map<string, CapturedResponse>,
): ModelBenchInput | undefined => {
  const bodyOf = (r: BenchRequest) => captured.get(requestKey(r.method, r.path));
  const page = scenarios
    .find((s) => s.id === 'list')
    ?.requests.map(bodyOf)
    .find(
      (c) =>
        c &&
        c.status === 200 &&
        (JSON.parse(c.body.toString()) as { results: unknown[] }).results.length === 100,
    );
  let analytics: { text: string; metric: string } | undefined;
  for (const r of scenarios.find((s) => s.id === 'analytics')?.requests ?? []) {
    const c = bodyOf(r);
    if (c?.status !== 200) continue;
    const body = JSON.parse(c.body.toString()) as { results: unknown[] };
    if (body.results.length >= 1000) {
      const metric = /analytics\/([^/]+)\//.exec(r.path)![1]!;
      analytics = { text: JSON.stringify({ results: body.results.slice(0, 1000) }), metric };
      break;
    }
  }
  if (!page || !analytics) return undefined;
  return { conversationPage: page.body.toString(), analytics: analytics.text, metric: analytics.metric };
};

const runModelBench = async (input: ModelBenchInput): Promise<ModelBenchResult> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'um-bench-model-'));
  const file = path.join(dir, 'input.json');
  writeFileSync(file, JSON.stringify(input));
  const child = forkChild('./model-bench.ts', { typescript: true });
  try {
    await nextMessage(child, 'booted', 60_000);
    const reply = await ask<{ type: 'result'; result: ModelBenchResult }>(
      child,
      { type: 'run', file, runs: settings.runs, ms: flags.quick ? 200 : 700 },
      'result',
      300_000,
    );
    return reply.result;
  } finally {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
};

// ---------------------------------------------------------------------------------------------
// CPU profile of the server under a scenario's load.

const profileScenario = async (
  prepared: PreparedWorld,
  world: DemoWorld,
  engine: Engine,
  scenario: Scenario,
  headers: Record<string, string>,
): Promise<ProfileResult> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'um-bench-prof-'));
  try {
    const server = await ServerProcess.cli(cliArgs(prepared.connection), world, engine, {
      cpuProfileDir: dir,
    });
    let from = 0;
    let to = 0;
    let result: LoadResult;
    try {
      const job = (duration: number) => ({
        url: server.url,
        connections: scenario.connections,
        duration,
        headers,
        requests: scenario.requests,
      });
      await load.run(job(Math.max(1, settings.warmupS)));
      await server.waitIdle();
      from = await server.mark();
      result = await load.run(job(settings.profileS));
      to = await server.mark();
    } finally {
      await server.stop();
    }
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('node --cpu-prof wrote no profile');
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    return {
      scenario: scenario.id,
      label: scenario.label,
      engine,
      durationS: settings.profileS,
      requests: result.requests,
      summary: summarizeProfile(profile, { fromUs: from, toUs: to }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

// ---------------------------------------------------------------------------------------------

interface EnginePass {
  result: EngineResult;
  prepared: PreparedWorld;
  /** The world's organizations and tokens, as the server reported them. */
  world: DemoWorld;
  scenarios: Scenario[];
  headers: Record<string, string>;
}

/** A pass of an engine: its main world and every scenario, or another world and some of them. */
interface PassOptions {
  world?: BenchWorldOptions;
  only?: ReadonlySet<ScenarioId>;
}

const runEngine = async (
  engine: Engine,
  results: BenchResults,
  pass: PassOptions = {},
): Promise<EnginePass> => {
  const prepared = await prepareWorld(engine, pass.world);
  const engineVersion =
    engine === 'postgres'
      ? await postgresVersion(adminUrl)
      : JSON.parse(
          readFileSync(
            path.join(REPO_ROOT, 'apps/server/node_modules/@electric-sql/pglite/package.json'),
            'utf8',
          ),
        ).version;
  // The requests' ids and words, and the ranking check, read through a server process that can
  // query the data (PGlite has one connection: the server's). The rows are measured on the CLI.
  log(`${engine}: reading the world's ids and words for the requests`);
  const reader = await ServerProcess.start(serverOptions(prepared.connection, prepared.world));
  const world = reader.ready.world;
  const token = world.organizations[0]!.token;
  const headers = { Authorization: token, Accept: 'application/json' };
  let scenarios: Scenario[];
  let ranking: Awaited<ReturnType<typeof checkSearchRanking>>;
  try {
    scenarios = await buildScenarios(reader, prepared.world, headers, pass.only ?? onlyScenarios);
    ranking = await checkSearchRanking(reader, headers);
  } finally {
    await reader.stop();
  }
  log(
    `${engine}: search ranking, the documented best match (D11) first: ${ranking.first} of ${ranking.checked}`,
  );
  log(`${engine}: starting the CLI on the existing data (${settings.runs} starts)`);
  // Start time and memory at rest: the median of several starts (the last one serves the load).
  const starts: Array<{ ready: Ready; restRss: number }> = [];
  let server: ServerProcess | undefined;
  for (let i = 0; i < Math.max(1, settings.runs); i++) {
    await server?.stop();
    server = await ServerProcess.cli(cliArgs(prepared.connection), world, engine);
    await new Promise((r) => setTimeout(r, 1000));
    starts.push({ ready: server.ready, restRss: (await server.memory()).rss });
  }
  if (!server) throw new Error('no server');
  try {
    const rest = { rss: median(starts.map((s) => s.restRss)) };
    const firstConversation = Number(
      /conversations\/(\d+)\//.exec(scenarios.find((s) => s.id === 'get')?.requests[0]?.path ?? '')?.[1] ?? 0,
    );
    const wantsClient = !results.client && firstConversation > 0;
    const extra = wantsClient ? clientBenchRequests(firstConversation) : [];
    log(
      `${engine}: capturing ${scenarios.reduce((a, s) => a + s.requests.length, 0) + extra.length} responses for the ceiling`,
    );
    const capturedList = await captureResponses(
      server.url,
      [...scenarios.flatMap((s) => s.requests), ...extra],
      headers,
    );
    const captured = new Map(capturedList.map((c) => [requestKey(c.method, c.path), c]));
    const ceiling = await CeilingProcess.start(capturedList);
    const pgCpu = engine === 'postgres' ? await PostgresCpu.open(adminUrl, prepared.database) : undefined;
    const scenarioResults: ScenarioResult[] = [];
    try {
      for (const scenario of scenarios) {
        scenarioResults.push(
          await runScenario(
            scenario,
            server,
            ceiling,
            headers,
            captured,
            pgCpu,
            prepared.connection.databaseUrl,
          ),
        );
      }
      if (wantsClient) {
        log('@org/client: overhead per request against the ceiling server');
        results.client = await runClientBench(
          ceiling.url,
          token,
          firstConversation,
          Math.max(3, settings.runs),
        );
      }
    } finally {
      await ceiling.stop();
      await pgCpu?.close();
    }
    const afterLoad = await server.memory();
    if (!results.model) {
      const input = modelInput(scenarios, captured);
      if (input) {
        log('@org/model: parse speed');
        results.model = await runModelBench(input);
      }
    }
    const result: EngineResult = {
      engine,
      engineVersion,
      database: prepared.database,
      world: prepared.world,
      seed: prepared.seed,
      reusedWorld: prepared.reused,
      start: {
        wallMs: median(starts.map((s) => s.ready.wallMs)),
        startServerMs: median(starts.map((s) => s.ready.startServerMs)),
        bootToImportMs: median(starts.map((s) => s.ready.bootToImportMs)),
      },
      memory: {
        restRss: rest.rss,
        peakLoadRss: Math.max(rest.rss, ...scenarioResults.map((s) => s.serverPeakRss)),
        ...peakRowOf(scenarioResults),
        afterLoadRss: afterLoad.rss,
      },
      scenarios: scenarioResults,
      profiles: [],
      ranking,
    };
    return { result, prepared, world, scenarios, headers };
  } finally {
    await server.stop();
    // The notes the note row wrote go again, so the reused world stays as seeded.
    if (scenarios.some((s) => s.id === 'note')) {
      const cleaner = await ServerProcess.start(serverOptions(prepared.connection, prepared.world));
      try {
        await cleaner.query(`DELETE FROM notes WHERE body LIKE $1`, [`${BENCH_NOTE_PREFIX} %`]);
      } finally {
        await cleaner.stop();
      }
    }
  }
};

const main = async () => {
  const machine = machineInfo();
  log(
    `machine: ${machine.cores} cores, ${formatBytes(machine.memoryBytes)}, Node ${machine.node}; ` +
      `${settings.runs} runs x ${settings.durationS} s per figure`,
  );
  const results: BenchResults = {
    startedAt: startedAt.toISOString(),
    finishedAt: '',
    wallSeconds: 0,
    machine,
    settings: {
      runs: settings.runs,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      connections: 16,
    },
    engines: [],
  };
  const notes: string[] = [];
  const passes: EnginePass[] = [];
  try {
    if (!flags['no-start']) {
      const resetDatabase = engines.includes('postgres') ? 'um_bench_sandbox_reset' : undefined;
      if (resetDatabase) await recreatePostgresDatabase(adminUrl, resetDatabase);
      results.freshStart = await runFreshStart(
        {
          runs: Math.max(3, settings.runs),
          resets: flags.quick ? 5 : 20,
          ...(resetDatabase ? { postgresUrl: databaseUrlFor(adminUrl, resetDatabase) } : {}),
        },
        log,
      );
    }
    if (engines.includes('postgres')) machine.postgres = await postgresVersion(adminUrl);
    for (const engine of flags['start-only'] ? [] : engines) {
      const pass = await runEngine(engine, results);
      passes.push(pass);
      results.engines.push(pass.result);
    }
    // Issue #26: the same rows on the demo world, beside the large one (PGlite: beside its largest).
    if (!flags['no-sizes'] && !flags['start-only'] && settings.worldScale === 1)
      for (const engine of engines) {
        const only = new Set(
          [...SIZE_COMPARED, ...SIZE_SHOWN].filter((id) => !onlyScenarios || onlyScenarios.has(id)),
        );
        if (!only.size) continue;
        log(`${engine}: the demo world, for the size comparison`);
        const pass = await runEngine(engine, results, { world: DEMO_WORLD, only });
        (results.demoEngines ??= []).push(pass.result);
      }
    // Profiles for every missed server target (PostgreSQL, where the targets live).
    const checks = checkTargets(results);
    if (!flags['no-profile']) {
      for (const check of checks.filter((c) => !c.met && c.scenario)) {
        const pass = passes.find((p) => p.result.engine === check.engine);
        const scenario = pass?.scenarios.find((s) => s.id === check.scenario);
        if (!pass || !scenario || pass.result.profiles.some((p) => p.scenario === scenario.id)) continue;
        log(`profiling the server under "${scenario.label}" (missed: ${check.what})`);
        pass.result.profiles.push(
          await profileScenario(pass.prepared, pass.world, check.engine, scenario, pass.headers),
        );
      }
      // And every missed goal of the issue's table, once per scenario.
      for (const { goal, result } of checkIssueGoals(results).filter((c) => c.result && !c.result.met)) {
        const pass = passes.find((p) => p.result.engine === goal.engine);
        for (const id of goal.scenarios) {
          const scenario = pass?.scenarios.find((s) => s.id === id);
          if (!pass || !scenario || pass.result.profiles.some((p) => p.scenario === id)) continue;
          log(`profiling the server under "${scenario.label}" (missed: ${goal.work}, ${result!.figure})`);
          pass.result.profiles.push(
            await profileScenario(pass.prepared, pass.world, goal.engine, scenario, pass.headers),
          );
        }
      }
    }
    log('@org/model: what one record schema and ERROR_CODES add to a bundle');
    results.bundle = await measureBundles();
    if (!flags['no-typecheck']) results.typecheck = await runTypecheckBench(Math.max(3, settings.runs), log);
    if (flags['with-tests']) {
      log('test suites: turbo run test');
      results.suite = await measureSuite();
    }
  } finally {
    await load.close();
  }
  results.finishedAt = new Date().toISOString();
  results.wallSeconds = (performance.now() - t0) / 1000;
  if (settings.worldScale !== 1)
    notes.push(`Worlds scaled by ${settings.worldScale} (--world-scale): not the issue's sizes.`);
  results.notes = notes;
  const report = renderReport(results, checkTargets(results), notes);
  process.stdout.write(`\n${report}`);
  // Kept before the docs site's figures, which need a browser: a run is never lost to a step after it.
  const dataDir = path.join(REPO_ROOT, 'apps', 'bench', '.data');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'last-run.json'), `${JSON.stringify(results, null, 2)}\n`);
  if (write) {
    writeFileSync(outFile, report);
    log(`wrote ${path.relative(process.cwd(), outFile)}`);
  }
  if (!flags['no-docs']) process.stdout.write(await docsSiteReport(log));
};

/** Re-renders a recorded run (last-run.json) into the report, measuring nothing. */
const reportFrom = (file: string) => {
  const resolved = existsSync(path.resolve(file)) ? path.resolve(file) : path.join(REPO_ROOT, file);
  const results = JSON.parse(readFileSync(resolved, 'utf8')) as BenchResults;
  const report = renderReport(results, checkTargets(results), results.notes ?? []);
  process.stdout.write(report);
  if (!flags['no-write']) writeFileSync(outFile, report);
};

(flags['report-from'] ? Promise.resolve().then(() => reportFrom(flags['report-from']!)) : main()).catch(
  (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error)?.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
