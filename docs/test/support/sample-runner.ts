import type { EndpointId, ProviderState } from '@org/model';
import type { OperationSamples } from '../../scripts/lib/site/samples.js';

export interface SampleCase {
  readonly id: EndpointId;
  readonly kind: keyof OperationSamples;
  readonly text: string;
  /** The states that make its operation's example true (the model's exampleStatesOf). */
  readonly states: readonly ProviderState[];
  /** A sample that writes (any method but GET) leaves the sandbox to be reset before the next. */
  readonly writes: boolean;
}

const CLIENT_IMPORT = "import { createClient } from '@org/client';";

/**
 * One ES module that runs every sample in turn against the server at API. Before a sample, the
 * sandbox is reset when a writing sample ran since the last reset (a reset per sample cost minutes on
 * a busy machine), and its operation's states are set up when they are not yet: states only add
 * records, so those of earlier reads stay harmless. The rate-limit counters are cleared for each
 * operation: without a reset between reads, the samples would otherwise reach the burst limit and
 * wait out its 429s.
 * Each sample's `console.log(status, …)` is caught to read its status (curl's with `-w`). It prints
 * `{ "<id> <kind>": status }` as JSON. One process for all samples: starting Node (or tsx) per
 * sample would cost more than the samples themselves.
 */
export function runnerModule(cases: readonly SampleCase[]): string {
  const bodies = cases.map((c) => {
    const key = JSON.stringify(`${c.id} ${c.kind}`);
    const states = JSON.stringify(c.states);
    const head = `${key}, ${JSON.stringify(c.id)}, ${states}, ${c.writes}`;
    if (c.kind === 'curl') {
      const command = JSON.stringify(`${c.text} -o /dev/null -w '%{http_code}'`);
      return `[${head}, async (console) => console.log(Number(execFileSync('bash', ['-c', ${command}], { encoding: 'utf8' })))]`;
    }
    const text = c.text.replace(CLIENT_IMPORT, '');
    return `[${head}, async (console) => {\n${text}\n}]`;
  });
  return [
    "import { execFileSync } from 'node:child_process';",
    CLIENT_IMPORT,
    'const API = process.env.API;',
    'const sandbox = (path, body, method = "POST") => fetch(`${API}/_sandbox/${path}`, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) }).then(async (r) => { if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`); });',
    `const samples = [\n${bodies.join(',\n')}\n];`,
    'const results = {};',
    'let dirty = true;',
    'let statesOf;',
    'for (const [key, id, states, writes, sample] of samples) {',
    '  if (dirty) await sandbox("reset");',
    '  if (dirty || statesOf !== id) {',
    '    await sandbox("rate-limits", undefined, "DELETE");',
    '    for (const state of states) await sandbox("provider-states", { state: state.name, params: state.params, action: "setup" });',
    '    statesOf = id;',
    '  }',
    '  dirty = writes;',
    '  let status;',
    '  try { await sample({ log: (first) => { status = first; } }); } catch (error) { status = error?.status ?? String(error); }',
    '  results[key] = status;',
    '}',
    'process.stdout.write(JSON.stringify(results));',
  ].join('\n');
}
