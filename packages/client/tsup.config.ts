import { writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { declarationEntries } from '../../tooling/declarations.mjs';

const common: Options = {
  entry: { index: 'src/index.ts' },
  sourcemap: true,
  // Node 20+ and evergreen browsers: fetch, AbortSignal and async iterators are native.
  target: 'es2022',
  platform: 'neutral',
  external: [/^zod(\/|$)/, '@org/model'],
};

// The build script empties dist/ first: the two builds run in parallel, so neither may clean.
export default defineConfig([
  { ...common, format: ['esm'] },
  {
    ...common,
    format: ['cjs'],
    // One set of declarations, bundled from what the native compiler wrote (tooling/declarations.mjs):
    // tsup writes index.d.cts and index.d.ts re-exports it (an ES module may re-export a CommonJS
    // one; the reverse fails under node16).
    dts: { entry: declarationEntries(common.entry as Record<string, string>) },
    onSuccess: async () => writeFileSync('dist/index.d.ts', "export * from './index.cjs';\n"),
  },
]);
