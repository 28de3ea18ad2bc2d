import { fieldErrorsOf, PROVIDER_STATE_CATALOGUE, type ProviderStateKey } from '@org/model';
import { ApiError } from '../../core/api-error.js';
import { type JsonText, jsonText } from '../../core/json.js';
import { ok } from '../../handlers/types.js';
import type { SandboxEndpoints as Endpoints } from '../api/endpoints.js';
import type { ControlContext as Context } from './types.js';

/*
 * Pact provider states for any team's pacts: the catalogue of @org/model, set up in the sandbox
 * (sandbox/provider-states.ts) through the state-change URL a verifier calls.
 */

/** The catalogue's keys by state name, and the names listed for a state the sandbox does not know. */
const STATE_KEY_OF_NAME = new Map<string, ProviderStateKey>(
  (Object.keys(PROVIDER_STATE_CATALOGUE) as ProviderStateKey[]).map((key) => [
    PROVIDER_STATE_CATALOGUE[key].name,
    key,
  ]),
);
const CATALOGUE_NAMES = [...STATE_KEY_OF_NAME.keys()].map((name) => `"${name}"`).join(', ');

/** The catalogue's key of a state name, or 400 naming the state and listing the catalogue. */
function stateKeyOf(name: string): ProviderStateKey {
  const key = STATE_KEY_OF_NAME.get(name);
  if (key) return key;
  throw new ApiError('invalid', `No provider state "${name}". The catalogue: ${CATALOGUE_NAMES}.`, {
    state: [`Unknown provider state "${name}"; GET /_sandbox/provider-states lists them.`],
  });
}

/** A state's parameters, checked by the catalogue: 400 naming each wrong one (`params.<name>`). */
function stateParamsOf(key: ProviderStateKey, params: unknown): unknown {
  const result = PROVIDER_STATE_CATALOGUE[key].params.safeParse(params ?? {});
  if (result.success) return result.data;
  const errors = Object.fromEntries(
    Object.entries(fieldErrorsOf(result.error)).map(([field, messages]) => [
      field === 'non_field_errors' ? 'params' : `params.${field}`,
      messages,
    ]),
  );
  throw new ApiError('invalid', `Invalid params of "${PROVIDER_STATE_CATALOGUE[key].name}".`, errors);
}

/** The catalogue with its parameters as JSON schemas, written on its first request (it needs the generator). */
let catalogue: Promise<JsonText<ReturnType<typeof import('../api/document.js').stateCatalogue>>> | undefined;
export async function listProviderStates(_context: Context<Endpoints['listProviderStates']>) {
  catalogue ??= import('../api/document.js').then((m) => jsonText(m.stateCatalogue()));
  return ok(await catalogue);
}

export async function changeProviderState({
  body,
  control,
  journal,
}: Context<Endpoints['changeProviderState']>) {
  if (body.action === 'teardown') {
    // The interaction is over: back to the seeded world, so the next one starts from it.
    await control.reset();
    journal.clear();
    return ok(jsonText({}));
  }
  const key = stateKeyOf(body.state);
  return ok(jsonText(await control.setUpProviderState(key, stateParamsOf(key, body.params))));
}
