// ESM consumer: static imports and top-level await; every entry point with its default options.
import { verifyProvider } from '@org/contracts';
import { startServer } from '@org/reference-server';
import { providerOf, runSteps } from './steps.js';

await runSteps('adoption-esm-zod4', {
  startProvider: async () => providerOf(await startServer()),
  verify: (pactDir) => verifyProvider({ pacts: [pactDir] }),
});
