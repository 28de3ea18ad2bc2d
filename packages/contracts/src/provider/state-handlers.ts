import type { ProviderStateName, StateParams } from '../provider-states.js';

/** Sets a provider state up (or checks it holds), from the parameters the pact gives with its name. */
export type StateSetup = (params: Readonly<Record<string, unknown>>) => unknown;

/** A state handler: a setup, or a setup and a teardown (as Pact's verifier takes them). */
export type StateHandler = StateSetup | { readonly setup?: StateSetup; readonly teardown?: StateSetup };

/** Handlers for the states of PROVIDER_STATES, each typed with the parameters of its template. */
export type ProviderStateHandlers = {
  readonly [S in ProviderStateName]?: (params: StateParams<S>) => unknown;
};

/**
 * Your provider's state handlers, typed by PROVIDER_STATES (a misspelt state or parameter does not
 * compile), plus `custom` ones for state names of your own pacts. Pass the result to
 * `verifyProvider({ baseUrl, stateHandlers })`.
 */
export function defineStateHandlers(
  handlers: ProviderStateHandlers,
  custom: Readonly<Record<string, StateHandler>> = {},
): Readonly<Record<string, StateHandler>> {
  return { ...(handlers as Record<string, StateSetup>), ...custom };
}
