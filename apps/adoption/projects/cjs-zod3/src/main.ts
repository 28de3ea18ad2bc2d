// CommonJS consumer: the packages' require() builds; the reference server is ESM-only, so it is
// loaded with import(), which CommonJS supports. Every entry point with its default options.
import { verifyProvider } from '@org/contracts';
import { providerOf, runSteps } from './steps.js';

async function main(): Promise<void> {
  await runSteps('adoption-cjs-zod3', {
    async startProvider() {
      const { startServer } = await import('@org/reference-server');
      return providerOf(await startServer());
    },
    verify: (pactDir) => verifyProvider({ pacts: [pactDir] }),
  });
}

void main();
