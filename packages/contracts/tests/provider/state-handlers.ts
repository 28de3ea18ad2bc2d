import { createClient, isApiError } from '@org/client';
import { ANALYTICS_METRICS, type AnalyticsMetric, type MetricInfo, type OperatorRole } from '@org/model';
import type { RunningServer } from '@org/reference-server';
import { PROVIDER_STATES as S } from '../../src/provider-states.js';
import { ORG, TOKENS } from '../support/contract.js';
import type { ProviderProxy } from '../support/provider-proxy.js';

type Params = Record<string, unknown>;
type StateFn = (params?: unknown) => Promise<undefined>;
export type StateHandlers = Record<string, { setup: StateFn; teardown: StateFn }>;

export interface ProviderWorld {
  /** The server the interactions run against. */
  readonly server: RunningServer;
  /** A second server whose rate limits are spent (limits of 0), for the 429 interactions. */
  readonly throttled: RunningServer;
  /** What the verifier talks to: routes to `server`, or to `throttled` while a limit is exhausted. */
  readonly proxy: ProviderProxy;
}

const num = (p: Params, key: string) => Number(p[key]);
const str = (p: Params, key: string) => String(p[key]);
const ids = (p: Params, key: string) => str(p, key).split(',').map(Number);
const times = <T>(n: number, fn: (i: number) => Promise<T>) =>
  Array.from({ length: n }, (_, i) => i).reduce<Promise<unknown>>(
    (prev, i) => prev.then(() => fn(i)),
    Promise.resolve(),
  );

/**
 * The provider states of PROVIDER_STATES, implemented with the reference server's fixtures. Each
 * interaction starts from a reset database (`beforeEach`) and gets exactly the records its states
 * name. The pacts speak of organization 7 (the model examples' organization): that is the
 * organization of the token they carry, the first one of the started world.
 */
export const stateHandlersFor = ({ server, throttled, proxy }: ProviderWorld) => {
  const world = server.world.organizations[0]!;
  const orgOf = (p: Params) => {
    if (p.org !== undefined && Number(p.org) !== ORG)
      throw new Error(`the pacts only speak of organization ${ORG}`);
    return world.id;
  };
  const { fixtures } = server;
  const admin = createClient({ baseUrl: server.url, token: world.token, retry: false });

  const operatorExists = async (id: number) =>
    admin.request('getOperator', { params: { id } }).then(
      () => true,
      (e: unknown) => (isApiError(e, 404) ? false : Promise.reject(e)),
    );
  const ensureOperator = async (id: number, role: OperatorRole) => {
    if (!(await operatorExists(id))) await fixtures.operator(world.id, { id, role });
    else await admin.request('updateOperator', { params: { id }, body: { role } });
  };
  const contact = (id: number) => fixtures.contact(world.id, { id });

  const handlers: Record<(typeof S)[keyof typeof S], (p: Params) => Promise<unknown>> = {
    [S.conversationExists]: (p) => fixtures.conversation(world.id, { id: num(p, 'id') }),
    [S.conversationWithMessages]: (p) =>
      fixtures.conversation(world.id, { id: num(p, 'id'), messages: num(p, 'messages') }),
    [S.conversationsWithIds]: (p) =>
      times(ids(p, 'ids').length, (i) =>
        fixtures.conversation(orgOf(p), { id: ids(p, 'ids')[i]!, status: 'ended' }),
      ),
    [S.conversationsWithStatus]: (p) =>
      times(num(p, 'count'), () => fixtures.conversation(orgOf(p), { status: str(p, 'status') })),
    [S.contactExists]: (p) => contact(num(p, 'id')),
    [S.contactWithEmail]: (p) => fixtures.contact(world.id, { email: str(p, 'email') }),
    [S.contactWithIdAndEmail]: (p) =>
      fixtures.contact(world.id, { id: num(p, 'id'), email: str(p, 'email') }),
    [S.noContactWithEmail]: async () => {},
    [S.contactsMatching]: (p) => {
      const term = str(p, 'term');
      const city = term.charAt(0).toUpperCase() + term.slice(1);
      return times(2, () => fixtures.contact(orgOf(p), { city }));
    },
    [S.contacts]: (p) => times(num(p, 'count'), () => fixtures.contact(orgOf(p))),
    [S.notesAboutContact]: async (p) => {
      await contact(num(p, 'contact'));
      await times(num(p, 'count'), () => fixtures.note(world.id, { contact_identity_id: num(p, 'contact') }));
    },
    [S.noteExists]: async (p) => {
      const owner = await fixtures.contact(world.id);
      await fixtures.note(world.id, { id: num(p, 'id'), contact_identity_id: owner.id });
    },
    [S.navigationEventsOfContact]: async (p) => {
      await contact(num(p, 'contact'));
      await times(num(p, 'count'), () =>
        fixtures.navigationEvent(world.id, { contact_identity_id: num(p, 'contact') }),
      );
    },
    [S.operatorExists]: (p) => ensureOperator(num(p, 'id'), 'operator'),
    [S.operatorWithRole]: (p) => ensureOperator(num(p, 'id'), str(p, 'role') as OperatorRole),
    [S.noOperator]: async (p) => {
      orgOf(p);
      if (await operatorExists(num(p, 'id'))) throw new Error(`operator ${str(p, 'id')} exists`);
    },
    // After the reset no conversation, contact or note exists; operators and metrics are fixed.
    [S.noResource]: async () => {},
    [S.dataPoints]: (p) => {
      const metric = str(p, 'metric') as AnalyticsMetric;
      const info: MetricInfo = ANALYTICS_METRICS[metric];
      return fixtures.dataPoint(orgOf(p), metric, {
        time: `${str(p, 'date')}T09:26:53`,
        value: 42,
        value_str: info.valueStrValues?.[0] ?? '',
        operator_id: world.operators.operator,
        conversation_id: 1042,
        conversation_part_id: 2077,
        conversation_session_id: 2077,
        chatbot_interaction: false,
        human_interaction: true,
      });
    },
    [S.unknownToken]: async (p) => {
      if (
        Object.values(TOKENS)
          .slice(0, 2)
          .includes(str(p, 'token') as never)
      )
        throw new Error('that token is issued');
    },
    [S.rateLimitExhausted]: async (p) => {
      orgOf(p);
      proxy.routeTo(throttled.url);
    },
    [S.analyticsRateLimitExhausted]: async (p) => {
      orgOf(p);
      proxy.routeTo(throttled.url);
    },
  };

  const routeBack: StateFn = async () => {
    proxy.routeTo(server.url);
    return undefined;
  };
  const stateHandlers: StateHandlers = Object.fromEntries(
    Object.entries(handlers).map(([name, fn]) => {
      const setup: StateFn = async (params) => {
        await fn((params ?? {}) as Params);
        return undefined;
      };
      return [name, { setup, teardown: routeBack }];
    }),
  );
  return {
    stateHandlers,
    /** Before every interaction: an empty database (tenancy and operators stay) and the normal route. */
    beforeEach: async () => {
      proxy.routeTo(server.url);
      await fixtures.reset();
    },
  };
};
