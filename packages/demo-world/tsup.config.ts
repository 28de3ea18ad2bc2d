import { defineConfig } from 'tsup';
import { declarationEntries } from '../../tooling/declarations.mjs';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  // Bundled from what the native compiler wrote (tooling/declarations.mjs).
  dts: { entry: declarationEntries({ index: 'src/index.ts' }) },
  sourcemap: true,
  clean: true,
});
