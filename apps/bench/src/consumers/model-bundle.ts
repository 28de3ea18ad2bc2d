// What importing from @org/model costs a consumer's bundle: esbuild, minified, zod in and out.
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { consumerBundleOptions } from '../../../../tooling/consumer-bundle.mjs';

/** Minified bytes of an ES module importing from @org/model (esbuild, zod bundled in). */
export interface BundleFigures {
  /** The record schema from the classic entry (`@org/model`). */
  recordSchemaBytes: number;
  /** The same with zod left out: the model's own share. */
  recordSchemaOwnBytes: number;
  /** The record schema from `@org/model/mini` (D73); absent in runs recorded before it. */
  miniRecordSchemaBytes?: number;
  miniRecordSchemaOwnBytes?: number;
  errorCodesBytes: number;
}

/** The built model's ES entries, as a consumer's bundler resolves them. */
const MODEL_ENTRY = createRequire(import.meta.url).resolve('@org/model');
const ES_ENTRIES = {
  '@org/model': MODEL_ENTRY.replace(/index\.cjs$/, 'index.js'),
  '@org/model/mini': MODEL_ENTRY.replace(/index\.cjs$/, 'mini/index.js'),
};

async function bundleBytes(source: string, zod: 'bundled' | 'external'): Promise<number> {
  const result = await build({
    ...consumerBundleOptions(source, import.meta.dirname, zod),
    // The modules by file: an alias of `@org/model` would also rewrite `@org/model/mini`.
    plugins: [
      {
        name: 'model-entries',
        setup(b) {
          b.onResolve({ filter: /^@org\/model(\/mini)?$/ }, (args) => ({
            path: ES_ENTRIES[args.path as keyof typeof ES_ENTRIES],
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.contents.length;
}

/**
 * What importing one record schema (from the classic entry and from `@org/model/mini`), or
 * ERROR_CODES alone, adds to a consumer's bundle.
 */
export async function measureBundles(): Promise<BundleFigures> {
  const record = (from: string) =>
    `import { ConversationSchema } from '${from}'; console.log(ConversationSchema.parse({}));`;
  return {
    recordSchemaBytes: await bundleBytes(record('@org/model'), 'bundled'),
    recordSchemaOwnBytes: await bundleBytes(record('@org/model'), 'external'),
    miniRecordSchemaBytes: await bundleBytes(record('@org/model/mini'), 'bundled'),
    miniRecordSchemaOwnBytes: await bundleBytes(record('@org/model/mini'), 'external'),
    errorCodesBytes: await bundleBytes(
      "import { ERROR_CODES } from '@org/model'; console.log(ERROR_CODES);",
      'bundled',
    ),
  };
}
