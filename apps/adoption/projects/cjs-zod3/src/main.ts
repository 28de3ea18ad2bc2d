// CommonJS consumer: the packages' require() builds; the reference server is ESM-only, so it is
// loaded with import(), which CommonJS supports.
import { verifyProvider } from '@org/contracts';
import { PACT_TOKEN } from './pact.js';
import { runSteps } from './steps.js';

async function main(): Promise<void> {
  await runSteps('adoption-cjs-zod3', {
    async startProvider() {
      const { startServer } = await import('@org/reference-server');
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
}

void main();
