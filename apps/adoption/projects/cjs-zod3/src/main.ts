// CommonJS consumer: the packages' require() builds; the reference server is ESM-only, so it is
// loaded with import(), which CommonJS supports. Every entry point with its default options.
import { verifyProvider } from '@org/contracts';
import { runSteps } from './steps.js';

async function main(): Promise<void> {
  await runSteps('adoption-cjs-zod3', {
    async startProvider() {
      const { startServer } = await import('@org/reference-server');
      const server = await startServer();
      const organization = server.world.organizations[0]!;
      return {
        url: server.url,
        organizationId: organization.id,
        token: organization.token,
        close: server.close,
      };
    },
    verify: (pactDir) => verifyProvider({ pacts: [pactDir] }),
  });
}

void main();
