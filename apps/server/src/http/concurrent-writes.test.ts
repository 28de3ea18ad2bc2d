import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../server.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../store/engine/temporary-database.js';
import {
  contactCountWithEmail,
  contactsWithConversationCounts,
  conversationsWithContactAndTopics,
} from '../store/test-support/test-states.js';
import { Api, type ApiResponse } from '../test-support/api.js';
import { useServersOnTemporaryDatabase } from '../test-support/harness.js';

const V3 = '/api/um/v3';
const TOPICS = ['billing', 'delivery', 'refund', 'urgent'];

/** A deterministic shuffle (a linear congruential generator), so a failure can be replayed. */
const shuffled = <T>(items: T[], seed: number): T[] => {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * Two instances on one PostgreSQL database write overlapping contacts and conversations at once:
 * PATCHes, single and bulk DELETEs and note creations in every mix. Locks are taken in one order
 * (store/lists.ts) and deadlocks are retried (engine/retry.ts), so no request answers 5xx, and
 * what remains is consistent (every record renders as its rows say).
 */
describe.skipIf(!testDatabaseUrl)(
  `concurrent writes through two instances${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    const { servers } = useServersOnTemporaryDatabase(2, 'concurrency_test');

    it('overlapping PATCH, DELETE and bulk DELETE requests answer no 5xx and leave a consistent state', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const org = first.world.organizations[0]!;
      const apis = [new Api(first.url, { token: org.token }), new Api(second.url, { token: org.token })];
      const via = (i: number) => apis[i % 2]!;
      const fx = first.fixtures;

      for (let round = 0; round < 3; round++) {
        const contacts: number[] = [];
        const conversations: number[] = [];
        for (let c = 0; c < 8; c++) {
          const contact = (await fx.contact(org.id, { name: `Round ${round} contact ${c}` })).id as number;
          contacts.push(contact);
          for (let v = 0; v < 3; v++)
            conversations.push(
              (await fx.conversation(org.id, { contact_identity_id: contact, topics: [TOPICS[v]!] }))
                .id as number,
            );
        }
        const requests: Array<() => Promise<ApiResponse>> = [];
        let n = 0;
        for (const [i, id] of contacts.entries()) {
          for (let k = 0; k < 2; k++)
            requests.push(() =>
              via(n++).request('PATCH', `${V3}/contact_identities/${id}/`, {
                body: { name: `Renamed ${round}.${i}.${k}`, city: `City ${k}` },
              }),
            );
          requests.push(() =>
            via(n++).request('POST', `${V3}/notes/`, {
              body: { contact_identity_id: id, body: `Note ${i}` },
            }),
          );
        }
        for (const [i, id] of conversations.entries()) {
          requests.push(() =>
            via(n++).request('PATCH', `${V3}/conversations/${id}/`, {
              body: { topics: shuffled(TOPICS, round * 100 + i).slice(0, 1 + (i % 4)) },
            }),
          );
          if (i % 5 === 0 && i < 18)
            requests.push(() => via(n++).request('DELETE', `${V3}/conversations/${id}/`));
        }
        for (let b = 0; b < 6; b++) {
          // Conversations of the last two contacts stay, so that the end state has records to check.
          const ids = shuffled(conversations.slice(0, 18), round * 10 + b).slice(0, 8);
          requests.push(() =>
            via(n++).request('DELETE', `${V3}/conversations/`, { query: { delete_ids: ids.join(',') } }),
          );
        }
        for (let b = 0; b < 3; b++) {
          const ids = shuffled(contacts.slice(0, 4), round * 10 + b + 5).slice(0, 2);
          requests.push(() =>
            via(n++).request('DELETE', `${V3}/contact_identities/`, { query: { delete_ids: ids.join(',') } }),
          );
        }
        requests.push(() => via(n++).request('DELETE', `${V3}/contact_identities/${contacts[round]}/`));

        const responses = await Promise.all(shuffled(requests, round).map((send) => send()));
        const faults = responses.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.text}`);
        expect(faults).toEqual([]);
        for (const r of responses) expect([200, 201, 204, 400, 404]).toContain(r.status);
      }

      // Every remaining record renders as its rows say, through either instance.
      const contactRows = await contactsWithConversationCounts(first.db, org.id);
      for (const [i, row] of contactRows.entries()) {
        const contact = await via(i).ok('getContact', { params: { id: row.id } });
        expect(contact).toMatchObject({ name: row.name, conversation_count: row.conversations });
      }
      const conversationRows = await conversationsWithContactAndTopics(first.db, org.id);
      for (const [i, row] of conversationRows.entries()) {
        const conversation = await via(i).ok('getConversation', { params: { id: row.id } });
        expect(conversation.contact.name).toBe(row.contact_name);
        expect(conversation.topics.map((t) => t.text).sort()).toEqual(row.topics);
      }
      expect(conversationRows.length).toBeGreaterThanOrEqual(3 * 6);
    });

    it('concurrent PUTs of one new identifier value through both instances create one contact', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const org = first.world.organizations[0]!;
      const apis = [new Api(first.url, { token: org.token }), new Api(second.url, { token: org.token })];
      const email = 'same.new.contact@example.org';
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          apis[i % 2]!.request('PUT', `${V3}/contact_identities/`, {
            query: { identifier: 'email' },
            body: { email, city: `City ${i}` },
          }),
        ),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      const ids = new Set(responses.map((r) => (r.body as { id: number }).id));
      expect(ids.size).toBe(1);
      expect(await contactCountWithEmail(first.db, org.id, email)).toBe(1);
    });
  },
);
