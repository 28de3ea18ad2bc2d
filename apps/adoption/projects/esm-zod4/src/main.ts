// ESM consumer: static imports and top-level await; every entry point with its default options.
import { verifyProvider } from '@org/contracts';
import { startServer } from '@org/reference-server';
import { runSteps } from './steps.js';

await runSteps('adoption-esm-zod4', {
  async startProvider() {
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
