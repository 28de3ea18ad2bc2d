import { beforeEach, expect } from 'vitest';
import type { RunningServer, StartOptions } from '../server.js';
import { type Engine, useStartedServer } from './started-server.js';

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
export function useSandbox(engine: Engine, start: StartOptions = {}): SandboxUnderTest {
  const t = {} as SandboxUnderTest;
  useStartedServer(engine, { sandbox: true, seed: SANDBOX_SEED, ...start }, (server) => {
    t.server = server;
    t.token = server.world.organizations[0]!.token;
    t.call = (input, init) =>
      fetch(new URL(String(input), server.url), {
        ...init,
        headers: { authorization: t.token, 'content-type': 'application/json', ...init?.headers },
      });
  });
  beforeEach(async () => {
    expect((await t.call('/_sandbox/reset', { method: 'POST' })).status).toBe(204);
  });
  return t;
}
