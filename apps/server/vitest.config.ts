import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { compiledConstants } from './build-constants.js';

export default defineConfig({
  // The sources see the constants the bundle has compiled in (build-constants.ts).
  define: compiledConstants(),
  // The example test imports the helper as a consuming team does, by its published name.
  resolve: {
    alias: { '@org/reference-server/vitest': fileURLToPath(new URL('./src/vitest.ts', import.meta.url)) },
  },
  test: {
    // Opening PGlite costs seconds and seeding worlds is real work, which on a machine the whole test
    // command shares can take minutes: these limits only catch a hang, as the docs suite's do.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Every core, not vitest's default of one fewer: this is the test command's longest task, and
    // the other packages' tests end before it, leaving the machine to it (one worker on two cores).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // The HTTP suites (the API's and the sandbox's) start one server per file and share no module
        // state: running them in one module graph compiles PGlite's WebAssembly once instead of once
        // per file.
        test: {
          name: 'http',
          include: ['src/http/**/*.test.ts', 'src/sandbox/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'examples/**/*.test.ts'],
          // The many-files example runs in a vitest of its own, with its global setup (server-pool.test.ts).
          exclude: [...configDefaults.exclude, 'src/http/**', 'src/sandbox/**', 'examples/many-files/**'],
        },
      },
    ],
  },
});
