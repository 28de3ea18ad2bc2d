import { type AnalyticsMetric, type ErrorBody, LIMITS } from '@org/model';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../core/rate-limit/limiter.js';
import { metricEndpoint, useAnalyticsWorld } from '../test-support/analytics.js';
import { Api, type ApiResponse } from '../test-support/api.js';
import { redisPrefix, useServers } from '../test-support/harness.js';

/**
 * Analytics API v1 section 7 and 8 with our rate-limit rules: 10 requests per minute per metric
 * endpoint per organization, then 429 with Retry-After and X-RateLimit-* headers; a customer token
 * without an organization filter counts under its customer. The minute windows use a fixed clock
 * (only Date is faked, so no test waits and none crosses a window by accident); with
 * TEST_REDIS_URL, two servers on one Redis share the counters, as the v3 limits do.
 */
const w = useAnalyticsWorld({ seed: false, limits: DEFAULT_LIMITS });

/** Second 5 of minute `n` of a fixed hour: 55 seconds remain in that minute's window. */
const atMinute = (n: number, second = 5) => vi.setSystemTime(new Date(Date.UTC(2030, 0, 1, 10, n, second)));
afterEach(() => {
  vi.useRealTimers();
});
const freeze = (minute: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  atMinute(minute);
};

const rate = (r: ApiResponse) => ({
  limit: Number(r.headers.get('x-ratelimit-limit')),
  remaining: Number(r.headers.get('x-ratelimit-remaining')),
  reset: Number(r.headers.get('x-ratelimit-reset')),
});
const get = (api: Api, metric: AnalyticsMetric, query: Record<string, string | number> = {}) =>
  api.call(metricEndpoint(metric), { query: { event_date: '2030-01-01', ...query } });
const getLatest = (api: Api, metric: AnalyticsMetric, query: Record<string, string | number> = {}) =>
  api.call('analyticsLatest', { params: { metric }, query: { event_date: '2030-01-01', ...query } });

/** n successful requests; returns the remaining counts the responses reported. */
const spend = async (n: number, request: () => Promise<ApiResponse>) => {
  const remaining: number[] = [];
  for (let i = 0; i < n; i++) {
    const response = await request();
    expect(response.status, response.text).toBe(200);
    remaining.push(rate(response).remaining);
  }
  return remaining;
};

const expectThrottled = (response: ApiResponse, metric: string) => {
  expect(response.status).toBe(429);
  const body = response.body as ErrorBody;
  expect(body.code).toBe('throttled');
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBe(55);
  expect(body.detail).toContain(`${retryAfter} seconds`);
  expect(body.detail).toContain(metric);
  expect(rate(response)).toEqual({ limit: 10, remaining: 0, reset: 55 });
};

let orgA: Api;
let orgB: Api;
let A: number;
let B: number;
beforeAll(() => {
  [A, B] = w.orgIds as [number, number];
  orgA = w.orgApi.get(A)!;
  orgB = w.orgApi.get(B)!;
});

describe('10 requests per minute per metric endpoint per organization (section 8)', () => {
  it('the limit is the description’s 10', () => {
    expect(LIMITS.analyticsPerMinute).toBe(10);
    expect(DEFAULT_LIMITS.analyticsPerMinute).toBe(10);
  });

  it('ten requests pass with the counter in the headers; the eleventh is 429 with Retry-After until the minute ends', async () => {
    freeze(1);
    const remaining = await spend(10, () => get(orgA, 'um_conversation_rating'));
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expectThrottled(await get(orgA, 'um_conversation_rating'), 'um_conversation_rating');
    // Still throttled later in the same minute, with a shorter wait.
    atMinute(1, 50);
    const again = await get(orgA, 'um_conversation_rating');
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('10');
    // The next minute is a new window.
    atMinute(2, 0);
    const next = await get(orgA, 'um_conversation_rating');
    expect(next.status).toBe(200);
    expect(rate(next)).toEqual({ limit: 10, remaining: 9, reset: 60 });
  });

  it('each metric endpoint and each organization has its own counter', async () => {
    freeze(5);
    await spend(10, () => get(orgA, 'um_conversation_duration'));
    expect((await get(orgA, 'um_conversation_duration')).status).toBe(429);
    // Another metric of the same organization.
    expect(await spend(1, () => get(orgA, 'um_chat_messages_total'))).toEqual([9]);
    // The same metric for another organization.
    expect(await spend(1, () => get(orgB, 'um_conversation_duration'))).toEqual([9]);
  });

  it('the unversioned path is the same endpoint: it counts with the versioned one', async () => {
    freeze(7);
    await spend(5, () => get(orgA, 'um_operator_status'));
    expect(await spend(5, () => getLatest(orgA, 'um_operator_status'))).toEqual([4, 3, 2, 1, 0]);
    expectThrottled(await getLatest(orgA, 'um_operator_status'), 'um_operator_status');
    expect((await get(orgA, 'um_operator_status')).status).toBe(429);
  });

  it('v3 requests and analytics requests do not count toward each other', async () => {
    freeze(9);
    const before = rate(await orgA.call('listContacts'));
    await spend(10, () => get(orgA, 'um_contact_country'));
    expect((await get(orgA, 'um_contact_country')).status).toBe(429);
    const after = await orgA.call('listContacts');
    expect(after.status).toBe(200);
    expect(rate(after).remaining).toBe(before.remaining - 1);
    // And a v3 limit does not show on analytics responses: their counter is the metric's.
    expect(rate(await get(orgA, 'um_contact_browser'))).toEqual({ limit: 10, remaining: 9, reset: 55 });
  });
});

describe('tokens and the counted organization', () => {
  it('a customer token without an organization filter counts under its customer, apart from its organizations', async () => {
    freeze(11);
    await spend(10, () => get(w.customer, 'um_conversation_topic'));
    expectThrottled(await get(w.customer, 'um_conversation_topic'), 'um_conversation_topic');
    // The organizations' own counters are untouched.
    expect(await spend(1, () => get(orgA, 'um_conversation_topic'))).toEqual([9]);
    expect(await spend(1, () => get(orgB, 'um_conversation_topic'))).toEqual([9]);
  });

  it('an organization token counts under its organization whatever organization_id says', async () => {
    freeze(13);
    await spend(10, () => get(orgA, 'um_missed_opportunity', { organization_id: B }));
    expect((await get(orgA, 'um_missed_opportunity')).status).toBe(429);
    expect(await spend(1, () => get(orgB, 'um_missed_opportunity'))).toEqual([9]);
  });

  // Known bug, outside this area (src/http/register-routes.ts): a customer token with an
  // organization filter is counted under its default (or Service-Organization-Id) organization,
  // not the organization it asks for. Remove `.fails` once the scope is the filtered organization.
  it('a customer token filtered to one organization counts under that organization', async () => {
    freeze(15);
    await spend(10, () => get(orgB, 'um_conversation_reopen'));
    const response = await get(w.customer, 'um_conversation_reopen', { organization_id: B });
    expect(response.status).toBe(429);
  });

  it('a customer token filtered to one organization does not use the customer’s own counter', async () => {
    freeze(17);
    await spend(10, () => get(w.customer, 'um_conversation_feedback'));
    expect((await get(w.customer, 'um_conversation_feedback')).status).toBe(429);
    expect((await get(w.customer, 'um_conversation_feedback', { organization_id: B })).status).toBe(200);
  });

  it('requests without a valid token are not counted against anyone', async () => {
    freeze(19);
    for (let i = 0; i < 12; i++)
      expect((await get(w.anonymous, 'um_conversation_category')).status).toBe(401);
    expect(await spend(1, () => get(orgA, 'um_conversation_category'))).toEqual([9]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL || undefined;

describe.skipIf(!redisUrl)(
  `counters in the shared store (Redis)${redisUrl ? '' : ' (TEST_REDIS_URL is not set: skipped)'}`,
  () => {
    const store = redisPrefix(redisUrl!, 'analytics');
    const servers = useServers(
      2,
      () => ({ memory: true, redisUrl, redisKeyPrefix: store.prefix }),
      store.removeKeys,
    );

    it('two servers on one Redis count analytics requests together, next to the v3 counters', async () => {
      freeze(21);
      const [a, b] = servers.map((s) => new Api(s.url, { token: s.world.organizations[0]!.token })) as [
        Api,
        Api,
      ];
      let turn = 0;
      const remaining = await spend(10, () => get(turn++ % 2 ? b : a, 'um_conversation_rating'));
      expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      expectThrottled(await get(a, 'um_conversation_rating'), 'um_conversation_rating');
      expectThrottled(await get(b, 'um_conversation_rating'), 'um_conversation_rating');
      expect((await a.call('listContacts')).status).toBe(200);
      await store.inspect(async (_, keys) => {
        expect(keys.some((k) => k.includes('um_conversation_rating'))).toBe(true);
        expect(keys.some((k) => k.includes('contacts'))).toBe(true);
      });
    });
  },
);
