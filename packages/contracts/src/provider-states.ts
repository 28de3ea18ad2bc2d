import {
  PROVIDER_STATE_CATALOGUE,
  type ProviderState,
  type ProviderStateCatalogue,
  type ProviderStateKey,
  type ProviderStateName,
  type ProviderStateParams,
  type StateTemplateParams,
} from '@org/model';

/**
 * The provider states the contracts use, by key: the names of the one catalogue of @org/model
 * (PROVIDER_STATE_CATALOGUE), which the reference server's sandbox implements
 * (`POST /_sandbox/provider-states`). A state's parameters travel next to its name in the pact
 * (`given(name, params)`), so one state handler serves every interaction that names it; another
 * provider implements the same list (`defineStateHandlers`).
 */
export const PROVIDER_STATES = Object.fromEntries(
  Object.entries(PROVIDER_STATE_CATALOGUE).map(([key, state]) => [key, state.name]),
) as { readonly [K in ProviderStateKey]: ProviderStateCatalogue[K]['name'] };

export type { ProviderState, ProviderStateName };

/** The `{placeholders}` of a state template, as a union of names. */
export type StateParamNames<S extends string> = StateTemplateParams<S>;

/** The parameters of a state, as a pact gives them (the catalogue's parameter schema). */
export type StateParams<S extends ProviderStateName> = ProviderStateParams<S>;

/** A state with its parameters: `state(PROVIDER_STATES.conversationExists, { id: 1042 })`. */
export function state<S extends ProviderStateName>(name: S, params: StateParams<S>): ProviderState<S> {
  return { name, params } as ProviderState<S>;
}

/** The state name with its parameters filled in, for reports. */
export function describeState({ name, params }: ProviderState): string {
  return name.replace(/\{(\w+)\}/g, (_, key: string) =>
    String((params as Record<string, unknown>)[key] ?? `{${key}}`),
  );
}

/**
 * A typed provider state for Pact's `given`: the name must be one of PROVIDER_STATES and the
 * parameters those of its catalogue entry, so a misspelt state or parameter does not compile:
 * `.given(...providerState('a conversation with id {id} exists', { id: 1042 }))`.
 */
export function providerState<S extends ProviderStateName>(
  name: S,
  params: StateParams<S>,
): readonly [name: S, params: StateParams<S>] {
  return [name, params];
}
