import { readFileSync } from 'node:fs';
import type { StateHandler } from './state-handlers.js';

/**
 * Provider states set up by a reference server's sandbox (`POST /_sandbox/provider-states`, Pact's
 * state-change request): the one implementation of the catalogue of @org/model, used by the
 * verification of a server given by URL (`--base-url … --sandbox`) and of the reference server the
 * verification starts itself.
 */

const STATES_PATH = '/_sandbox/provider-states';

/** The state names a sandbox sets up (GET /_sandbox/provider-states). */
export async function sandboxStateNames(baseUrl: string): Promise<string[]> {
  const url = new URL(STATES_PATH, baseUrl);
  const response = await fetch(url);
  if (response.status !== 200)
    throw new Error(
      `GET ${url} answered ${response.status}: is the server a reference server started with --sandbox (one that sets provider states up)?`,
    );
  return ((await response.json()) as Array<{ name: string }>).map((state) => state.name);
}

/** Sets a state up in the sandbox; the values it returns (Pact V4 injects them: `fromProviderState`). */
export async function setUpSandboxState(
  baseUrl: string,
  state: string,
  params: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const url = new URL(STATES_PATH, baseUrl);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state, params, action: 'setup' }),
  });
  const text = await response.text();
  if (response.status !== 200) {
    let detail = text;
    try {
      const body = JSON.parse(text) as { detail?: string; errors?: Record<string, string[]> };
      detail = [body.detail, ...Object.entries(body.errors ?? {}).map(([k, v]) => `${k}: ${v.join(' ')}`)]
        .filter(Boolean)
        .join('; ');
    } catch {}
    throw new Error(
      `provider state "${state}" ${JSON.stringify(params)}: POST ${url} answered ${response.status}: ${detail}`,
    );
  }
  return JSON.parse(text) as Record<string, unknown>;
}

/** A handler per state of the sandbox's catalogue, each setting it up through the sandbox. */
export function sandboxStateHandlers(
  baseUrl: string,
  names: readonly string[],
): Record<string, StateHandler> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      { setup: (params: Readonly<Record<string, unknown>>) => setUpSandboxState(baseUrl, name, params) },
    ]),
  );
}

/** Every provider state a pact file names, with the first interaction that names it. */
export function statesNamedIn(files: readonly string[]): Map<string, string> {
  const named = new Map<string, string>();
  for (const file of files) {
    const pact = JSON.parse(readFileSync(file, 'utf8')) as {
      interactions?: Array<{
        description?: string;
        providerStates?: Array<{ name?: string }>;
        providerState?: string;
      }>;
    };
    for (const interaction of pact.interactions ?? [])
      for (const name of [
        ...(interaction.providerStates ?? []).map((s) => s.name),
        interaction.providerState,
      ])
        if (name !== undefined && !named.has(name))
          named.set(name, interaction.description ?? '(no description)');
  }
  return named;
}

/**
 * Fails before any interaction runs when a pact names a state nobody sets up (Pact's verifier would
 * only warn and replay the interaction without it): the message names each unknown state, the
 * interaction naming it, and the catalogue.
 */
export function assertStatesKnown(files: readonly string[], known: readonly string[]) {
  const unknown = [...statesNamedIn(files)].filter(([name]) => !known.includes(name));
  if (!unknown.length) return;
  throw new Error(
    [
      `The pacts name ${unknown.length === 1 ? 'a provider state' : 'provider states'} the provider does not set up:`,
      ...unknown.map(([name, interaction]) => `  "${name}" (interaction "${interaction}")`),
      'The catalogue of provider states:',
      ...known.map((name) => `  "${name}"`),
    ].join('\n'),
  );
}
