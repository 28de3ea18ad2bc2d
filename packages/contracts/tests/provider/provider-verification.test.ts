import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerCredentials, publishPacts } from '../../src/broker/publish-pacts.js';
import { renameField } from '../../src/provider/proxy.js';
import { type ReferenceProvider, startReferenceProvider } from '../../src/provider/reference-provider.js';
import { verifyProvider } from '../../src/provider/verify-provider.js';
import { brokerOrSkip, publishOptions } from '../support/broker-env.js';
import { PACT_DIR, PACT_FILE, TOKENS } from '../support/contract.js';

/** One reference provider for the file (a server behind a proxy), reset before each interaction. */
let provider: ReferenceProvider;

beforeAll(async () => {
  provider = await startReferenceProvider({
    tokens: { organization: TOKENS.organization, customer: TOKENS.customer },
  });
});

afterAll(() => provider?.close());

const pactOf = () =>
  JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
    interactions: Array<{ description: string; providerStates?: Array<{ name: string }> }>;
  };

describe('provider verification against the reference server (verifyProvider)', () => {
  it('has a state handler for every provider state the pact names', () => {
    const named = new Set(pactOf().interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    expect([...named].filter((name) => !(name in provider.stateHandlers))).toEqual([]);
  });

  it('honours every interaction of the pact', async () => {
    const result = await verifyProvider({ pacts: [PACT_DIR], provider });
    expect(result.pactFiles).toEqual([PACT_FILE]);
    expect(result.published).toBe(false);
  }, 300_000);

  it('fails when the provider renames a field', async () => {
    const pact = pactOf();
    const broken = join(mkdtempSync(join(tmpdir(), 'org-broken-')), 'pact.json');
    const subset = pact.interactions.filter((i) =>
      /^(getNote|listContacts): 200 for the documented example$/.test(i.description),
    );
    expect(subset).toHaveLength(2);
    writeFileSync(broken, JSON.stringify({ ...pact, interactions: subset }));
    provider.rewriteBodies(renameField('created_at', 'createdAt'));
    try {
      const error = await verifyProvider({ pacts: [broken], provider }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error, 'the verifier accepted a provider without created_at').toBeInstanceOf(Error);
      expect(error!.message).toMatch(/created_at/);
    } finally {
      provider.rewriteBodies(undefined);
    }
  }, 120_000);

  it('publishes the pacts and the verification results to the Pact Broker', async (ctx) => {
    const broker = brokerOrSkip(ctx);
    if (!broker) return;
    await publishPacts(publishOptions(broker));
    const result = await verifyProvider({
      provider,
      broker: {
        url: broker.url,
        consumerVersionSelectors: [{ latest: true }],
        ...brokerCredentials(broker.auth),
      },
      providerVersion: broker.version,
      ...(broker.branch ? { providerVersionBranch: broker.branch } : {}),
    });
    expect(result.published).toBe(true);
  }, 300_000);
});
