// `pnpm bench`: the server, the model and the tooling, measured side by side with their ceilings.
// A run is the phases of measureAll in order; each returns its figures, and the results are put
// together once, after the last one.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BenchContext, type BenchOptions, benchContext, readBenchOptions } from './bench-context.js';
import { type MachineInfo, machineInfo } from './common/machine.js';
import { BENCH_DATA_DIR, REPO_ROOT } from './common/paths.js';
import type { BenchResults, EngineResult, ProfileResult } from './common/results.js';
import { formatBytes } from './common/stats.js';
import { docsSiteReport } from './consumers/docs-site.js';
import { measureFuzzer } from './consumers/fuzzer.js';
import { measureManyFilesSuite } from './consumers/many-files-suite.js';
import { measureBundles } from './consumers/model-bundle.js';
import { measureProxyCost } from './consumers/proxy-cost.js';
import { measureSuite } from './consumers/test-suite.js';
import { runTypecheckBench } from './consumers/typecheck.js';
import { renderReport } from './report/report.js';
import { checkServerGoals } from './report/server-goals.js';
import { checkTargets } from './report/targets.js';
import { type ConsumerFigures, type EnginePass, runEnginePass } from './requests/engine-pass.js';
import { SIZE_COMPARED, SIZE_SHOWN } from './requests/scenarios.js';
import { missedRows, profileScenario } from './requests/server-profiles.js';
import { DEMO_WORLD, databaseUrlFor, postgresVersion, recreatePostgresDatabase } from './requests/world.js';
import { type FreshStartResult, runFreshStart } from './starts/fresh-start.js';

/** The figures of every phase of a measuring run: the results but for the run's own facts. */
type Measured = Omit<
  BenchResults,
  'startedAt' | 'finishedAt' | 'wallSeconds' | 'machine' | 'settings' | 'notes'
> & {
  postgresVersion?: string;
};

/** The server passes: each engine on its main world, then on the demo world for the size comparison. */
interface ServerPasses {
  main: EnginePass[];
  demo: EnginePass[];
  consumers: ConsumerFigures;
}

function main(argv: readonly string[]): Promise<void> {
  const options = readBenchOptions(argv);
  const recorded = options.reportFrom;
  if (recorded) return Promise.resolve().then(() => rerenderReport(options, recorded));
  return measureAndReport(benchContext(options));
}

async function measureAndReport(ctx: BenchContext): Promise<void> {
  const machine = machineInfo();
  const { settings } = ctx.options;
  ctx.log(
    `machine: ${machine.cores} cores, ${formatBytes(machine.memoryBytes)}, Node ${machine.node}; ` +
      `${settings.runs} runs x ${settings.durationS} s per figure`,
  );
  const measured = await measureAll(ctx);
  const results = benchResults(ctx, machine, measured);
  publishReport(ctx, results);
  if (ctx.options.docs) process.stdout.write(await docsSiteReport(ctx.log));
}

/**
 * The phases, in order: fresh start, the server passes, CPU profiles of the rows they missed, what
 * the packages cost a consumer. The load generator lives as long as they do.
 */
async function measureAll(ctx: BenchContext): Promise<Measured> {
  try {
    const freshStart = await measureFreshStart(ctx);
    const postgres = ctx.options.engines.includes('postgres')
      ? await postgresVersion(ctx.options.adminUrl)
      : undefined;
    const server = await measureServer(ctx);
    const engines = await withProfiles(ctx, server.main);
    const demoEngines = server.demo.map((pass) => pass.result);
    const consumerCosts = await measureConsumerCosts(ctx);
    return {
      engines,
      ...(freshStart ? { freshStart } : {}),
      ...server.consumers,
      ...(demoEngines.length ? { demoEngines } : {}),
      ...consumerCosts,
      ...(postgres ? { postgresVersion: postgres } : {}),
    };
  } finally {
    await ctx.load.close();
  }
}

/** Fresh start and sandbox resets (`--no-start` leaves them out). */
async function measureFreshStart(ctx: BenchContext): Promise<FreshStartResult | undefined> {
  const { options } = ctx;
  if (!options.freshStart) return undefined;
  // PostgreSQL's reset times get an empty database of their own, made anew every run.
  const resetDatabase = options.engines.includes('postgres') ? 'um_bench_sandbox_reset' : undefined;
  if (resetDatabase) await recreatePostgresDatabase(options.adminUrl, resetDatabase);
  return runFreshStart(
    {
      runs: Math.max(3, options.settings.runs),
      resets: options.settings.resets,
      ...(resetDatabase ? { postgresUrl: databaseUrlFor(options.adminUrl, resetDatabase) } : {}),
    },
    ctx.log,
  );
}

async function measureServer(ctx: BenchContext): Promise<ServerPasses> {
  const { options } = ctx;
  const mainPasses: EnginePass[] = [];
  const demoPasses: EnginePass[] = [];
  let consumers: ConsumerFigures = {};
  for (const engine of options.startOnly ? [] : options.engines) {
    const pass = await runEnginePass(ctx, engine, {}, consumers);
    consumers = { ...consumers, ...pass.consumers };
    mainPasses.push(pass);
  }
  // Issue #26: the same rows on the demo world, beside the large one (PGlite: beside its largest).
  const sizes = options.sizes && !options.startOnly && options.settings.worldScale === 1;
  for (const engine of sizes ? options.engines : []) {
    const only = new Set(
      [...SIZE_COMPARED, ...SIZE_SHOWN].filter(
        (id) => !options.onlyScenarios || options.onlyScenarios.has(id),
      ),
    );
    if (!only.size) continue;
    ctx.log(`${engine}: the demo world, for the size comparison`);
    const pass = await runEnginePass(ctx, engine, { world: DEMO_WORLD, only }, consumers);
    consumers = { ...consumers, ...pass.consumers };
    demoPasses.push(pass);
  }
  return { main: mainPasses, demo: demoPasses, consumers };
}

/** The passes' results, with a CPU profile for every row that missed a target or a goal. */
async function withProfiles(ctx: BenchContext, passes: EnginePass[]): Promise<EngineResult[]> {
  const engines = passes.map((pass) => pass.result);
  if (!ctx.options.profile) return engines;
  const profiles = new Map<EnginePass, ProfileResult[]>();
  for (const row of missedRows(passes, checkTargets({ engines }), checkServerGoals({ engines }))) {
    ctx.log(`profiling the server under "${row.scenario.label}" (missed: ${row.missed})`);
    profiles.set(row.pass, [...(profiles.get(row.pass) ?? []), await profileScenario(ctx, row)]);
  }
  return passes.map((pass) => ({ ...pass.result, profiles: profiles.get(pass) ?? [] }));
}

/**
 * What the packages cost those who use them: a bundle, a type-check, the fuzzer's speed against the
 * sandbox, and (`--with-tests`) the tests.
 */
async function measureConsumerCosts(
  ctx: BenchContext,
): Promise<Pick<Measured, 'bundle' | 'typecheck' | 'fuzz' | 'proxy' | 'manyFiles' | 'suite'>> {
  const { options, log } = ctx;
  log('@org/model: what one record schema and ERROR_CODES add to a bundle');
  const bundle = await measureBundles();
  const typecheck = options.typecheck
    ? await runTypecheckBench(Math.max(3, options.settings.runs), log)
    : undefined;
  const { settings } = options;
  const fuzz = options.fuzz
    ? await measureFuzzer({ ...settings, requests: settings.fuzzRequests }, ctx.load, log)
    : undefined;
  const proxy = options.proxy ? await measureProxyCost(settings, ctx.load, log) : undefined;
  const manyFiles = options.manyFiles ? await measureManyFilesSuite(log) : undefined;
  if (options.withTests) log('test suites: turbo run test');
  const suite = options.withTests ? await measureSuite() : undefined;
  return {
    bundle,
    ...(typecheck ? { typecheck } : {}),
    ...(fuzz ? { fuzz } : {}),
    ...(proxy ? { proxy } : {}),
    ...(manyFiles ? { manyFiles } : {}),
    ...(suite ? { suite } : {}),
  };
}

function benchResults(ctx: BenchContext, machine: MachineInfo, measured: Measured): BenchResults {
  const { postgresVersion: postgres, engines, ...figures } = measured;
  const { settings } = ctx.options;
  const notes =
    settings.worldScale === 1
      ? []
      : [`Worlds scaled by ${settings.worldScale} (--world-scale): not the issue's sizes.`];
  return {
    startedAt: ctx.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    wallSeconds: (performance.now() - ctx.t0) / 1000,
    machine: { ...machine, ...(postgres ? { postgres } : {}) },
    settings: {
      runs: settings.runs,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      connections: 16,
    },
    engines,
    ...figures,
    notes,
  };
}

/** The report on stdout and in docs/benchmarks.md (`--out`), the raw figures in last-run.json. */
function publishReport(ctx: BenchContext, results: BenchResults): void {
  const { options } = ctx;
  const report = renderReport(results, checkTargets(results), results.notes);
  process.stdout.write(`\n${report}`);
  // Kept before the docs site's figures, which need a browser: a run is never lost to a step after it.
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  writeFileSync(path.join(BENCH_DATA_DIR, 'last-run.json'), `${JSON.stringify(results, null, 2)}\n`);
  // A quick run's figures (tiny worlds, 1 s runs) never replace the report.
  if (options.noWrite || options.quick) return;
  writeFileSync(options.outFile, report);
  ctx.log(`wrote ${path.relative(process.cwd(), options.outFile)}`);
}

/** Re-renders a recorded run (last-run.json) into the report, measuring nothing. */
function rerenderReport(options: BenchOptions, file: string): void {
  const resolved = existsSync(path.resolve(file)) ? path.resolve(file) : path.join(REPO_ROOT, file);
  const results = JSON.parse(readFileSync(resolved, 'utf8')) as BenchResults;
  const report = renderReport(results, checkTargets(results), results.notes ?? []);
  process.stdout.write(report);
  if (!options.noWrite) writeFileSync(options.outFile, report);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error)?.stack ?? error}\n`);
  process.exitCode = 1;
});
