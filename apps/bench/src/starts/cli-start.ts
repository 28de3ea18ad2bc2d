import type { DemoWorld } from '@org/reference-server';
import type { EngineResult } from '../common/results.js';
import { median } from '../common/stats.js';
import { BENCH_TOKENS, type Engine } from '../requests/world.js';
import { type DataConnection, type Ready, ServerProcess } from './server-process.js';

/**
 * The CLI's options for a world's data: the bench's tokens (already in the world: given again,
 * they change nothing) and no rate limits, as a team load-testing its own use would start it.
 */
export function cliArgs(connection: DataConnection): string[] {
  return [
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
}

/** The CLI started on existing data, with the figures of its starts. */
export interface CliOnExistingData {
  /** The last start, left running for the load rows. */
  server: ServerProcess;
  start: EngineResult['start'];
  /** Resident memory 1 s after each start, the median. */
  restRss: number;
}

/**
 * Start time and memory at rest: `runs` starts of the CLI (at least one), each stopped before the
 * next, their medians.
 */
export async function startOnExistingData(
  connection: DataConnection,
  world: DemoWorld,
  engine: Engine,
  runs: number,
): Promise<CliOnExistingData> {
  const starts: Array<{ ready: Ready; restRss: number }> = [];
  let server: ServerProcess | undefined;
  for (let i = 0; i < Math.max(1, runs); i++) {
    await server?.stop();
    server = await ServerProcess.cli(cliArgs(connection), world, engine);
    await new Promise((r) => setTimeout(r, 1000));
    starts.push({ ready: server.ready, restRss: (await server.memory()).rss });
  }
  if (!server) throw new Error('no server');
  return {
    server,
    start: {
      wallMs: median(starts.map((s) => s.ready.wallMs)),
      startServerMs: median(starts.map((s) => s.ready.startServerMs)),
      bootToImportMs: median(starts.map((s) => s.ready.bootToImportMs)),
    },
    restRss: median(starts.map((s) => s.restRss)),
  };
}
