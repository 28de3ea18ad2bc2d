import type { RunningServer, StartOptions } from '@org/reference-server';

/**
 * Limits no verification run reaches: a 429 comes from a rate-limit provider state, which the
 * sandbox answers with the burst window's headers (60 s, as a spent limit asks).
 */
const UNLIMITED = { daily: 1e9, burst: { requests: 1e9, windowSeconds: 60 }, analyticsPerMinute: 1e9 };

/** The raw tokens a started reference server accepts: those the pacts carry. */
export interface ReferenceServerTokens {
  /** The token of the organization the pacts act for (default: the server's `demo-org-token`). */
  readonly organization?: string;
  /** The customer token (default: the server's `demo-customer-token`). */
  readonly customer?: string;
}

export interface ReferenceServerOptions {
  readonly tokens?: ReferenceServerTokens;
}

/**
 * `@org/reference-server` is a dependency, not an optional peer, so installing `@org/contracts` alone
 * gives a working `contracts verify`; see decision D34 (the reference server is published). Loaded
 * only when a server is started, never with the matchers.
 */
const loadReferenceServer = async (): Promise<typeof import('@org/reference-server')> => {
  try {
    return await import('@org/reference-server');
  } catch (error) {
    throw new Error(
      `could not load @org/reference-server to start a reference server (or pass baseUrl): ${(error as Error).message}`,
    );
  }
};

/**
 * The reference server as a provider verification needs it: sandbox mode (the verification
 * resets it between interactions), in memory, the tenancy and operators only
 * (the provider states create every record), port 0.
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningServer> {
  const { startServer } = await loadReferenceServer();
  const start: StartOptions = {
    sandbox: true,
    seed: false,
    limits: UNLIMITED,
    memory: true,
    ...(options.tokens ? { tokens: { ...options.tokens } } : {}),
  };
  return startServer(start);
}
