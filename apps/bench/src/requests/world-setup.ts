// The world of an engine's pass: seeded once per world options (in a server process of its own,
// which times the seed), then reused by later runs.
import path from 'node:path';
import type { BenchContext } from '../bench-context.js';
import { machineInfo } from '../common/machine.js';
import { REPO_ROOT } from '../common/paths.js';
import { formatBytes, formatCount, formatNumber } from '../common/stats.js';
import { type DataConnection, ServerProcess, type ServerStartOptions } from '../starts/server-process.js';
import {
  analyzePostgres,
  BENCH_LIMITS,
  BENCH_TOKENS,
  type BenchWorldOptions,
  databaseUrlFor,
  type Engine,
  PGLITE_WORLD,
  POSTGRES_WORLD,
  pgliteDataDir,
  postgresDatabaseName,
  readPgliteSeed,
  readPostgresSeed,
  recreatePostgresDatabase,
  resetPgliteDataDir,
  type SeedRecord,
  seedOptionsOf,
  withoutSize,
  worldHash,
  writePgliteSeed,
  writePostgresSeed,
} from './world.js';

export interface PreparedWorld {
  world: BenchWorldOptions;
  /** How the server process reaches the data (databaseUrl or dataDir). */
  connection: DataConnection;
  database: string;
  seed: SeedRecord;
  reused: boolean;
}

/** startServer()'s options for a world: its data, the bench's tokens, limits no load reaches. */
export function serverOptions(connection: DataConnection, world: BenchWorldOptions): ServerStartOptions {
  return {
    ...connection,
    seed: seedOptionsOf(world),
    tokens: { ...BENCH_TOKENS },
    limits: { ...BENCH_LIMITS, burst: { ...BENCH_LIMITS.burst } },
  };
}

/** The world seeded and analysed, or found seeded by an earlier run (`--reseed` seeds it again). */
export function prepareWorld(
  ctx: BenchContext,
  engine: Engine,
  world = mainWorld(ctx, engine),
): Promise<PreparedWorld> {
  return engine === 'postgres' ? preparePostgresWorld(ctx, world) : preparePgliteWorld(ctx, world);
}

/** The world of an engine's main pass: the large size on PostgreSQL, 1/50 of it on PGlite. */
function mainWorld(ctx: BenchContext, engine: Engine): BenchWorldOptions {
  const world = engine === 'postgres' ? POSTGRES_WORLD : PGLITE_WORLD;
  const scale = ctx.options.settings.worldScale;
  if (scale === 1) return world;
  return {
    ...withoutSize(world),
    contactsPerOrg: Math.max(50, Math.round(world.contactsPerOrg * scale)),
    conversationsPerOrg: Math.max(50, Math.round(world.conversationsPerOrg * scale)),
  };
}

async function preparePostgresWorld(ctx: BenchContext, world: BenchWorldOptions): Promise<PreparedWorld> {
  const { adminUrl, reseed } = ctx.options;
  const database = postgresDatabaseName(world);
  const connection = { databaseUrl: databaseUrlFor(adminUrl, database) };
  const existing = await readPostgresSeed(adminUrl, database);
  if (existing.record && !reseed) {
    // Earlier runs wrote (PATCH, fragments rendered on first read): vacuum so every run starts alike.
    ctx.log(`PostgreSQL world: reusing database ${database}; VACUUM ANALYZE`);
    await analyzePostgres(connection.databaseUrl);
    return { world, connection, database, seed: existing.record, reused: true };
  }
  ctx.log(`PostgreSQL world: seeding database ${database} (${JSON.stringify(world)})`);
  await recreatePostgresDatabase(adminUrl, database);
  const seed = await seedWorld(ctx, connection, world);
  ctx.log(`  seeded ${formatCount(seed.records)} records in ${formatNumber(seed.seconds)} s; VACUUM ANALYZE`);
  await analyzePostgres(connection.databaseUrl);
  await writePostgresSeed(adminUrl, database, seed);
  return { world, connection, database, seed, reused: false };
}

async function preparePgliteWorld(ctx: BenchContext, world: BenchWorldOptions): Promise<PreparedWorld> {
  const dataDir = pgliteDataDir(world);
  const database = path.relative(REPO_ROOT, dataDir);
  const existing = readPgliteSeed(dataDir);
  if (existing && !ctx.options.reseed) {
    ctx.log(`PGlite world: reusing ${database}`);
    return { world, connection: { dataDir }, database, seed: existing, reused: true };
  }
  ctx.log(`PGlite world: seeding ${database} (${JSON.stringify(world)})`);
  resetPgliteDataDir(dataDir);
  const seed = await seedWorld(ctx, { dataDir }, world);
  ctx.log(`  seeded ${formatCount(seed.records)} records in ${formatNumber(seed.seconds)} s`);
  writePgliteSeed(dataDir, seed);
  return { world, connection: { dataDir }, database, seed, reused: false };
}

/** Seeds an empty database in a server process of its own: records/s and the process's peak RSS. */
async function seedWorld(
  ctx: BenchContext,
  connection: DataConnection,
  world: BenchWorldOptions,
): Promise<SeedRecord> {
  let lastLog = 0;
  const server = await ServerProcess.start(serverOptions(connection, world), {
    timeoutMs: 40 * 60_000,
    onProgress: (p) => {
      if (performance.now() - lastLog < 5000) return;
      lastLog = performance.now();
      ctx.log(`  seeding: ${formatCount(Number(p.records))} records, RSS ${formatBytes(Number(p.rss))}`);
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
}
