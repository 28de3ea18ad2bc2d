import { writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['plugins']>[number];

/** zod is the consumer's (zod 3.25 or 4): every schema is built with the `zod/v3` API both ship. */
const external = [/^zod(\/|$)/];

/**
 * One set of declarations per entry: tsup writes the CommonJS flavour (`.d.cts`) and the ESM
 * flavour re-exports it (an ES module may re-export a CommonJS one; the reverse fails under node16).
 */
const writeEsmTypes = (entry: string) => async () =>
  writeFileSync(`dist/${entry}.d.ts`, `export * from './${entry}.cjs';\n`);

/**
 * The bundled generator's `require("zod")` becomes `require("zod/v3")`. A rendered-chunk rewrite,
 * because tsup marks the peer `zod` external before any esbuild plugin or alias could redirect it.
 */
const zodV3: Plugin = {
  name: 'zod-v3',
  renderChunk: (code) => ({ code: code.replaceAll('require("zod")', 'require("zod/v3")') }),
};

const runtime: Options = { sourcemap: true, target: 'es2022', platform: 'neutral', external };

/**
 * The OpenAPI generator (build time): @anatine/zod-openapi is bundled in and its `zod` import
 * pointed at `zod/v3`, so it reads the model's schemas whichever zod major the project has, and
 * installing @org/model never pulls a zod-3-only peer range.
 */
const generator: Options = {
  entry: { openapi: 'src/openapi/index.ts' },
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  external,
  noExternal: ['@anatine/zod-openapi', 'ts-deepmerge'],
  plugins: [zodV3],
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
    dts: true,
    onSuccess: writeEsmTypes('index'),
  },
  {
    ...generator,
    format: ['esm'],
    // The bundled generator is CommonJS: its require('zod/v3') needs a require in the ESM build.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  },
  { ...generator, format: ['cjs'], dts: true, onSuccess: writeEsmTypes('openapi') },
]);
