import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, type StartOptions, startServer } from '../server.js';
import { type TemporaryDatabase, testDatabaseUrl } from '../store/engine/temporary-database.js';
import { createMigratedDatabase } from '../store/migrated-database.js';

export type Engine = 'pglite' | 'postgres';

/**
 * One server for the calling test file (opening a database costs seconds), on an in-memory PGlite
 * or on a PostgreSQL database of its own on TEST_DATABASE_URL's server, named after
 * `databasePrefix`: started in beforeAll and handed to `started`; closed, and its database
 * dropped, in afterAll.
 */
export function useStartedServer(
  engine: Engine,
  options: StartOptions,
  started: (server: RunningServer) => void,
  databasePrefix = 'test',
): void {
  let server: RunningServer | undefined;
  let temporary: TemporaryDatabase | undefined;
  beforeAll(async () => {
    if (engine === 'postgres') temporary = await createMigratedDatabase(testDatabaseUrl!, databasePrefix);
    server = await startServer({
      ...options,
      ...(temporary ? { databaseUrl: temporary.url } : { memory: true }),
    });
    started(server);
  });
  afterAll(async () => {
    await server?.close();
    await temporary?.drop();
  });
}
