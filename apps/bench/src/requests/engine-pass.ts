// A pass of an engine: a world prepared, the rows' requests read from it, the CLI started on it,
// every row beside its ceiling. The client's and the model's figures are taken in the first pass
// that can give them (they need the ceiling and the captured bodies).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DemoWorld } from '@org/reference-server';
import type { BenchContext } from '../bench-context.js';
import { REPO_ROOT } from '../common/paths.js';
import type { EngineResult, ScenarioResult } from '../common/results.js';
import { type ClientBenchResult, runClientBench } from '../consumers/client-overhead.js';
import type { ModelBenchResult } from '../consumers/model-parse.js';
import { measureModelParse, modelBenchInput } from '../consumers/model-parse-process.js';
import { serverMemory } from '../memory/server-memory.js';
import { startOnExistingData } from '../starts/cli-start.js';
import { type ServerProcess, withServerProcess } from '../starts/server-process.js';
import { type CapturedResponse, captureResponses, requestKey } from './captured-responses.js';
import { CeilingProcess } from './ceiling-process.js';
import { PostgresCpu } from './postgres-cpu.js';
import { type RowRig, runScenario } from './scenario-run.js';
import { BENCH_NOTE_PREFIX, buildScenarios, type Scenario, type ScenarioId } from './scenarios.js';
import { checkSearchRanking, type RankingCheck } from './search-ranking.js';
import { type BenchWorldOptions, type Engine, postgresVersion } from './world.js';
import { type PreparedWorld, prepareWorld, serverOptions } from './world-setup.js';

/** A pass of an engine: its main world and every scenario, or another world and some of them. */
export interface PassOptions {
  world?: BenchWorldOptions;
  only?: ReadonlySet<ScenarioId>;
}

/** The client's and the model's figures, once some pass has measured them. */
export interface ConsumerFigures {
  client?: ClientBenchResult;
  model?: ModelBenchResult;
}

export interface EnginePass {
  result: EngineResult;
  prepared: PreparedWorld;
  /** The world's organizations and tokens, as the server reported them. */
  world: DemoWorld;
  scenarios: Scenario[];
  headers: Record<string, string>;
  /** The consumer figures this pass measured (none that `measured` already held). */
  consumers: ConsumerFigures;
}

/** What the rows of a pass ask, read from its world, and the ranking check on it. */
interface PassRequests {
  world: DemoWorld;
  token: string;
  headers: Record<string, string>;
  scenarios: Scenario[];
  ranking: RankingCheck;
}

/** The rows of a pass, the answers they captured, and the client's figures when this pass took them. */
interface MeasuredRows {
  rows: ScenarioResult[];
  captured: Map<string, CapturedResponse>;
  client?: ClientBenchResult;
}

export async function runEnginePass(
  ctx: BenchContext,
  engine: Engine,
  pass: PassOptions,
  measured: ConsumerFigures,
): Promise<EnginePass> {
  const { settings } = ctx.options;
  const prepared = await prepareWorld(ctx, engine, pass.world);
  const engineVersion = await engineVersionOf(ctx, engine);
  const requests = await readRequests(ctx, engine, prepared, pass.only ?? ctx.options.onlyScenarios);
  const { world, headers, scenarios, ranking } = requests;
  ctx.log(`${engine}: starting the CLI on the existing data (${settings.runs} starts)`);
  // Start time and memory at rest: the median of several starts (the last one serves the load).
  const cli = await startOnExistingData(prepared.connection, world, engine, settings.runs);
  try {
    const { rows, captured, client } = await measureRows(
      ctx,
      engine,
      prepared,
      cli.server,
      requests,
      measured,
    );
    const afterLoad = await cli.server.memory();
    const model = measured.model ? undefined : await measureModel(ctx, scenarios, captured);
    const result: EngineResult = {
      engine,
      engineVersion,
      database: prepared.database,
      world: prepared.world,
      seed: prepared.seed,
      reusedWorld: prepared.reused,
      start: cli.start,
      memory: serverMemory(cli.restRss, rows, afterLoad.rss),
      scenarios: rows,
      profiles: [],
      ranking,
    };
    const consumers = { ...(client ? { client } : {}), ...(model ? { model } : {}) };
    return { result, prepared, world, scenarios, headers, consumers };
  } finally {
    await cli.server.stop();
    await removeBenchNotes(prepared, scenarios);
  }
}

async function engineVersionOf(ctx: BenchContext, engine: Engine): Promise<string> {
  if (engine === 'postgres') return postgresVersion(ctx.options.adminUrl);
  const manifest = path.join(REPO_ROOT, 'apps/server/node_modules/@electric-sql/pglite/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * The requests' ids and words, and the ranking check, read through a server process that can
 * query the data (PGlite has one connection: the server's). The rows are measured on the CLI.
 */
async function readRequests(
  ctx: BenchContext,
  engine: Engine,
  prepared: PreparedWorld,
  only: ReadonlySet<ScenarioId> | undefined,
): Promise<PassRequests> {
  ctx.log(`${engine}: reading the world's ids and words for the requests`);
  const requests = await withServerProcess(
    serverOptions(prepared.connection, prepared.world),
    async (reader) => {
      const world = reader.ready.world;
      const token = world.organizations[0]!.token;
      const headers = { Authorization: token, Accept: 'application/json' };
      const scenarios = await buildScenarios(reader, prepared.world, headers, only);
      return { world, token, headers, scenarios, ranking: await checkSearchRanking(reader, headers) };
    },
  );
  const { ranking } = requests;
  ctx.log(
    `${engine}: search ranking, the documented best match (D11) first: ${ranking.first} of ${ranking.checked}`,
  );
  return requests;
}

/** Every row on the CLI beside the ceiling (which replays the CLI's captured answers). */
async function measureRows(
  ctx: BenchContext,
  engine: Engine,
  prepared: PreparedWorld,
  server: ServerProcess,
  { scenarios, headers }: PassRequests,
  measured: ConsumerFigures,
): Promise<MeasuredRows> {
  const wantsClient = !measured.client;
  ctx.log(
    `${engine}: capturing ${scenarios.reduce((a, s) => a + s.requests.length, 0)} responses for the ceiling`,
  );
  const capturedList = await captureResponses(
    server.url,
    scenarios.flatMap((s) => s.requests),
    headers,
  );
  const captured = new Map(capturedList.map((c) => [requestKey(c.method, c.path), c]));
  const ceiling = await CeilingProcess.start(capturedList);
  const pgCpu =
    engine === 'postgres' ? await PostgresCpu.open(ctx.options.adminUrl, prepared.database) : undefined;
  try {
    const rig: RowRig = {
      server,
      ceiling,
      headers,
      captured,
      pgCpu,
      databaseUrl: prepared.connection.databaseUrl,
    };
    const rows: ScenarioResult[] = [];
    for (const scenario of scenarios) rows.push(await runScenario(ctx, scenario, rig));
    if (!wantsClient) return { rows, captured };
    ctx.log("@org/client: overhead per request on the demo world's answers, replayed by a ceiling server");
    return { rows, captured, client: await runClientBench(Math.max(3, ctx.options.settings.runs)) };
  } finally {
    await ceiling.stop();
    await pgCpu?.close();
  }
}

/** @org/model's parse speed on the bodies the rows captured, when they hold what it parses. */
async function measureModel(
  ctx: BenchContext,
  scenarios: Scenario[],
  captured: Map<string, CapturedResponse>,
): Promise<ModelBenchResult | undefined> {
  const input = modelBenchInput(scenarios, captured);
  if (!input) return undefined;
  ctx.log('@org/model: parse speed');
  return measureModelParse(input, ctx.options.settings.runs, ctx.options.settings.modelParseMs);
}

/** The notes the note row wrote go again, so the reused world stays as seeded. */
async function removeBenchNotes(prepared: PreparedWorld, scenarios: Scenario[]): Promise<void> {
  if (!scenarios.some((s) => s.id === 'note')) return;
  await withServerProcess(serverOptions(prepared.connection, prepared.world), (cleaner) =>
    cleaner.query(`DELETE FROM notes WHERE body LIKE $1`, [`${BENCH_NOTE_PREFIX} %`]),
  );
}
