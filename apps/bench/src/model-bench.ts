// @org/model parse speed, in its own process (forked by the bench with the real response bodies).
import { readFileSync } from 'node:fs';
import { type EndpointDefinition, endpoints, parserOf } from '@org/model';
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
  /** JSON.parse + parserOf(schema): what the client's validation pays per response (D32). */
  compiledPerSecond: number;
  /** JSON.parse + zod 3's schema.parse of the response text, for comparison. */
  textPerSecond: number;
  /** schema.parse of the already-parsed JSON: the model's own share. */
  schemaPerSecond: number;
  /** JSON.parse alone, for scale. */
  jsonPerSecond: number;
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
  const parse = parserOf(schema);
  if (!parse(parsed).success) throw new Error('parserOf rejects what zod accepts');
  for (let i = 0; i < runs; i++) {
    figures.compiled.push(opsPerSecond(() => parse(JSON.parse(text)), ms));
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
