import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 60_000,
    // Files share one module graph per worker: no file mocks a module, stubs a global or changes the
    // environment, and importing the model's schemas again for every file was a quarter of the
    // suite's CPU (D76).
    isolate: false,
  },
});
