import { defineConfig } from 'vitest/config';

// Only the helpers' smoke tests run here; the benchmark itself never runs under `pnpm test`.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
