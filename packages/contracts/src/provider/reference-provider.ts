import type { RunningServer } from '@org/reference-server';
import { type BodyRewrite, ProviderProxy } from './proxy.js';
import { type ReferenceServerTokens, startReferenceServer } from './reference-servers.js';
import { sandboxStateHandlers, sandboxStateNames } from './sandbox-states.js';
import type { StateHandler } from './state-handlers.js';

/** The reference server started as a provider under verification. */
export interface ReferenceProvider {
  /** What the verifier talks to (a proxy on port 0 in front of the server). */
  readonly url: string;
  /** The organization token the started server accepts (the pacts' `Authorization`). */
  readonly organizationToken: string;
  /** A handler for every state of the catalogue, set up by the server's sandbox. */
  readonly stateHandlers: Readonly<Record<string, StateHandler>>;
  /** The sandbox reset: an empty world (tenancy and operators). Before every interaction. */
  reset(): Promise<void>;
  /** Rewrites the JSON bodies served (undefined: as served). For tests that a verification can fail. */
  rewriteBodies(rewrite: BodyRewrite | undefined): void;
  close(): Promise<void>;
}

export interface ReferenceProviderOptions {
  /** The tokens the server accepts: the ones your pacts carry (default `demo-org-token`, `demo-customer-token`). */
  readonly tokens?: ReferenceServerTokens;
  /**
   * No longer needed: the sandbox exhausts a rate limit itself when a pact names a rate-limit state
   * (it started a second server whose limits were spent). Accepted and ignored.
   */
  readonly rateLimitStates?: boolean;
}

/**
 * Starts the reference server (`@org/reference-server`: in memory, sandbox mode, port 0) as a
 * provider to verify pacts against, behind a proxy (which a test can make break the contract). Its
 * sandbox sets every provider state of the catalogue up (`POST /_sandbox/provider-states`). Start
 * it once and pass it to several `verifyProvider` calls (`provider`), or let `verifyProvider`
 * start and close one.
 */
export async function startReferenceProvider(
  options: ReferenceProviderOptions = {},
): Promise<ReferenceProvider> {
  const server: RunningServer = await startReferenceServer({ tokens: options.tokens ?? {} });
  try {
    const proxy = await ProviderProxy.start(server.url);
    const stateHandlers = sandboxStateHandlers(server.url, await sandboxStateNames(server.url));
    return {
      url: proxy.url,
      organizationToken: server.world.organizations[0]!.token,
      stateHandlers,
      reset: async () => {
        const response = await fetch(new URL('/_sandbox/reset', server.url), { method: 'POST' });
        if (response.status !== 204) throw new Error(`sandbox reset answered ${response.status}`);
      },
      rewriteBodies: (rewrite) => proxy.rewriteBodies(rewrite),
      close: async () => {
        await proxy.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
