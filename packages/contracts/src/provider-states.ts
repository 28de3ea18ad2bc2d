/**
 * The provider states the contracts use. A state's name is a template; its parameters travel next
 * to it in the pact (`given(name, params)`), so one state handler serves every interaction that
 * names it. The provider verification implements each of these with the reference server's
 * fixtures; another provider implements the same list.
 */
export const PROVIDER_STATES = {
  conversationExists: 'a conversation with id {id} exists',
  conversationWithMessages: 'a conversation with id {id} exists with {messages} messages',
  conversationsWithIds: 'organization {org} has conversations with ids {ids}',
  conversationsWithStatus: 'organization {org} has {count} conversations with status {status}',
  contactExists: 'a contact with id {id} exists',
  contactWithEmail: 'a contact with email {email} exists',
  contactWithIdAndEmail: 'a contact with id {id} and email {email} exists',
  noContactWithEmail: 'no contact with email {email} exists',
  contactsMatching: 'organization {org} has contacts matching {term}',
  contacts: 'organization {org} has {count} contacts',
  notesAboutContact: 'contact {contact} has {count} notes',
  noteExists: 'a note with id {id} exists',
  navigationEventsOfContact: 'contact {contact} has {count} navigation events',
  operatorExists: 'an operator with id {id} exists',
  operatorWithRole: 'organization {org} has an operator with id {id} and role {role}',
  noOperator: 'organization {org} has no operator with id {id}',
  noResource: 'no {resource} with id {id} exists',
  dataPoints: 'organization {org} has {metric} data points on {date}',
  unknownToken: 'no token {token} is issued',
  rateLimitExhausted: 'the {group} rate limit of organization {org} is exhausted',
  analyticsRateLimitExhausted: 'the {metric} analytics rate limit of organization {org} is exhausted',
} as const;

export type ProviderStateName = (typeof PROVIDER_STATES)[keyof typeof PROVIDER_STATES];

/** The `{placeholders}` of a state template, as a union of names. */
export type StateParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | StateParamNames<Rest>
  : never;

export type StateParams<S extends string> = { readonly [K in StateParamNames<S>]: string | number };

export interface ProviderState<S extends ProviderStateName = ProviderStateName> {
  readonly name: S;
  readonly params: StateParams<S>;
}

/** A state with its parameters: `state(PROVIDER_STATES.conversationExists, { id: 1042 })`. */
export const state = <S extends ProviderStateName>(name: S, params: StateParams<S>): ProviderState<S> => ({
  name,
  params,
});

/** The state name with its parameters filled in, for reports. */
export const describeState = ({ name, params }: ProviderState): string =>
  name.replace(/\{(\w+)\}/g, (_, key: string) =>
    String((params as Record<string, unknown>)[key] ?? `{${key}}`),
  );

/**
 * A typed provider state for Pact's `given`: the name must be one of PROVIDER_STATES and the
 * parameters exactly its placeholders, so a misspelt state or parameter does not compile:
 * `.given(...providerState('a conversation with id {id} exists', { id: 1042 }))`.
 */
export const providerState = <S extends ProviderStateName>(
  name: S,
  params: StateParams<S>,
): readonly [name: S, params: StateParams<S>] => [name, params];
