import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  // Node 20+ and evergreen browsers: fetch, AbortSignal and async iterators are native.
  target: 'es2022',
  platform: 'neutral',
  external: [/^zod(\/|$)/, '@org/model'],
});
