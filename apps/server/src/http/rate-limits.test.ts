import type { ErrorBody } from '@org/model';
import { describe, expect, it } from 'vitest';
import type { RateLimits } from '../core/rate-limit/limiter.js';
import { storedValue } from '../store/test-support/test-states.js';
import { Api, type ApiResponse } from '../test-support/api.js';
import { newTenant, redisPrefix, useServers, useTestServer } from '../test-support/harness.js';

/**
 * json-api-v3.md section 8 "Rules for the daily limit" 1-4 and section 7 (429 for the daily and
 * the burst limit), with Retry-After, X-RateLimit-* headers, the UTC day, messages counted toward
 * conversations and notes toward contacts. Small limits keep it fast; each test takes a
 * fresh tenant, so counters never carry over between tests. With TEST_REDIS_URL, two servers on
 * one Redis count every request exactly once.
 */

const HUGE = 1_000_000_000;
/** A burst window so long that no test ever sees it roll over. */
const NEVER = 2 ** 30;

const secondsToUtcMidnight = () => 86_400 - (Math.floor(Date.now() / 1000) % 86_400);

const rateHeaders = (response: ApiResponse) => ({
  limit: Number(response.headers.get('x-ratelimit-limit')),
  remaining: Number(response.headers.get('x-ratelimit-remaining')),
  reset: Number(response.headers.get('x-ratelimit-reset')),
});

const expectThrottled = (response: ApiResponse, what: RegExp) => {
  expect(response.status).toBe(429);
  const body = response.body as ErrorBody;
  expect(body.code).toBe('throttled');
  expect(body.detail).toMatch(what);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(body.detail).toContain(`${retryAfter} seconds`);
  expect(rateHeaders(response).remaining).toBe(0);
  return retryAfter;
};

describe('daily limit per organization and resource group', () => {
  const daily: RateLimits = {
    daily: 3,
    burst: { requests: HUGE, windowSeconds: 10 },
    analyticsPerMinute: HUGE,
  };
  const t = useTestServer({ start: { limits: daily } });

  it('counts every request; after the limit the response is 429 with Retry-After until the UTC day ends (rule 3)', async () => {
    const { organizations } = await newTenant(t, 1);
    const api = organizations[0]!.api;
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const response = await api.call('listContacts');
      expect(response.status).toBe(200);
      seen.push(rateHeaders(response));
    }
    expect(seen.map((h) => h.limit)).toEqual([3, 3, 3]);
    expect(seen.map((h) => h.remaining)).toEqual([2, 1, 0]);
    for (const { reset } of seen) expect(Math.abs(reset - secondsToUtcMidnight())).toBeLessThanOrEqual(2);
    const throttled = await api.call('listContacts');
    const retryAfter = expectThrottled(throttled, /daily limit of 3 requests for contacts/);
    expect(Math.abs(retryAfter - secondsToUtcMidnight())).toBeLessThanOrEqual(2);
    expect(rateHeaders(throttled).reset).toBe(retryAfter);
    // Still throttled: a 429 does not reset anything.
    expect((await api.call('getContact', { params: { id: 1 } })).status).toBe(429);
  });

  it('all endpoints and methods of a group add to one counter; messages count toward conversations (rules 1, 2)', async () => {
    const { organizations } = await newTenant(t, 2);
    const [first, second] = organizations;
    const one = await t.fx.conversation(first!.id);
    expect((await first!.api.call('listConversations')).status).toBe(200);
    expect((await first!.api.call('listAllConversations')).status).toBe(200);
    expect((await first!.api.call('getConversation', { params: { id: one.id } })).status).toBe(200);
    expectThrottled(await first!.api.call('listMessages', { params: { id: one.id } }), /conversations/);

    const two = await t.fx.conversation(second!.id);
    expect((await second!.api.call('listMessages', { params: { id: two.id } })).status).toBe(200);
    expect(
      (await second!.api.call('updateConversation', { params: { id: two.id }, body: { topics: ['x'] } }))
        .status,
    ).toBe(200);
    expect((await second!.api.call('deleteConversation', { params: { id: two.id } })).status).toBe(204);
    expectThrottled(await second!.api.call('listConversations'), /conversations/);
  });

  it('notes count toward contacts', async () => {
    const { organizations } = await newTenant(t, 1);
    const { id, api } = organizations[0]!;
    const contact = await t.fx.contact(id);
    expect((await api.call('listNotes')).status).toBe(200);
    expect(
      (await api.call('createNote', { body: { contact_identity_id: contact.id, body: 'x' } })).status,
    ).toBe(201);
    expect((await api.call('getContact', { params: { id: contact.id } })).status).toBe(200);
    expectThrottled(await api.call('listContacts'), /contacts/);
    expectThrottled(await api.call('listNotes'), /contacts/);
  });

  it('every group has its own counter: conversations, contacts, navigation and operators (rule 1)', async () => {
    const { organizations } = await newTenant(t, 1);
    const api = organizations[0]!.api;
    for (let i = 0; i < 3; i++) expect((await api.call('listNavigationEvents')).status).toBe(200);
    expectThrottled(await api.call('listNavigationEvents'), /navigation/);
    for (const id of ['listConversations', 'listContacts', 'listOperators'] as const) {
      const response = await api.call(id);
      expect(response.status, id).toBe(200);
      expect(rateHeaders(response).remaining, id).toBe(2);
    }
    for (let i = 0; i < 2; i++) expect((await api.call('listOperators')).status).toBe(200);
    expectThrottled(
      await api.call('getOperator', { params: { id: organizations[0]!.operators.admin } }),
      /operators/,
    );
  });

  it('every organization has its own counters; a customer token counts toward the organization it acts on (rule 1)', async () => {
    const { organizations, customer } = await newTenant(t, 2);
    const [first, second] = organizations;
    for (let i = 0; i < 3; i++) expect((await first!.api.call('listOperators')).status).toBe(200);
    expectThrottled(await first!.api.call('listOperators'), /operators/);
    expectThrottled(await customer.call('listOperators'), /operators/); // the default organization
    const onSecond = customer.as({ organizationId: second!.id });
    expect(rateHeaders(await onSecond.call('listOperators')).remaining).toBe(2);
    expect(rateHeaders(await second!.api.call('listOperators')).remaining).toBe(1);
    expect((await onSecond.call('listOperators')).status).toBe(200);
    expectThrottled(await second!.api.call('listOperators'), /operators/);
  });

  it('a throttled write changes nothing; error responses carry the counter headers too', async () => {
    const { organizations } = await newTenant(t, 1);
    const { id, api } = organizations[0]!;
    const contact = await t.fx.contact(id, { city: 'Before' });
    const missing = await api.call('getContact', { params: { id: contact.id + 1000 } });
    expect(missing.status).toBe(404);
    expect(rateHeaders(missing)).toMatchObject({ limit: 3, remaining: 2 });
    const invalid = await api.call('listContacts', { query: { limit: 0 } });
    expect(invalid.status).toBe(400);
    expect(rateHeaders(invalid).remaining).toBe(1);
    await api.ok('getContact', { params: { id: contact.id } });
    expectThrottled(
      await api.call('updateContact', { params: { id: contact.id }, body: { city: 'After' } }),
      /contacts/,
    );
    expectThrottled(await api.call('deleteContact', { params: { id: contact.id } }), /contacts/);
    expect(await storedValue(t.db, 'contact_identities', 'city', contact.id)).toBe('Before');
  });

  it('unauthenticated requests are refused before counting', async () => {
    const { organizations } = await newTenant(t, 1);
    for (let i = 0; i < 5; i++) await t.anonymous.fails('listContacts', {}, 401, 'not_authenticated');
    expect(rateHeaders(await organizations[0]!.api.call('listContacts')).remaining).toBe(2);
  });
});

describe('burst limit per organization and resource group', () => {
  const burst: RateLimits = {
    daily: HUGE,
    burst: { requests: 3, windowSeconds: NEVER },
    analyticsPerMinute: HUGE,
  };
  const t = useTestServer({ start: { limits: burst } });

  it('more requests in the window than the burst threshold give 429 with Retry-After (rule 4, section 7)', async () => {
    const { organizations } = await newTenant(t, 2);
    const [first, second] = organizations;
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(rateHeaders(await first!.api.call('listConversations')));
    expect(seen.map((h) => h.remaining)).toEqual([2, 1, 0]);
    expect(seen.every((h) => h.limit === 3)).toBe(true);
    const throttled = await first!.api.call('listAllConversations');
    expectThrottled(throttled, new RegExp(`burst limit of 3 requests per ${NEVER} s for conversations`));
    // Other groups and other organizations are not affected.
    expect((await first!.api.call('listContacts')).status).toBe(200);
    expect((await second!.api.call('listConversations')).status).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL || undefined;

describe.skipIf(!redisUrl)(
  `Redis counter store${redisUrl ? '' : ' (TEST_REDIS_URL is not set: skipped)'}`,
  () => {
    const store = redisPrefix(redisUrl!, 'v3');
    const limits: RateLimits = {
      daily: 3,
      burst: { requests: HUGE, windowSeconds: 10 },
      analyticsPerMinute: HUGE,
    };
    const servers = useServers(
      2,
      () => ({ memory: true, limits, redisUrl, redisKeyPrefix: store.prefix }),
      store.removeKeys,
    );

    it('two servers on one Redis count every request exactly once', async () => {
      const [a, b] = servers.map((s) => new Api(s.url, { token: s.world.organizations[0]!.token }));
      const remaining = [];
      for (const api of [a, b, a]) remaining.push(rateHeaders(await api!.call('listContacts')).remaining);
      expect(remaining).toEqual([2, 1, 0]);
      expectThrottled(await b!.call('listNotes'), /daily limit of 3 requests for contacts/);
      expectThrottled(await a!.call('listContacts'), /contacts/);
    });

    it('concurrent requests to both servers: exactly the limit succeeds', async () => {
      const [a, b] = servers.map((s) => new Api(s.url, { token: s.world.organizations[1]!.token }));
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a! : b!).call('listOperators')),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
      expect(responses.filter((r) => r.status === 429)).toHaveLength(7);
      // The keys live under the prefix, with the window's expiry.
      await store.inspect(async (redis, keys) => {
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) expect(await redis.ttl(key)).toBeGreaterThan(0);
      });
    });
  },
);
