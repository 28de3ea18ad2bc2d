import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type RunningServer, type StartOptions, startServer } from '../server.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
  testDatabaseUrl,
} from '../store/engine/temporary-database.js';

export interface SandboxUnderTest {
  server: RunningServer;
  /** The first organization's token. */
  token: string;
  /** fetch against the server, with that token and a JSON content type unless told otherwise. */
  call: typeof fetch;
}

/** The world the sandbox tests start: tiny, seeded at a fixed moment. */
export const SANDBOX_SEED = { size: 'tiny', seed: 5, now: '2026-01-01T12:00:00.000000Z' } as const;

/** One sandbox per file, reset before each test: what a consuming team's suite does. */
export const useSandbox = (engine: 'pglite' | 'postgres', start: StartOptions = {}): SandboxUnderTest => {
  const t = {} as SandboxUnderTest;
  let temporary: TemporaryDatabase | undefined;
  beforeAll(async () => {
    temporary = engine === 'postgres' ? await createTemporaryDatabase(testDatabaseUrl!) : undefined;
    t.server = await startServer({
      sandbox: true,
      seed: SANDBOX_SEED,
      ...(temporary ? { databaseUrl: temporary.url } : { memory: true }),
      ...start,
    });
    t.token = t.server.world.organizations[0]!.token;
    t.call = (input, init) =>
      fetch(new URL(String(input), t.server.url), {
        ...init,
        headers: { authorization: t.token, 'content-type': 'application/json', ...init?.headers },
      });
  });
  afterAll(async () => {
    await t.server?.close();
    await temporary?.drop();
  });
  beforeEach(async () => {
    expect((await t.call('/_sandbox/reset', { method: 'POST' })).status).toBe(204);
  });
  return t;
};
