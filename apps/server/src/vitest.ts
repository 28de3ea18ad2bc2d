import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { JournalEntry, JournalQuery } from './sandbox/api/schemas.js';
import { readJournal, resetSandbox } from './sandbox-client.js';
import type { RunningServer, StartOptions } from './server.js';
import { borrowServer, releaseServer, SERVER_POOL_KEY, sandboxStartOptions } from './server-pool.js';
import type { TemporaryDatabase } from './store/engine/temporary-database.js';
import type { DemoWorld } from './store/seed/demo-world.js';

/** One address in front of several instances, for suites that start them on one database. */
export { type RoundRobin, startRoundRobin } from './round-robin.js';
/** Databases of their own on TEST_DATABASE_URL's server, for suites that start the server themselves. */
export {
  createTemporaryDatabase,
  POSTGRES_SKIP_REASON,
  type TemporaryDatabase,
  testDatabaseUrl,
} from './store/engine/temporary-database.js';
export type { JournalEntry, JournalQuery };
export { readJournal, resetSandbox };

/**
 * A database of its own on TEST_DATABASE_URL's server, already migrated: a copy of a template built
 * once per set of migrations (store/migrated-database.ts), so a server started on it skips them.
 */
export async function createMigratedDatabase(serverUrl: string, prefix?: string): Promise<TemporaryDatabase> {
  // Loaded when asked for: a file that only uses the sandbox never loads the PostgreSQL driver.
  const { createMigratedDatabase: create } = await import('./store/migrated-database.js');
  return create(serverUrl, prefix);
}

/** What a test file gets: the sandbox's base URL and its world's ids and tokens. */
export interface ReferenceServer {
  /** e.g. http://127.0.0.1:43121 */
  readonly url: string;
  readonly world: DemoWorld;
  /** The first organization's token and id, which most tests act as. */
  readonly token: string;
  readonly organizationId: number;
  /** Back to the seeded world (records, ids, rate-limit counters): beforeEach does it for you. */
  reset(): Promise<void>;
  /**
   * The exchanges since the last reset, oldest first (GET /_sandbox/requests): each request's
   * method, path, query, headers and body, and its answer's status, headers and body (tokens
   * redacted). The filter narrows it: `journal({ method: 'PATCH', path: '/api/um/v3/conversations/{id}/' })`.
   */
  journal(filter?: JournalQuery): Promise<JournalEntry[]>;
  /**
   * Every exchange of this file's tests, oldest first, across the resets (the journal itself keeps
   * those since the last one): what `journalCoverage` of `@org/contracts` reports on, e.g.
   * `journalCoverage(await server.exchanges())` in an afterAll. A reset the server is asked for by
   * other means (POST /_sandbox/reset, a provider state's teardown) drops the journal before it is
   * kept, and the journal holds 500 exchanges at most: a test that sends more loses its oldest.
   */
  exchanges(): Promise<JournalEntry[]>;
}

/**
 * One reference server for this test file: the sandbox on the tiny demo world, reset to that world
 * before each test. Without a global setup, the file starts its own server before its tests and
 * closes it after them, so files can run in parallel. With `@org/reference-server/vitest-setup` as
 * vitest's global setup, the file borrows its worker's server instead (server-pool.ts), at the
 * seeded world, and gives it back after its tests for the pool to reset while the worker moves on:
 * the price of a reset, not of a start. Options ask for a server of the file's own either way. The
 * returned object is filled in beforeAll.
 */
export function useReferenceServer(options: StartOptions = {}): ReferenceServer {
  let server: RunningServer | undefined;
  // The reset empties the journal: what it held is kept here first, so exchanges() spans the file.
  const kept: JournalEntry[] = [];
  const handle = {
    reset: async () => {
      kept.push(...(await readJournal(handle.url)));
      await resetSandbox(handle.url);
    },
    journal: (filter?: JournalQuery) => readJournal(handle.url, filter),
    exchanges: async () => [...kept, ...(await readJournal(handle.url))],
  } as { -readonly [K in keyof ReferenceServer]: ReferenceServer[K] };
  const pool = Object.keys(options).length === 0 ? inject(SERVER_POOL_KEY) : undefined;

  async function startOwnServer() {
    // Loaded here: a file that borrows its worker's server never loads the server's modules.
    const { startServer } = await import('./server.js');
    server = await startServer(sandboxStartOptions(options));
    return server;
  }

  const worker = process.env.VITEST_POOL_ID ?? '1';
  beforeAll(async () => {
    // A borrowed server comes back from the pool at the seeded world: nothing the worker's previous
    // file left (records, journal, clock) is this file's, in its own beforeAll hooks either.
    const { url, world } = pool ? await borrowServer(pool, worker) : await startOwnServer();
    const first = world.organizations[0]!;
    Object.assign(handle, { url, world, token: first.token, organizationId: first.id });
  }, 120_000);
  beforeEach(() => handle.reset());
  afterAll(() => (pool ? releaseServer(pool, worker) : server?.close()));
  return handle;
}
