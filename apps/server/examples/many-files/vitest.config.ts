import { defineConfig } from 'vitest/config';

// A suite of many files, each calling useReferenceServer(): with this global setup they share one
// sandbox per worker, and each file starts from the seeded world (docs/guides/sandbox.md).
export default defineConfig({
  test: {
    globalSetup: ['@org/reference-server/vitest-setup'],
  },
});
