import { describe, expect, it, vi } from 'vitest';
import { generateToken } from '../core/auth/tokens.js';
import type { RunningServer } from '../server.js';
import { notifyChanges } from '../store/changes.js';
import type { Db } from '../store/engine/db.js';
import { LISTEN_APPLICATION_NAME, openPostgresDb } from '../store/engine/postgres-db.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../store/engine/temporary-database.js';
import { CHANGES_CHANNEL } from '../store/schema.js';
import {
  addOrganization,
  addOrganizationToken,
  deleteOperator,
  deleteToken,
  silentContact,
  storedContactCount,
} from '../store/test-support/test-states.js';
import { Api } from '../test-support/api.js';
import { EVENTUALLY, useServersOnTemporaryDatabase } from '../test-support/harness.js';

/**
 * Each instance caches counts, tokens, organizations and operators, and drops them when a committed
 * write to their tables is announced: by the instance that wrote it, or by the triggers for
 * any other writer (0013, 0015, 0023). An instance whose LISTEN connection is lost caches no count
 * until it has reconnected, and then is notified again. The outage is held by refusing new connections to the database (the pools
 * keep the ones they have), so the instances retry with backoff until it is lifted.
 */
describe.skipIf(!testDatabaseUrl)(
  `change notifications across instances${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    const { servers, database } = useServersOnTemporaryDatabase(2, 'notify_test', async () => {
      await Promise.all(others.splice(0).map((db) => db.close()));
    });
    /** Another client of the database (psql, a tool): its connections lack the server's setting. */
    const others: Db[] = [];
    const otherClient = async () => {
      const db = await openPostgresDb(database().url, { maxConnections: 2 });
      others.push(db);
      return db;
    };
    /** The change notifications from now on, as any listener receives them. */
    const received = async (db: Db) => {
      const payloads: string[] = [];
      const stop = await db.listen(CHANGES_CHANNEL, {
        onNotify: (payload) => payloads.push(payload),
        onLost: () => {},
        onRestored: () => {},
      });
      /** What arrived before `marker` (sent now, after everything the test awaited committed). */
      const before = async (marker: string) => {
        await notifyChanges(db, [marker]);
        await vi.waitFor(() => expect(payloads).toContain(marker), EVENTUALLY);
        return payloads.slice(0, payloads.indexOf(marker));
      };
      return { before, stop };
    };

    it('counts are exact during the outage (not cached), then cached and notified again', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const org = first.world.organizations[0]!;
      const viaFirst = new Api(first.url, { token: org.token });
      const viaSecond = new Api(second.url, { token: org.token });
      const secondCount = async () => (await viaSecond.ok('listContacts')).count;
      const total = () => storedContactCount(first.db, org.id);
      const createThroughFirst = () =>
        viaFirst.ok(
          'upsertContact',
          { query: { identifier: 'email' }, body: { email: `listen-${crypto.randomUUID()}@example.org` } },
          201,
        );

      // Open pooled connections now: none can be opened during the outage.
      await Promise.all(
        Array.from({ length: 6 }, () => [viaFirst.ok('listContacts'), viaSecond.ok('listContacts')]).flat(),
      );
      // Listening: the second instance serves its cached count past a silent write.
      const cached = await secondCount();
      await silentContact(first.db, org.id);
      expect(await secondCount()).toBe(cached);

      try {
        await database().allowConnections(false);
        expect(await database().terminateConnections(LISTEN_APPLICATION_NAME)).toBe(2);
        // Once the second instance sees the loss it caches no count: the silent write shows.
        await vi.waitFor(async () => expect(await secondCount()).toBe(await total()), EVENTUALLY);
        // (a) Neither a write through the other instance nor a silent one is ever served stale.
        await createThroughFirst();
        expect(await secondCount()).toBe(await total());
        await silentContact(first.db, org.id);
        expect(await secondCount()).toBe(await total());
      } finally {
        await database().allowConnections(true);
      }

      // Reconnected (backoff: at most 5 s): counts are cached again...
      await vi.waitFor(async () => {
        const before = await secondCount();
        await silentContact(first.db, org.id);
        expect(await secondCount()).toBe(before);
      }, EVENTUALLY);
      // (b) ...and a write through the other instance is announced again.
      await createThroughFirst();
      await vi.waitFor(async () => expect(await secondCount()).toBe(await total()), EVENTUALLY);
      expect(await total()).toBeGreaterThan(cached);
    });

    it('pages are cached with the counts: a write through the other instance reaches them', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const org = first.world.organizations[0]!;
      const viaFirst = new Api(first.url, { token: org.token });
      const viaSecond = new Api(second.url, { token: org.token });
      const newest = async () => (await viaSecond.ok('listContacts', { query: { limit: 1 } })).results[0]!.id;
      const shown = await newest();
      // Cached: a write that announces nothing does not show...
      await silentContact(first.db, org.id);
      expect(await newest()).toBe(shown);
      // ...a write through the other instance does, once announced (with the silent one).
      const created = await viaFirst.ok(
        'upsertContact',
        { query: { identifier: 'email' }, body: { email: `page-${crypto.randomUUID()}@example.org` } },
        201,
      );
      await vi.waitFor(async () => expect(await newest()).toBe(created.id), EVENTUALLY);
    });

    it('token, organization and operator changes by another client reach the auth caches of the instances', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const { world } = first;
      const other = await otherClient();
      const org = world.organizations[0]!;

      // A token: used (and cached) through the second instance, then deleted through the first.
      const token = generateToken();
      await addOrganizationToken(other, org.id, world.customerId, token);
      const viaToken = new Api(second.url, { token });
      await viaToken.ok('listContacts');
      await deleteToken(other, token);
      await vi.waitFor(
        async () => expect((await viaToken.call('listContacts')).status).toBe(401),
        EVENTUALLY,
      );

      // An operator: acted as (and cached), then deleted.
      const operator = await first.fixtures.operator(org.id, { role: 'admin' });
      const asOperator = new Api(second.url, { token: org.token, operatorId: operator.id });
      await asOperator.ok('listContacts');
      await deleteOperator(other, operator.id);
      await vi.waitFor(
        async () => expect((await asOperator.call('listContacts')).status).toBe(403),
        EVENTUALLY,
      );

      // An organization: the customer's list is cached, then one is added; the customer token may
      // select it at once (an unknown organization id would fall back to the default one).
      await first.fixtures.contact(org.id);
      const customer = new Api(second.url, { token: world.customerToken });
      expect((await customer.ok('listContacts')).count).toBeGreaterThan(0);
      const added = { id: await addOrganization(other, world.customerId, 'Added later') };
      await vi.waitFor(
        async () =>
          expect((await customer.as({ organizationId: added!.id }).ok('listContacts')).count).toBe(0),
        EVENTUALLY,
      );
    });

    it("the server's connections notify nothing from the triggers; another client's writes still notify", async () => {
      const [first] = servers as [RunningServer];
      const { world } = first;
      const other = await otherClient();
      const listener = await received(other);
      try {
        await addOrganization(first.db, world.customerId, 'Written by the server');
        await addOrganizationToken(other, world.organizations[0]!.id, world.customerId, generateToken());
        // Notifications arrive in commit order: the server's write came first and sent none.
        expect(await listener.before('marker')).toEqual(['api_tokens']);
      } finally {
        await listener.stop();
      }
    });

    it('a write through an instance is announced before its answer, and reaches the other instance', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const org = first.world.organizations[0]!;
      const viaFirst = new Api(first.url, { token: org.token });
      const viaSecond = new Api(second.url, { token: org.token });
      const listener = await received(await otherClient());
      try {
        const before = (await viaSecond.ok('listContacts')).count;
        const created = await viaFirst.ok(
          'upsertContact',
          { query: { identifier: 'email' }, body: { email: `answered-${crypto.randomUUID()}@example.org` } },
          201,
        );
        // Queued in PostgreSQL before the answer: it precedes a marker sent after the answer.
        expect(await listener.before('marker')).toContain('contact_identities');
        await vi.waitFor(
          async () => expect((await viaSecond.ok('listContacts')).count).toBe(before + 1),
          EVENTUALLY,
        );
        // A conversation served (and cached) by the second instance, then written through the first.
        const { id } = await first.fixtures.conversation(org.id, {
          contact_identity_id: created.id as number,
        });
        const topicsOnSecond = async () =>
          (await viaSecond.ok('getConversation', { params: { id: id as number } })).topics.map((t) => t.text);
        expect(await topicsOnSecond()).toEqual(await topicsOnSecond());
        await viaFirst.ok('updateConversation', {
          params: { id: id as number },
          body: { topics: ['Announced'] },
        });
        expect(await listener.before('marker 2')).toContain('conversations');
        await vi.waitFor(async () => expect(await topicsOnSecond()).toEqual(['Announced']), EVENTUALLY);
      } finally {
        await listener.stop();
      }
    });

    it('a failed announcement does not fail the request; the next one carries its tables', async () => {
      const [first] = servers as [RunningServer];
      const org = first.world.organizations[0]!;
      const viaFirst = new Api(first.url, { token: org.token });
      const contact = await first.fixtures.contact(org.id);
      const conversation = await first.fixtures.conversation(org.id, {
        contact_identity_id: contact.id as number,
      });
      const listener = await received(await otherClient());
      const query = first.db.query.bind(first.db);
      const failing = vi
        .spyOn(first.db, 'query')
        .mockImplementation((sql, params) =>
          sql.includes('pg_notify') ? Promise.reject(new Error('lost on the way')) : query(sql, params),
        );
      try {
        await viaFirst.ok(
          'upsertContact',
          { query: { identifier: 'email' }, body: { email: `failed-${crypto.randomUUID()}@example.org` } },
          201,
        );
        expect(failing.mock.calls.some(([sql]) => sql.includes('pg_notify'))).toBe(true);
        failing.mockRestore();
        expect(await listener.before('marker')).not.toContain('contact_identities');
        await viaFirst.ok('updateConversation', {
          params: { id: conversation.id as number },
          body: { topics: ['After a failure'] },
        });
        expect(await listener.before('marker 2')).toEqual(
          expect.arrayContaining(['contact_identities', 'conversations']),
        );
      } finally {
        failing.mockRestore();
        await listener.stop();
      }
    });
  },
);
