import { writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';
import { declarationEntries } from '../../tooling/declarations.mjs';

/**
 * zod is the consumer's: every schema is built with zod 4's classic API through `zod/v4`, which zod
 * 4 ships as the same module as `zod` and zod 3.25 ships beside its own API; `@org/model/mini` uses
 * `zod/v4/mini`, which both ship too.
 */
const external = [/^zod(\/|$)/];

/**
 * One set of declarations per entry, bundled from what the native compiler wrote (the build
 * script's first step, tooling/declarations.mjs): tsup writes the CommonJS flavour (`.d.cts`) and the ESM
 * flavour re-exports it (an ES module may re-export a CommonJS one; the reverse fails under node16).
 */
const writeEsmTypes = (entry: string) => async () =>
  writeFileSync(`dist/${entry}.d.ts`, `export * from './${entry}.cjs';\n`);

const runtime: Options = { sourcemap: true, target: 'es2022', platform: 'neutral', external };

/**
 * The OpenAPI generator (build time): zod's own `z.toJSONSchema`, so it needs nothing but zod, and
 * the generated documents. No source map: it would carry both documents a second time.
 */
const generator: Options = {
  entry: { openapi: 'src/openapi/index.ts' },
  sourcemap: false,
  target: 'node20',
  platform: 'node',
  external,
};

// The build script empties dist/ first: these builds run in parallel, so none may clean.
export default defineConfig([
  {
    // The runtime model for bundlers and Node ESM: one file per module, so with `sideEffects: false`
    // a project importing one schema or ERROR_CODES bundles only the modules behind it.
    ...runtime,
    entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/openapi/**'],
    format: ['esm'],
    bundle: false,
  },
  {
    // The runtime model for require(): one file, and the declarations.
    ...runtime,
    entry: { index: 'src/index.ts' },
    format: ['cjs'],
    dts: { entry: declarationEntries({ index: 'src/index.ts' }) },
    onSuccess: writeEsmTypes('index'),
  },
  {
    // `@org/model/mini` for require(): one file of zod mini schemas, and its declarations (D73).
    ...runtime,
    entry: { mini: 'src/mini/index.ts' },
    format: ['cjs'],
    dts: { entry: declarationEntries({ mini: 'src/mini/index.ts' }) },
    onSuccess: writeEsmTypes('mini'),
  },
  { ...generator, format: ['esm'] },
  {
    ...generator,
    format: ['cjs'],
    dts: { entry: declarationEntries(generator.entry as Record<string, string>) },
    onSuccess: writeEsmTypes('openapi'),
  },
]);
