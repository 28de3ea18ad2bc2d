import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts', 'src/vitest.ts', 'src/build-worlds.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: ['src/index.ts', 'src/vitest.ts'] },
  sourcemap: true,
  clean: true,
  // PGlite ships its WebAssembly and data files next to its JS; bundling it would lose them.
  external: ['@electric-sql/pglite', 'pg', 'vitest', 'tar'],
  // The server reads its migrations from ./migrations/ beside the bundle (store/migrate.ts).
  onSuccess: async () => {
    cpSync('src/store/migrations', 'dist/migrations', { recursive: true });
  },
});
