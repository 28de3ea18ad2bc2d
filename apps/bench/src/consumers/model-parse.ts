// @org/model parse speed on real response bodies. Runs in a process of its own (model-parse-worker.ts),
// so the bench's heap and JIT state do not weigh on the figures.
import { type EndpointDefinition, endpoints } from '@org/model';
import * as z from 'zod/v4';
import { median, opsPerSecond } from '../common/stats.js';

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

export interface ModelBenchResult {
  conversationPage: ParseFigures;
  analytics: ParseFigures;
}

function successSchemaOf(id: string): ZodTypeAny {
  const ep = (endpoints as unknown as Record<string, EndpointDefinition>)[id];
  const schema = ep?.success[200];
  if (!schema) throw new Error(`no 200 schema for ${id}`);
  return schema;
}

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

export function runModelBench(input: ModelBenchInput, runs = 3, ms = 700): ModelBenchResult {
  return {
    conversationPage: measure(input.conversationPage, successSchemaOf('listConversations'), runs, ms),
    analytics: measure(input.analytics, successSchemaOf(`analytics_${input.metric}`), runs, ms),
  };
}
