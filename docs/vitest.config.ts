import { defineConfig } from 'vitest/config';

// The browser, pack and build tests spawn real processes (redocly, chromium, pnpm, npm, tsc), so the
// per-test timeout is generous; none of them waits on a timer.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Files share one module graph per worker: no file mocks a module, stubs a global or changes the
    // environment, and each file imported the model and the docs scripts again (D76).
    isolate: false,
  },
});
