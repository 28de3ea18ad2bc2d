import { Verifier } from '@pact-foundation/pact';
import type { ProviderWorld } from './state-handlers.js';
import { stateHandlersFor } from './state-handlers.js';

export interface VerifyOptions {
  readonly pactUrls: string[];
  /** Set by CI with PACT_BROKER_BASE_URL: where results are published. */
  readonly publish?: { providerVersion: string; providerVersionBranch?: string };
}

/** Runs the Pact verifier against the proxy in front of the reference server. Rejects on any mismatch. */
export const verifyPacts = (world: ProviderWorld, options: VerifyOptions) => {
  const { stateHandlers, beforeEach } = stateHandlersFor(world);
  return new Verifier({
    provider: 'org-api',
    providerBaseUrl: world.proxy.url,
    pactUrls: options.pactUrls,
    stateHandlers: stateHandlers as NonNullable<ConstructorParameters<typeof Verifier>[0]['stateHandlers']>,
    beforeEach,
    logLevel: 'error',
    ...(options.publish ? { publishVerificationResult: true, ...options.publish } : {}),
  }).verifyProvider();
};
