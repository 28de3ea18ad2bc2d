// @org/model parse speed, in its own process (forked by the bench with the real response bodies),
// and what importing one schema costs a bundle.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type EndpointDefinition, endpoints } from '@org/model';
import { build } from 'esbuild';
import * as z from 'zod/v4';
import { median, opsPerSecond } from './stats.js';

type ZodTypeAny = NonNullable<EndpointDefinition['success'][200]>;

export interface ModelBenchInput {
  /** A real 100-conversation page (listConversations, limit=100), as the server sent it. */
  conversationPage: string;
  /** A real analytics response cut to 1,000 data points, and the metric it is of. */
  analytics: string;
  metric: string;
}

export interface ParseFigures {
  bytes: number;
  items: number;
  /** JSON.parse + the schema compiled by zod (`z.compile`): what the client's validation pays (D32). */
  compiledPerSecond: number;
  /** JSON.parse + zod 4's runtime parse of the schema (zod without a compiler: zod 3.25's zod/v4). */
  textPerSecond: number;
  /** schema.parse of the already-parsed JSON: the model's own share. */
  schemaPerSecond: number;
  /** JSON.parse alone, for scale. */
  jsonPerSecond: number;
}

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

export interface ModelBenchResult {
  conversationPage: ParseFigures;
  analytics: ParseFigures;
}

const successSchemaOf = (id: string): ZodTypeAny => {
  const ep = (endpoints as unknown as Record<string, EndpointDefinition>)[id];
  const schema = ep?.success[200];
  if (!schema) throw new Error(`no 200 schema for ${id}`);
  return schema;
};

const measure = (text: string, schema: ZodTypeAny, runs: number, ms: number): ParseFigures => {
  const parsed = JSON.parse(text) as { results?: unknown[] };
  const check = schema.safeParse(parsed);
  if (!check.success)
    throw new Error(`the model rejects the server's response: ${check.error.message.slice(0, 500)}`);
  const figures = {
    compiled: [] as number[],
    text: [] as number[],
    schema: [] as number[],
    json: [] as number[],
  };
  const compiled = z.compile(schema);
  if (!compiled.safeParse(parsed).success) throw new Error('the compiled schema rejects what zod accepts');
  for (let i = 0; i < runs; i++) {
    figures.compiled.push(opsPerSecond(() => compiled.safeParse(JSON.parse(text)), ms));
    figures.text.push(opsPerSecond(() => schema.parse(JSON.parse(text)), ms));
    figures.schema.push(opsPerSecond(() => schema.parse(parsed), ms));
    figures.json.push(opsPerSecond(() => JSON.parse(text), ms));
  }
  return {
    bytes: Buffer.byteLength(text),
    items: parsed.results?.length ?? 0,
    compiledPerSecond: median(figures.compiled),
    textPerSecond: median(figures.text),
    schemaPerSecond: median(figures.schema),
    jsonPerSecond: median(figures.json),
  };
};

/** The built model's ES entries, as a consumer's bundler resolves them. */
const MODEL_ENTRY = createRequire(import.meta.url).resolve('@org/model');
const ES_ENTRIES = {
  '@org/model': MODEL_ENTRY.replace(/index\.cjs$/, 'index.js'),
  '@org/model/mini': MODEL_ENTRY.replace(/index\.cjs$/, 'mini/index.js'),
};

const bundleBytes = async (source: string, zod: 'bundled' | 'external'): Promise<number> => {
  const result = await build({
    stdin: { contents: source, loader: 'js', resolveDir: import.meta.dirname },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
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
    external: zod === 'external' ? ['zod', 'zod/*'] : [],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents.length;
};

/**
 * What importing one record schema (from the classic entry and from `@org/model/mini`), or
 * ERROR_CODES alone, adds to a consumer's bundle.
 */
export const measureBundles = async (): Promise<BundleFigures> => {
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
};

export const runModelBench = (input: ModelBenchInput, runs = 3, ms = 700): ModelBenchResult => ({
  conversationPage: measure(input.conversationPage, successSchemaOf('listConversations'), runs, ms),
  analytics: measure(input.analytics, successSchemaOf(`analytics_${input.metric}`), runs, ms),
});

if (process.send) {
  process.on('message', (message: { type: string; file?: string; runs?: number; ms?: number }) => {
    if (message.type === 'stop') process.exit(0);
    if (message.type !== 'run' || !message.file) return;
    try {
      const input = JSON.parse(readFileSync(message.file, 'utf8')) as ModelBenchInput;
      process.send!({ type: 'result', result: runModelBench(input, message.runs, message.ms) });
    } catch (error) {
      process.send!({ type: 'error', message: String((error as Error)?.stack ?? error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'booted' });
}
