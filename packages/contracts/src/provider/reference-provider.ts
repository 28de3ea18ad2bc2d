import type { RunningServer } from '@org/reference-server';
import { type BodyRewrite, ProviderProxy } from './proxy.js';
import { type ReferenceServerTokens, startReferenceServer } from './reference-servers.js';
import { referenceStates } from './reference-states.js';
import type { StateHandler } from './state-handlers.js';

/** The reference server started as a provider under verification. */
export interface ReferenceProvider {
  /** What the verifier talks to (a proxy on port 0 in front of the servers). */
  readonly url: string;
  /** The organization token the started server accepts (the pacts' `Authorization`). */
  readonly organizationToken: string;
  /** A handler for every state of PROVIDER_STATES. */
  readonly stateHandlers: Readonly<Record<string, StateHandler>>;
  /** The sandbox reset: an empty world (tenancy and operators), the normal route. Before every interaction. */
  reset(): Promise<void>;
  /** Rewrites the JSON bodies served (undefined: as served). For tests that a verification can fail. */
  rewriteBodies(rewrite: BodyRewrite | undefined): void;
  close(): Promise<void>;
}

export interface ReferenceProviderOptions {
  /** The tokens the server accepts: the ones your pacts carry (default `demo-org-token`, `demo-customer-token`). */
  readonly tokens?: ReferenceServerTokens;
  /**
   * Whether the pacts use the rate-limit states (default true): then the server whose limits are
   * spent starts together with the first. Otherwise it starts only if such a state occurs (slow:
   * the state's setup waits for it).
   */
  readonly rateLimitStates?: boolean;
}

/**
 * Starts the reference server (`@org/reference-server`: in memory, sandbox mode, port 0) as a
 * provider to verify pacts against, behind a proxy that routes the interactions of the rate-limit
 * states to a second server whose every limit is spent (started when such a state first occurs). Start it once and pass it to several `verifyProvider` calls
 * (`provider`), or let `verifyProvider` start and close one.
 */
export const startReferenceProvider = async (
  options: ReferenceProviderOptions = {},
): Promise<ReferenceProvider> => {
  const tokens = options.tokens ?? {};
  const startThrottled = () => startReferenceServer({ tokens }, 'spent');
  const closeQuietly = (server: Promise<RunningServer> | undefined) =>
    server?.then((s) => s.close()).catch(() => {});
  // Both servers start together when the rate-limit states are wanted (a start costs seconds).
  let throttled = (options.rateLimitStates ?? true) ? startThrottled() : undefined;
  const main = startReferenceServer({ tokens });
  const [first, second] = await Promise.allSettled([main, throttled]);
  if (first.status === 'rejected' || second.status === 'rejected') {
    await Promise.all([closeQuietly(main), closeQuietly(throttled)]);
    throw first.status === 'rejected' ? first.reason : (second as PromiseRejectedResult).reason;
  }
  const server = first.value;
  const proxy = await ProviderProxy.start(server.url).catch(async (error: unknown) => {
    await Promise.all([server.close(), closeQuietly(throttled)]);
    throw error;
  });
  const throttledUrl = async () => (await (throttled ??= startThrottled())).url;
  const states = referenceStates({ server, throttledUrl, proxy });
  const stateHandlers: Record<string, StateHandler> = Object.fromEntries(
    Object.entries(states.setups).map(([name, setup]) => [name, { setup, teardown: states.routeBack }]),
  );
  return {
    url: proxy.url,
    organizationToken: server.world.organizations[0]!.token,
    stateHandlers,
    reset: states.reset,
    rewriteBodies: (rewrite) => proxy.rewriteBodies(rewrite),
    close: async () => {
      await proxy.close();
      await Promise.all([server.close(), closeQuietly(throttled)]);
    },
  };
};
