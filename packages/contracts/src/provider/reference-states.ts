import { createClient, isApiError } from '@org/client';
import { ANALYTICS_METRICS, type AnalyticsMetric, type MetricInfo, type OperatorRole } from '@org/model';
import type { RunningServer } from '@org/reference-server';
import { PROVIDER_STATES as S } from '../provider-states.js';
import type { ProviderProxy } from './proxy.js';

type Params = Record<string, unknown>;

/** The started reference servers a verification routes between. */
export interface ReferenceWorld {
  /** The server the interactions run against (sandbox mode). */
  readonly server: RunningServer;
  /** The URL of a second server whose rate limits are spent (limits of 0), for the 429 interactions. */
  readonly throttledUrl: () => Promise<string>;
  /** What the verifier talks to: routes to `server`, or to `throttled` while a limit is exhausted. */
  readonly proxy: ProviderProxy;
}

/** A state's setup: creates what the state names, or checks that it holds. */
type Setup = (params: Params) => Promise<unknown>;

const num = (p: Params, key: string) => Number(p[key]);
const str = (p: Params, key: string) => String(p[key]);
const ids = (p: Params, key: string) => str(p, key).split(',').map(Number);
const times = <T>(n: number, fn: (i: number) => Promise<T>) =>
  Array.from({ length: n }, (_, i) => i).reduce<Promise<unknown>>(
    (prev, i) => prev.then(() => fn(i)),
    Promise.resolve(),
  );

/**
 * Every state of PROVIDER_STATES, implemented with the reference server's published fixtures
 * (`RunningServer.fixtures`; analytics data points included) and its sandbox. Each interaction
 * starts from a sandbox reset (`reset`), so it gets exactly the records its states name. An `org`
 * parameter names the organization the pact's token acts for (D36): the states are set up in the
 * organization of the server's organization token, whatever number the consumer wrote.
 */
export const referenceStates = ({ server, throttledUrl, proxy }: ReferenceWorld) => {
  const world = server.world.organizations[0]!;
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
  const issuedTokens = [server.world.customerToken, ...server.world.organizations.map((o) => o.token)];

  const setups: Record<(typeof S)[keyof typeof S], Setup> = {
    [S.conversationExists]: (p) => fixtures.conversation(world.id, { id: num(p, 'id') }),
    [S.conversationWithMessages]: (p) =>
      fixtures.conversation(world.id, { id: num(p, 'id'), messages: num(p, 'messages') }),
    [S.conversationsWithIds]: (p) =>
      times(ids(p, 'ids').length, (i) =>
        fixtures.conversation(world.id, { id: ids(p, 'ids')[i]!, status: 'ended' }),
      ),
    [S.conversationsWithStatus]: (p) =>
      times(num(p, 'count'), () => fixtures.conversation(world.id, { status: str(p, 'status') })),
    [S.contactExists]: (p) => contact(num(p, 'id')),
    [S.contactWithEmail]: (p) => fixtures.contact(world.id, { email: str(p, 'email') }),
    [S.contactWithIdAndEmail]: (p) =>
      fixtures.contact(world.id, { id: num(p, 'id'), email: str(p, 'email') }),
    [S.noContactWithEmail]: async () => {},
    [S.contactsMatching]: (p) => {
      const term = str(p, 'term');
      const city = term.charAt(0).toUpperCase() + term.slice(1);
      return times(2, () => fixtures.contact(world.id, { city }));
    },
    // Verified, so that a consumer's `verified=true` list finds them too.
    [S.contacts]: (p) => times(num(p, 'count'), () => fixtures.contact(world.id, { email_verified: true })),
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
      if (await operatorExists(num(p, 'id'))) throw new Error(`operator ${str(p, 'id')} exists`);
    },
    // After the reset no conversation, contact or note exists; operators and metrics are fixed.
    [S.noResource]: async () => {},
    [S.dataPoints]: (p) => {
      const metric = str(p, 'metric') as AnalyticsMetric;
      const info: MetricInfo | undefined = ANALYTICS_METRICS[metric];
      if (!info) throw new Error(`no analytics metric ${metric}`);
      return fixtures.dataPoint(world.id, metric, {
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
      if (issuedTokens.includes(str(p, 'token'))) throw new Error('that token is issued');
    },
    [S.rateLimitExhausted]: async () => {
      proxy.routeTo(await throttledUrl());
    },
    [S.analyticsRateLimitExhausted]: async () => {
      proxy.routeTo(await throttledUrl());
    },
  };

  return {
    setups,
    /** Before every interaction: the sandbox reset (an empty world: tenancy and operators) and the normal route. */
    reset: async () => {
      proxy.routeTo(server.url);
      const response = await fetch(new URL('/_sandbox/reset', server.url), { method: 'POST' });
      if (response.status !== 204) throw new Error(`sandbox reset answered ${response.status}`);
    },
    /** After a state: back to the normal route. */
    routeBack: async () => {
      proxy.routeTo(server.url);
    },
  };
};
