import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ServerProcess, startServerProcess } from './server-process.js';

export interface Sandbox {
  /** e.g. http://127.0.0.1:43121 */
  readonly url: string;
  /** The first organization's token (`demo-org-token`). */
  readonly token: string;
  /** `POST /_sandbox/reset`: back to the seeded world, rate-limit counters included. */
  reset(): Promise<void>;
  /** `POST /_sandbox/provider-states` (`action: setup`) in the token's organization; the state's values. */
  setUp(state: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A GET of the API with the token; the parsed body of a 200. */
  get(path: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** Where a sandbox runs: in memory, or as instances on one PostgreSQL database behind one address. */
export type SandboxSetup =
  | { readonly engine: 'pglite' }
  | { readonly engine: 'postgres'; readonly instances: number };
export const PGLITE: SandboxSetup = { engine: 'pglite' };

/** The PostgreSQL server the test command gives (`.ci/run` sets it), or none: those setups skip. */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/**
 * The server package's test helpers as it builds them (`@org/reference-server/vitest`): a database of
 * its own on TEST_DATABASE_URL's server, and a round robin in front of several instances.
 */
const SERVER_TEST_HELPERS = pathToFileURL(
  fileURLToPath(new URL('../../../apps/server/dist/vitest.js', import.meta.url)),
).href;
interface TemporaryDatabase {
  readonly url: string;
  drop(): Promise<void>;
}
interface RoundRobin {
  readonly url: string;
  close(): Promise<void>;
}
interface ServerTestHelpers {
  createMigratedDatabase(serverUrl: string, prefix: string): Promise<TemporaryDatabase>;
  startRoundRobin(upstreams: readonly string[]): Promise<RoundRobin>;
}
async function serverTestHelpers(): Promise<ServerTestHelpers> {
  return (await import(SERVER_TEST_HELPERS)) as ServerTestHelpers;
}

/** The processes of a setup, and the address a client calls (a round robin in front of several). */
async function startSetup(
  setup: SandboxSetup,
): Promise<{ url: string; token: string; stop(): Promise<void> }> {
  if (setup.engine === 'pglite') return startServerProcess(['--memory']);
  const helpers = await serverTestHelpers();
  const database = await helpers.createMigratedDatabase(testDatabaseUrl!, 'docs');
  // Started one after the other: the first seeds, the others find the world there.
  const servers: ServerProcess[] = [];
  let front: RoundRobin | undefined;
  try {
    for (let i = 0; i < setup.instances; i++)
      servers.push(await startServerProcess(['--database-url', database.url]));
    front = await helpers.startRoundRobin(servers.map((s) => s.url));
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    throw error;
  }
  const started = front;
  return {
    url: started.url,
    token: servers[0]!.token,
    async stop() {
      await started.close();
      await Promise.all(servers.map((s) => s.stop()));
      await database.drop();
    },
  };
}

/**
 * One sandbox for a test file without the docs site: the tiny demo world, with the documented rate
 * limits, in memory or (`setup`) on PostgreSQL.
 */
export async function startSandbox(setup: SandboxSetup = PGLITE): Promise<Sandbox> {
  const server = await startSetup(setup);
  const { url, token } = server;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        Authorization: token,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  };
  return {
    url,
    token,
    reset: async () => {
      await call('POST', '/_sandbox/reset');
    },
    setUp: async (state, params = {}) =>
      (await call('POST', '/_sandbox/provider-states', { state, params, action: 'setup' })) as Record<
        string,
        unknown
      >,
    get: (path) => call('GET', path),
    stop: () => server.stop(),
  };
}
