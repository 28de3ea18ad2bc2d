import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { generateToken, hashToken } from '../core/auth/tokens.js';
import type { RunningServer } from '../server.js';
import type { Db } from '../store/engine/db.js';
import { LISTEN_APPLICATION_NAME } from '../store/engine/postgres-db.js';
import {
  createTemporaryDatabase,
  POSTGRES_SKIP_REASON,
  type TemporaryDatabase,
  testDatabaseUrl,
} from '../store/engine/test-database.js';
import { Api } from '../test-support/api.js';
import { NO_LIMITS, useServers } from '../test-support/harness.js';

/** A contact inserted in bulk-load mode, which notifies nothing (0013): only an uncached count sees it. */
const silentContact = (db: Db, org: number) =>
  db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('app.bulk_load', 'on', true)`);
    await tx.query(
      `INSERT INTO contact_identities (organization_id, name, email, contact_uuids)
       VALUES ($1, 'Silent', $2, ARRAY[gen_random_uuid()])`,
      [org, `silent-${crypto.randomUUID()}@example.org`],
    );
  });

/**
 * Each instance caches counts, tokens, organizations and operators, and drops them when PostgreSQL
 * announces a committed write to their tables (0013, 0015). An instance whose LISTEN connection is lost caches no count until it has reconnected, and then
 * is notified again. The outage is held by refusing new connections to the database (the pools
 * keep the ones they have), so the instances retry with backoff until it is lifted.
 */
describe.skipIf(!testDatabaseUrl)(
  `change notifications across instances${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    let database: TemporaryDatabase | undefined;
    const servers = useServers(
      2,
      async () => {
        database = await createTemporaryDatabase(testDatabaseUrl!, 'notify_test');
        return { limits: NO_LIMITS, databaseUrl: database.url };
      },
      () => database?.drop() ?? Promise.resolve(),
    );

    it('counts are exact during the outage (not cached), then cached and notified again', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const org = first.world.organizations[0]!;
      const viaFirst = new Api(first.url, { token: org.token });
      const viaSecond = new Api(second.url, { token: org.token });
      const secondCount = async () => (await viaSecond.ok('listContacts')).count;
      const total = async () =>
        (
          await first.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM contact_identities WHERE organization_id = $1',
            [org.id],
          )
        )[0]!.n;
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

      const name = new URL(database!.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE application_name = $1 AND datname = $2`,
          [LISTEN_APPLICATION_NAME, name],
        );
        expect(rows[0]!.n).toBe(2);
        // Once the second instance sees the loss it caches no count: the silent write shows.
        await vi.waitFor(async () => expect(await secondCount()).toBe(await total()), {
          timeout: 5_000,
          interval: 20,
        });
        // (a) Neither a write through the other instance nor a silent one is ever served stale.
        await createThroughFirst();
        expect(await secondCount()).toBe(await total());
        await silentContact(first.db, org.id);
        expect(await secondCount()).toBe(await total());
      } finally {
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        await admin.end();
      }

      // Reconnected (backoff: at most 5 s): counts are cached again...
      await vi.waitFor(
        async () => {
          const before = await secondCount();
          await silentContact(first.db, org.id);
          expect(await secondCount()).toBe(before);
        },
        { timeout: 15_000, interval: 50 },
      );
      // (b) ...and a write through the other instance is announced again.
      await createThroughFirst();
      await vi.waitFor(async () => expect(await secondCount()).toBe(await total()), {
        timeout: 2_000,
        interval: 20,
      });
      expect(await total()).toBeGreaterThan(cached);
    });

    it('token, organization and operator changes reach the auth caches of the other instance', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const { world } = first;
      const org = world.organizations[0]!;
      const within = { timeout: 2_000, interval: 20 };

      // A token: used (and cached) through the second instance, then deleted through the first.
      const token = generateToken();
      await first.db.query(
        `INSERT INTO api_tokens (organization_id, customer_id, kind, token_sha256) VALUES ($1, $2, 'organization', $3)`,
        [org.id, world.customerId, hashToken(token)],
      );
      const viaToken = new Api(second.url, { token });
      await viaToken.ok('listContacts');
      await first.db.query('DELETE FROM api_tokens WHERE token_sha256 = $1', [hashToken(token)]);
      await vi.waitFor(async () => expect((await viaToken.call('listContacts')).status).toBe(401), within);

      // An operator: acted as (and cached), then deleted.
      const operator = await first.fixtures.operator(org.id, { role: 'admin' });
      const asOperator = new Api(second.url, { token: org.token, operatorId: operator.id });
      await asOperator.ok('listContacts');
      await first.db.query('DELETE FROM operators WHERE id = $1', [operator.id]);
      await vi.waitFor(async () => expect((await asOperator.call('listContacts')).status).toBe(403), within);

      // An organization: the customer's list is cached, then one is added; the customer token may
      // select it at once (an unknown organization id would fall back to the default one).
      await first.fixtures.contact(org.id);
      const customer = new Api(second.url, { token: world.customerToken });
      expect((await customer.ok('listContacts')).count).toBeGreaterThan(0);
      const [added] = await first.db.query<{ id: number }>(
        `INSERT INTO organizations (customer_id, name, is_default) VALUES ($1, 'Added later', false) RETURNING id`,
        [world.customerId],
      );
      await vi.waitFor(
        async () =>
          expect((await customer.as({ organizationId: added!.id }).ok('listContacts')).count).toBe(0),
        within,
      );
    });
  },
);
