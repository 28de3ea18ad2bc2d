import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Opening PGlite costs seconds and seeding worlds is real work: generous limits, no flaky timeouts.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
