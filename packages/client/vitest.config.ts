import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // Type-level tests (expectTypeOf) are checked by tsc as part of the run.
    typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
