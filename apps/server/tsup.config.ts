import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { declarationEntries } from '../../tooling/declarations.mjs';
import { compiledConstants } from './build-constants.js';

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/cli.ts',
    'src/vitest.ts',
    'src/vitest-setup.ts',
    'src/pool-thread.ts',
    'src/build-worlds.ts',
  ],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  // Bundled from what the native compiler wrote (tooling/declarations.mjs); resolve: the demo
  // world's types are inlined too, as its code is (noExternal below).
  dts: {
    entry: declarationEntries({
      index: 'src/index.ts',
      vitest: 'src/vitest.ts',
      'vitest-setup': 'src/vitest-setup.ts',
    }),
    resolve: ['@org/demo-world'],
  },
  sourcemap: true,
  clean: true,
  // PGlite ships its WebAssembly and data files next to its JS; bundling it would lose them.
  external: ['@electric-sql/pglite', 'pg', 'vitest', 'tar'],
  // The demo world is a private workspace package: it ships inside the bundle (D34), and its own
  // dependency (faker) is a dependency of the server.
  // The model is bundled too, so the server always runs on the zod it depends on: installed beside a
  // team's zod 3.25 by npm, a shared @org/model would load that zod's older v4 (4.0), whose
  // z.toJSONSchema cannot write the sandbox's document, and whose error messages differ.
  noExternal: ['@org/demo-world', '@org/model'],
  // Source maps name files and lines without carrying their text: the bundled model would otherwise
  // ship its two OpenAPI documents a second time, inside the map.
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  // Fixed at build time: what the bundle would otherwise look up in the workspace (build-constants.ts).
  define: compiledConstants(),
  // The server reads its migrations from ./migrations/ beside the bundle (store/migrate.ts).
  onSuccess: async () => {
    cpSync('src/store/migrations', 'dist/migrations', { recursive: true });
  },
});
