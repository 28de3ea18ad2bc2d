import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ask, forkChild, nextMessage, stopChild } from '../common/children.js';
import { type CapturedResponse, requestKey } from '../requests/captured-responses.js';
import type { BenchRequest } from '../requests/load-generator.js';
import type { Scenario } from '../requests/scenarios.js';
import type { ModelBenchInput, ModelBenchResult } from './model-parse.js';

/**
 * The bodies the model parses, from what the rows captured: a full 100-conversation page and an
 * analytics answer of at least 1,000 points (cut to 1,000). Undefined when the rows held neither.
 */
export function modelBenchInput(
  scenarios: Scenario[],
  captured: Map<string, CapturedResponse>,
): ModelBenchInput | undefined {
  const bodyOf = (r: BenchRequest) => captured.get(requestKey(r.method, r.path));
  const page = scenarios
    .find((s) => s.id === 'list')
    ?.requests.map(bodyOf)
    .find(
      (c) =>
        c &&
        c.status === 200 &&
        (JSON.parse(c.body.toString()) as { results: unknown[] }).results.length === 100,
    );
  let analytics: { text: string; metric: string } | undefined;
  for (const r of scenarios.find((s) => s.id === 'analytics')?.requests ?? []) {
    const c = bodyOf(r);
    if (c?.status !== 200) continue;
    const body = JSON.parse(c.body.toString()) as { results: unknown[] };
    if (body.results.length >= 1000) {
      const metric = /analytics\/([^/]+)\//.exec(r.path)![1]!;
      analytics = { text: JSON.stringify({ results: body.results.slice(0, 1000) }), metric };
      break;
    }
  }
  if (!page || !analytics) return undefined;
  return { conversationPage: page.body.toString(), analytics: analytics.text, metric: analytics.metric };
}

/** Parse speed measured in model-parse-worker.ts's process: `runs` runs of about `ms` each. */
export async function measureModelParse(
  input: ModelBenchInput,
  runs: number,
  ms: number,
): Promise<ModelBenchResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'um-bench-model-'));
  const file = path.join(dir, 'input.json');
  writeFileSync(file, JSON.stringify(input));
  const child = forkChild(new URL('./model-parse-worker.ts', import.meta.url), { typescript: true });
  try {
    await nextMessage(child, 'booted', 60_000);
    const reply = await ask<{ type: 'result'; result: ModelBenchResult }>(
      child,
      { type: 'run', file, runs, ms },
      'result',
      300_000,
    );
    return reply.result;
  } finally {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
