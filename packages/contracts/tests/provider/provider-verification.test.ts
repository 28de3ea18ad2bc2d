import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPacts } from '../../src/broker/publish-pacts.js';
import { brokerFromEnv, NO_BROKER } from '../support/broker-env.js';
import { PACT_DIR, PACT_FILE } from '../support/contract.js';
import { ProviderProxy, renameField } from '../support/provider-proxy.js';
import { startReferenceServer } from '../support/reference-servers.js';
import { type ProviderWorld, stateHandlersFor } from './state-handlers.js';
import { verifyPacts } from './verify-pacts.js';

let world: ProviderWorld;

beforeAll(async () => {
  const [server, throttled] = await Promise.all([startReferenceServer(), startReferenceServer('spent')]);
  world = { server, throttled, proxy: await ProviderProxy.start(server.url) };
});

afterAll(async () => {
  await world?.proxy.close();
  await Promise.all([world?.server.close(), world?.throttled.close()]);
});

describe('provider verification against apps/server', () => {
  it('has a state handler for every provider state the pact names', () => {
    const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
      interactions: Array<{ providerStates?: Array<{ name: string }> }>;
    };
    const named = new Set(pact.interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));
    const { stateHandlers } = stateHandlersFor(world);
    expect([...named].filter((name) => !(name in stateHandlers))).toEqual([]);
  });

  it('honours every interaction of the pact', async () => {
    await expect(verifyPacts(world, { pactUrls: [PACT_FILE] })).resolves.toBeDefined();
  }, 300_000);

  it('fails when the provider renames a field', async () => {
    const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
      interactions: Array<{ description: string }>;
    };
    const broken = join(mkdtempSync(join(tmpdir(), 'org-broken-')), 'pact.json');
    const subset = pact.interactions.filter((i) =>
      /^(getNote|listContacts): 200 for the documented example$/.test(i.description),
    );
    expect(subset).toHaveLength(2);
    writeFileSync(broken, JSON.stringify({ ...pact, interactions: subset }));
    world.proxy.rewriteBodies(renameField('created_at', 'createdAt'));
    try {
      const error = await verifyPacts(world, { pactUrls: [broken] }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error, 'the verifier accepted a provider without created_at').toBeInstanceOf(Error);
      expect(error!.message).toMatch(/created_at/);
    } finally {
      world.proxy.rewriteBodies(undefined);
    }
  }, 120_000);

  it('publishes the pacts and the verification results to the Pact Broker', async (ctx) => {
    const broker = brokerFromEnv();
    if (!broker) {
      console.info(NO_BROKER);
      ctx.skip(NO_BROKER);
      return;
    }
    await publishPacts({
      brokerUrl: broker.url,
      pactDir: PACT_DIR,
      consumerVersion: broker.version,
      ...(broker.branch ? { branch: broker.branch } : {}),
      auth: broker.auth,
    });
    await expect(
      verifyPacts(world, {
        broker: {
          url: broker.url,
          providerVersion: broker.version,
          branch: broker.branch,
          auth: broker.auth,
        },
      }),
    ).resolves.toBeDefined();
  }, 300_000);
});
