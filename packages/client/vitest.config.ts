import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** TypeScript 7's compiler, the one consuming teams run, checks the type tests. */
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // Type-level tests (expectTypeOf) are checked by tsc as part of the run.
    typecheck: {
      enabled: true,
      checker: tsc,
      include: ['tests/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files share one module graph per worker: no file mocks a module, stubs a global or changes the
    // environment, and each file imported the model and the client again (D76).
    isolate: false,
  },
});
