import type { EndpointDefinition, EndpointId } from '@org/model';
import type { OperationSamples } from '../../scripts/lib/site/samples.js';

/** A provider state (Pact's state-change body) the sandbox sets up before a sample runs. */
export interface StateSetup {
  readonly state: string;
  readonly params: Record<string, string | number>;
}

const idsIn = (text: string | number | undefined): number[] =>
  text === undefined ? [] : String(text).split(',').map(Number);

/**
 * The records an operation's example names, as provider states of the model's catalogue: the
 * example's ids are those of the docs (1042, 4711, ...), not of the seeded world, and the sandbox
 * creates records under chosen ids (D62).
 */
export const statesFor = (endpoint: EndpointDefinition): StateSetup[] => {
  const { params = {}, query = {}, body } = endpoint.example;
  const pathId = params.id;
  const states: StateSetup[] = [];
  const resource = endpoint.path.split('/')[4];
  const contactOf = (body as { contact_identity_id?: number } | undefined)?.contact_identity_id;
  const contactIds = [...idsIn(query.contact_identity_id), ...(contactOf ? [contactOf] : [])];
  const ids = [...(pathId === undefined ? [] : [Number(pathId)]), ...idsIn(query.delete_ids)];
  if (resource === 'conversations')
    for (const id of ids) states.push({ state: 'a conversation exists', params: { id } });
  if (resource === 'contact_identities') for (const id of ids) contactIds.push(id);
  for (const id of contactIds) states.push({ state: 'a contact exists', params: { id } });
  if (resource === 'notes' && pathId !== undefined)
    states.push({ state: 'a note with id {id} exists', params: { id: String(pathId) } });
  if (resource === 'operators' && pathId !== undefined)
    states.push({ state: 'an operator of a role exists', params: { role: 'operator', id: Number(pathId) } });
  return states;
};

export interface SampleCase {
  readonly id: EndpointId;
  readonly kind: keyof OperationSamples;
  readonly text: string;
  readonly states: readonly StateSetup[];
  /** A sample that writes (any method but GET) leaves the sandbox to be reset before the next. */
  readonly writes: boolean;
}

const CLIENT_IMPORT = "import { createClient } from '@org/client';";

/**
 * One ES module that runs every sample in turn against the server at API. Before a sample, the
 * sandbox is reset and the sample's states set up when a writing sample ran since the last reset or
 * its operation's states are not set up yet (a reset per sample cost minutes on a busy machine).
 * Each sample's `console.log(status, …)` is caught to read its status (curl's with `-w`). It prints
 * `{ "<id> <kind>": status }` as JSON. One process for all samples: starting Node (or tsx) per
 * sample would cost more than the samples themselves.
 */
export const runnerModule = (cases: readonly SampleCase[]): string => {
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
    'const sandbox = (path, body) => fetch(`${API}/_sandbox/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) }).then(async (r) => { if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`); });',
    `const samples = [\n${bodies.join(',\n')}\n];`,
    'const results = {};',
    'let dirty = true;',
    'let statesOf;',
    'for (const [key, id, states, writes, sample] of samples) {',
    '  if (dirty || (states.length > 0 && statesOf !== id)) {',
    '    await sandbox("reset");',
    '    for (const state of states) await sandbox("provider-states", { ...state, action: "setup" });',
    '    statesOf = id;',
    '  }',
    '  dirty = writes;',
    '  let status;',
    '  try { await sample({ log: (first) => { status = first; } }); } catch (error) { status = error?.status ?? String(error); }',
    '  results[key] = status;',
    '}',
    'process.stdout.write(JSON.stringify(results));',
  ].join('\n');
};
