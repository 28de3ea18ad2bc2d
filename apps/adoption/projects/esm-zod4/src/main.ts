// ESM consumer: static imports and top-level await.
import { verifyProvider } from '@org/contracts';
import { startServer } from '@org/reference-server';
import { PACT_TOKEN } from './pact.js';
import { runSteps } from './steps.js';

await runSteps('adoption-esm-zod4', {
  async startProvider() {
    const server = await startServer({ memory: true, seed: { size: 'tiny' }, rateLimits: 'off' });
    const organization = server.world.organizations[0]!;
    return {
      url: server.url,
      organizationId: organization.id,
      token: organization.token,
      close: server.close,
    };
  },
  verify: (pactDir) => verifyProvider({ pacts: [pactDir], tokens: { organization: PACT_TOKEN } }),
});
