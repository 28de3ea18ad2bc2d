import {
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  canonicalMetric,
  type MetricInfo,
  type OperatorRole,
  type ProviderStateCatalogue,
  type ProviderStateKey,
} from '@org/model';
import type { z } from 'zod';
import { ApiError, invalid } from '../core/api-error.js';
import type { Db } from '../store/engine/db.js';
import type { DemoWorld } from '../store/seed/demo-world.js';
import type { Fixtures } from './store/fixtures.js';
import { dropConversationsOf, organizationHolding, type StateTable } from './store/provider-states.js';

/**
 * The provider states of the catalogue (@org/model PROVIDER_STATE_CATALOGUE), set up in the
 * running sandbox: `POST /_sandbox/provider-states` runs them for any team's pacts, and the
 * contract tooling's own verification (@org/contracts) runs them through that same endpoint, so
 * there is one implementation of each state. A state acts in the organization of the world's first
 * token (the pacts' token, whatever organization number a consumer wrote: it cannot know the
 * server's), creates what it names with the fixtures, and returns the values a pact may inject
 * (`fromProviderState`).
 */

/** The values a state returns, by the names the catalogue lists. */
export type StateValues = Record<string, string | number>;
type Params<K extends ProviderStateKey> = z.output<ProviderStateCatalogue[K]['params']>;
type Setups = { readonly [K in ProviderStateKey]: (params: Params<K>) => Promise<StateValues> };

export interface ProviderStateDeps {
  db: Db;
  fixtures: Fixtures;
  world: DemoWorld;
  /** Sets the server's clock, which every instance on the database shares. */
  setClock(at: string): Promise<unknown>;
  /** Makes every request of a rate-limit group, or of an analytics metric, answer 429 until the reset. */
  exhaust(scope: string): void;
  /** The tokens the server has issued (a state that names an unknown token checks it is one). */
  issuedTokens: readonly string[];
}

/** The scope a rate-limit state exhausts: a group, or `metric:<canonical metric>` (both spellings). */
const exhaustedScopeOf = (group: string | undefined, metric: string | undefined): string => {
  if (metric === undefined) return group ?? '*';
  const known = Object.hasOwn(ANALYTICS_METRICS, metric);
  return `metric:${known ? canonicalMetric(metric as AnalyticsMetric) : metric}`;
};

const num = (value: unknown) => Number(value);
const str = (value: unknown) => String(value);
const idsOf = (value: unknown) => str(value).split(',').map(Number);
const times = async (n: number, fn: () => Promise<unknown>) => {
  for (let i = 0; i < n; i++) await fn();
};

/** A number a template parameter must be: 400 naming it otherwise, never a database fault. */
const wholeNumber = (name: string, value: unknown): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 31 - 1)
    throw invalid({ [`params.${name}`]: ['A whole number from 1 is required.'] }, `Invalid params: ${name}.`);
  return n;
};

export function createProviderStates({
  db,
  fixtures,
  world,
  setClock,
  exhaust,
  issuedTokens,
}: ProviderStateDeps): Setups {
  const org = world.organizations[0]!.id;

  /**
   * Whether a record with that id is the organization's already (kept as it is), after checking
   * that no other organization holds it: ids are unique across organizations.
   */
  const held = async (table: StateTable, field: string, id: number | undefined): Promise<boolean> => {
    if (id === undefined) return false;
    const owner = await organizationHolding(db, table, id);
    if (owner === undefined) return false;
    if (owner === org) return true;
    throw invalid({ [`params.${field}`]: [`The id ${id} is taken by another organization.`] });
  };
  const contact = async (id?: number, fields: { email?: string; name?: string } = {}) =>
    (await held('contact_identities', 'id', id))
      ? { id: id! }
      : fixtures.contact(org, { ...(id === undefined ? {} : { id }), ...fields });
  const conversation = async (fields: {
    id?: number;
    status?: string;
    contact?: number;
    topics?: string[];
    messages?: number;
  }) => {
    if (await held('conversations', 'id', fields.id))
      return { id: fields.id!, contact: { id: fields.contact ?? 0 } };
    const contactIdentityId = fields.contact === undefined ? undefined : (await contact(fields.contact)).id;
    return fixtures.conversation(org, {
      ...(fields.id === undefined ? {} : { id: fields.id }),
      ...(contactIdentityId === undefined ? {} : { contact_identity_id: contactIdentityId }),
      ...(fields.status === undefined ? {} : { status: fields.status }),
      ...(fields.topics === undefined ? {} : { topics: fields.topics }),
      ...(fields.messages === undefined ? {} : { messages: fields.messages }),
    });
  };
  const operator = async (id: number | undefined, role: OperatorRole) => {
    if (await held('operators', 'id', id)) {
      await fixtures.setColumns('operators', id!, { role });
      return id!;
    }
    return (await fixtures.operator(org, { ...(id === undefined ? {} : { id }), role })).id;
  };
  const none = async () => ({});

  return {
    aConversation: async (p) => {
      const created = await conversation(p);
      return { id: created.id, contact: p.contact ?? (created as { contact: { id: number } }).contact.id };
    },
    aContact: async (p) => {
      const created = await contact(p.id, {
        ...(p.email === undefined ? {} : { email: p.email }),
        ...(p.name === undefined ? {} : { name: p.name }),
      });
      return { id: created.id, ...(p.email === undefined ? {} : { email: p.email }) };
    },
    anOperatorOfRole: async (p) => ({ id: await operator(p.id, p.role as OperatorRole) }),
    noConversations: async () => {
      await dropConversationsOf(db, org);
      return {};
    },
    rateLimitIsExhausted: async (p) => {
      exhaust(exhaustedScopeOf(p.group, p.metric));
      return {};
    },
    clockIsAt: async (p) => {
      await setClock(p.instant);
      return { instant: p.instant };
    },
    customerOrganization: async () => ({
      organization_id: (world.organizations[1] ?? world.organizations[0]!).id,
    }),

    conversationExists: async (p) => ({ id: (await conversation({ id: wholeNumber('id', p.id) })).id }),
    conversationWithMessages: async (p) => ({
      id: (await conversation({ id: wholeNumber('id', p.id), messages: num(p.messages) })).id,
    }),
    conversationsWithIds: async (p) => {
      for (const id of idsOf(p.ids)) await conversation({ id: wholeNumber('ids', id), status: 'ended' });
      return {};
    },
    conversationsWithStatus: async (p) => {
      await times(num(p.count), () => fixtures.conversation(org, { status: str(p.status) }));
      return {};
    },
    contactExists: async (p) => ({ id: (await contact(wholeNumber('id', p.id))).id }),
    contactWithEmail: async (p) => ({ id: (await fixtures.contact(org, { email: str(p.email) })).id }),
    contactWithIdAndEmail: async (p) => ({
      id: (await contact(wholeNumber('id', p.id), { email: str(p.email) })).id,
    }),
    noContactWithEmail: none,
    contactsMatching: async (p) => {
      const term = str(p.term);
      const city = term.charAt(0).toUpperCase() + term.slice(1);
      await times(2, () => fixtures.contact(org, { city }));
      return {};
    },
    // Verified, so that a consumer's `verified=true` list finds them too.
    contacts: async (p) => {
      await times(num(p.count), () => fixtures.contact(org, { email_verified: true }));
      return {};
    },
    notesAboutContact: async (p) => {
      const about = (await contact(wholeNumber('contact', p.contact))).id;
      await times(num(p.count), () => fixtures.note(org, { contact_identity_id: about }));
      return {};
    },
    noteExists: async (p) => {
      const id = wholeNumber('id', p.id);
      if (await held('notes', 'id', id)) return { id };
      const owner = await fixtures.contact(org);
      return { id: (await fixtures.note(org, { id, contact_identity_id: owner.id })).id };
    },
    navigationEventsOfContact: async (p) => {
      const about = (await contact(wholeNumber('contact', p.contact))).id;
      await times(num(p.count), () => fixtures.navigationEvent(org, { contact_identity_id: about }));
      return {};
    },
    operatorExists: async (p) => ({ id: await operator(wholeNumber('id', p.id), 'operator') }),
    operatorWithRole: async (p) => ({
      id: await operator(wholeNumber('id', p.id), str(p.role) as OperatorRole),
    }),
    noOperator: async (p) => {
      if ((await organizationHolding(db, 'operators', wholeNumber('id', p.id))) === org)
        throw new ApiError('invalid', `The state does not hold: operator ${str(p.id)} exists.`, {
          'params.id': ['An operator of the organization has this id.'],
        });
      return {};
    },
    // After the reset no record has an id the seeded world does not use; nothing to create.
    noResource: none,
    dataPoints: async (p) => {
      const metric = str(p.metric) as AnalyticsMetric;
      const info: MetricInfo | undefined = ANALYTICS_METRICS[metric];
      if (!info) throw invalid({ 'params.metric': [`No analytics metric ${metric}.`] });
      await fixtures.dataPoint(org, metric, {
        time: `${str(p.date)}T09:26:53`,
        value: 42,
        value_str: info.valueStrValues?.[0] ?? '',
        operator_id: world.organizations[0]!.operators.operator,
        conversation_id: 1042,
        conversation_part_id: 2077,
        conversation_session_id: 2077,
        chatbot_interaction: false,
        human_interaction: true,
      });
      return {};
    },
    unknownToken: async (p) => {
      if (issuedTokens.includes(str(p.token)))
        throw new ApiError('invalid', 'The state does not hold: that token is issued.', {
          'params.token': ['A token the server issued.'],
        });
      return {};
    },
    rateLimitExhausted: async (p) => {
      exhaust(exhaustedScopeOf(str(p.group), undefined));
      return {};
    },
    analyticsRateLimitExhausted: async (p) => {
      exhaust(exhaustedScopeOf(undefined, str(p.metric)));
      return {};
    },
  };
}
