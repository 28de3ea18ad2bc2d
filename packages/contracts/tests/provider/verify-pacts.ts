import { Verifier } from '@pact-foundation/pact';
import type { ProviderWorld } from './state-handlers.js';
import { stateHandlersFor } from './state-handlers.js';

export interface VerifyOptions {
  /** Local pact files; or, with `broker`, the pacts are fetched from the Pact Broker. */
  readonly pactUrls?: string[];
  /** Verify the pacts in a Pact Broker and publish the results there. */
  readonly broker?: {
    url: string;
    providerVersion: string;
    branch?: string | undefined;
    auth: Record<string, string | undefined>;
  };
}

/** Runs the Pact verifier against the proxy in front of the reference server. Rejects on any mismatch. */
export const verifyPacts = (world: ProviderWorld, options: VerifyOptions) => {
  const { stateHandlers, beforeEach } = stateHandlersFor(world);
  return new Verifier({
    provider: 'org-api',
    providerBaseUrl: world.proxy.url,
    stateHandlers: stateHandlers as NonNullable<ConstructorParameters<typeof Verifier>[0]['stateHandlers']>,
    beforeEach,
    logLevel: 'error',
    ...(options.pactUrls ? { pactUrls: options.pactUrls } : {}),
    ...(options.broker
      ? {
          pactBrokerUrl: options.broker.url,
          consumerVersionSelectors: [{ latest: true }],
          publishVerificationResult: true,
          providerVersion: options.broker.providerVersion,
          ...(options.broker.branch ? { providerVersionBranch: options.broker.branch } : {}),
          ...(options.broker.auth.PACT_BROKER_TOKEN
            ? { pactBrokerToken: options.broker.auth.PACT_BROKER_TOKEN }
            : {}),
          ...(options.broker.auth.PACT_BROKER_USERNAME
            ? {
                pactBrokerUsername: options.broker.auth.PACT_BROKER_USERNAME,
                pactBrokerPassword: options.broker.auth.PACT_BROKER_PASSWORD ?? '',
              }
            : {}),
        }
      : {}),
  }).verifyProvider();
};
