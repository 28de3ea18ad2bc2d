import * as z from 'zod/v4';
import { OperatorRoleSchema } from './enums.js';
import { LIMITS } from './limits.js';
import { IdSchema } from './primitives.js';
import { ANALYTICS_METRIC_NAMES } from './records/analytics-metrics.js';
import { RATE_LIMIT_GROUPS } from './resources.js';

/**
 * The catalogue of Pact provider states: the one list the consumers' pacts name (`given`),
 * the reference server's sandbox implements (`POST /_sandbox/provider-states`) and the contract
 * tooling verifies with. Each state has a name, the parameters it takes (a pact carries them next
 * to the name: `given('a conversation exists', { id: 1042 })`), and the values it returns, which
 * Pact V4 injects into the interaction (`fromProviderState('${id}', 1042)`).
 *
 * Two kinds of names: the general states (a conversation exists, with whatever parameters), and
 * the templates the project's own contract uses since its first version, whose name shows its
 * parameters (`a conversation with id {id} exists`).
 */

/** A template's parameter: what a pact writes (numbers and strings travel as JSON). */
const TEMPLATE_VALUE = z.union([z.string().max(LIMITS.maxStringLength), z.number()]);

/** The `{placeholders}` of a name, as a union of names. */
export type StateTemplateParams<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | StateTemplateParams<Rest>
  : never;

export interface ProviderStateDefinition<
  N extends string = string,
  P extends z.ZodObject<z.ZodRawShape, z.core.$ZodObjectConfig> = z.ZodObject<
    z.ZodRawShape,
    z.core.$ZodObjectConfig
  >,
  R extends string = string,
> {
  readonly name: N;
  readonly description: string;
  /** The parameters, validated by the sandbox (400 naming each one that is wrong). */
  readonly params: P;
  /** The names of the values the state returns (for `fromProviderState`); none when it returns nothing. */
  readonly returns: readonly R[];
}

const general = <const N extends string, P extends z.ZodRawShape, const R extends string = never>(
  name: N,
  description: string,
  params: P,
  returns: readonly R[] = [],
): ProviderStateDefinition<N, z.ZodObject<P, z.core.$strict>, R> => ({
  name,
  description,
  params: z.strictObject(params),
  returns,
});

/** A state whose parameters are the placeholders of its name. */
const templated = <const N extends string, const R extends string = never>(
  name: N,
  description: string,
  returns: readonly R[] = [],
) => {
  const shape = Object.fromEntries([...name.matchAll(/\{(\w+)\}/g)].map(([, key]) => [key, TEMPLATE_VALUE]));
  return {
    name,
    description,
    params: z.object(shape as { [K in StateTemplateParams<N>]: typeof TEMPLATE_VALUE }).strict(),
    returns,
  } satisfies ProviderStateDefinition;
};

const TopicsSchema = z.array(z.string().min(1).max(LIMITS.maxStringLength)).max(LIMITS.maxArrayItems);

export const PROVIDER_STATE_CATALOGUE = {
  // The general states: parameters optional where the sandbox can choose.
  aConversation: general(
    'a conversation exists',
    'A conversation of the organization of the pact’s token, with the id, status, contact and topics given (default: a new id, status new, a new contact, no topics); one that exists with that id is kept.',
    {
      id: IdSchema.optional(),
      status: z.string().min(1).max(50).optional(),
      contact: IdSchema.optional().describe('Its contact’s id; created when absent.'),
      topics: TopicsSchema.optional(),
      messages: z.number().int().min(0).max(LIMITS.maxArrayItems).optional(),
    },
    ['id', 'contact'],
  ),
  aContact: general(
    'a contact exists',
    'A contact of the organization with the id, email and name given (default: a new id); one that exists with that id is kept.',
    {
      id: IdSchema.optional(),
      email: z.string().email().max(LIMITS.maxStringLength).optional(),
      name: z.string().max(LIMITS.maxStringLength).optional(),
    },
    ['id', 'email'],
  ),
  anOperatorOfRole: general(
    'an operator of a role exists',
    'An operator of the organization with that role (and the id given; default: a new one).',
    { role: OperatorRoleSchema, id: IdSchema.optional() },
    ['id'],
  ),
  noConversations: general('no conversations exist', 'The organization has no conversation.', {}),
  rateLimitIsExhausted: general(
    'the rate limit is exhausted',
    'Every request of that rate-limit group (or analytics metric; default: every group) answers 429 with Retry-After until the sandbox is reset.',
    {
      group: z.enum(RATE_LIMIT_GROUPS).optional(),
      metric: z.enum(ANALYTICS_METRIC_NAMES).optional(),
    },
  ),
  clockIsAt: general(
    'the clock is at',
    'The server’s clock stands at that instant (D40) until the sandbox is reset.',
    { instant: z.string().datetime({ offset: true }) },
    ['instant'],
  ),
  customerOrganization: general(
    'an organization of a customer token exists',
    'An organization the customer token may act on (Service-Organization-Id): the second of the world when it has one.',
    {},
    ['organization_id'],
  ),

  // The templates of the project's own contract (their names show their parameters).
  conversationExists: templated('a conversation with id {id} exists', 'A conversation with that id.'),
  conversationWithMessages: templated(
    'a conversation with id {id} exists with {messages} messages',
    'A conversation with that id and that many messages.',
  ),
  conversationsWithIds: templated(
    'organization {org} has conversations with ids {ids}',
    'Ended conversations with those ids (comma-separated).',
  ),
  conversationsWithStatus: templated(
    'organization {org} has {count} conversations with status {status}',
    'That many conversations with that status.',
  ),
  contactExists: templated('a contact with id {id} exists', 'A contact with that id.'),
  contactWithEmail: templated('a contact with email {email} exists', 'A contact with that email.'),
  contactWithIdAndEmail: templated(
    'a contact with id {id} and email {email} exists',
    'A contact with that id and email.',
  ),
  noContactWithEmail: templated('no contact with email {email} exists', 'No contact has that email.'),
  contactsMatching: templated(
    'organization {org} has contacts matching {term}',
    'Two contacts whose city is the term (capitalised).',
  ),
  contacts: templated('organization {org} has {count} contacts', 'That many verified contacts.'),
  notesAboutContact: templated('contact {contact} has {count} notes', 'A contact with that many notes.'),
  noteExists: templated('a note with id {id} exists', 'A note with that id, about a new contact.'),
  navigationEventsOfContact: templated(
    'contact {contact} has {count} navigation events',
    'A contact with that many navigation events.',
  ),
  operatorExists: templated('an operator with id {id} exists', 'An operator (role operator) with that id.'),
  operatorWithRole: templated(
    'organization {org} has an operator with id {id} and role {role}',
    'An operator with that id and role.',
  ),
  noOperator: templated('organization {org} has no operator with id {id}', 'No operator has that id.'),
  noResource: templated('no {resource} with id {id} exists', 'Nothing of that resource has that id.'),
  dataPoints: templated(
    'organization {org} has {metric} data points on {date}',
    'A data point of that metric on that day (YYYY-MM-DD).',
  ),
  unknownToken: templated('no token {token} is issued', 'That token is unknown to the server.'),
  rateLimitExhausted: templated(
    'the {group} rate limit of organization {org} is exhausted',
    'Every request of that rate-limit group answers 429 until the sandbox is reset.',
  ),
  analyticsRateLimitExhausted: templated(
    'the {metric} analytics rate limit of organization {org} is exhausted',
    'Every request of that analytics metric answers 429 until the sandbox is reset.',
  ),
} as const satisfies Record<string, ProviderStateDefinition>;

export type ProviderStateCatalogue = typeof PROVIDER_STATE_CATALOGUE;
export type ProviderStateKey = keyof ProviderStateCatalogue;
/** Every state's name, e.g. `a conversation exists`. */
export type ProviderStateName = ProviderStateCatalogue[ProviderStateKey]['name'];
/** The key of a state's name. */
export type ProviderStateKeyOf<S extends ProviderStateName> = {
  [K in ProviderStateKey]: ProviderStateCatalogue[K]['name'] extends S ? K : never;
}[ProviderStateKey];
/** The parameters a pact gives a state (its input: optional ones may be left out). */
export type ProviderStateParams<S extends ProviderStateName> = z.input<
  ProviderStateCatalogue[ProviderStateKeyOf<S>]['params']
>;

/**
 * A state with its parameters, as a pact's `given` names it; for a union of names, the union of
 * each name with its own parameters.
 */
export type ProviderState<S extends ProviderStateName = ProviderStateName> = S extends ProviderStateName
  ? { readonly name: S; readonly params: ProviderStateParams<S> }
  : never;

const PROVIDER_STATE_BY_NAME = new Map<string, ProviderStateDefinition>(
  Object.values(PROVIDER_STATE_CATALOGUE).map((state) => [state.name, state]),
);
/** The catalogue's entry of a state name; undefined for a name it does not hold. */
export function providerStateNamed(name: string): ProviderStateDefinition | undefined {
  return PROVIDER_STATE_BY_NAME.get(name);
}
