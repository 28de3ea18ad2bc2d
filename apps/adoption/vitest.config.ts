import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // npm install of a cold cache downloads TypeScript, Pact and PGlite; every later step is quick.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
