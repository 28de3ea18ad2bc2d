import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['plugins']>[number];

/** zod is the consumer's (zod 3.25 or 4): every schema is built with the `zod/v3` API both ship. */
const external = [/^zod(\/|$)/];

/**
 * The bundled generator's `require("zod")` becomes `require("zod/v3")`. A rendered-chunk rewrite,
 * because tsup marks the peer `zod` external before any esbuild plugin or alias could redirect it.
 */
const zodV3: Plugin = {
  name: 'zod-v3',
  renderChunk: (code) => ({ code: code.replaceAll('require("zod")', 'require("zod/v3")') }),
};

export default defineConfig([
  {
    // The runtime model: zod/v3 only, no generator.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    external,
  },
  {
    // The OpenAPI generator (build time): @anatine/zod-openapi is bundled in and its `zod` import
    // pointed at `zod/v3`, so it reads the model's schemas whichever zod major the project has and
    // installing @org/model never pulls a zod-3-only peer range.
    entry: { openapi: 'src/openapi/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    external,
    noExternal: ['@anatine/zod-openapi', 'ts-deepmerge'],
    plugins: [zodV3],
    // The bundled generator is CommonJS: its require('zod/v3') needs a require in the ESM build.
    banner: ({ format }) =>
      format === 'esm'
        ? {
            js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
          }
        : {},
  },
]);
