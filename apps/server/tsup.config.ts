import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  // PGlite ships its WebAssembly and data files next to its JS; bundling it would lose them.
  external: ['@electric-sql/pglite', 'pg'],
});
