import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from './db.js';
import { LISTEN_APPLICATION_NAME, openPostgresDb } from './postgres-db.js';
import {
  createTemporaryDatabase,
  POSTGRES_SKIP_REASON,
  type TemporaryDatabase,
  testDatabaseUrl,
} from './temporary-database.js';

describe.skipIf(!testDatabaseUrl)(
  `PostgreSQL Db${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    // The engine alone, no migrations: the statements need no table of the schema.
    let database: TemporaryDatabase;
    let db: Db;
    beforeAll(async () => {
      database = await createTemporaryDatabase(testDatabaseUrl!);
      db = await openPostgresDb(database.url, { maxConnections: 4 });
    });
    afterAll(async () => {
      await db?.close();
      await database?.drop();
    });

    it('forces generic plans on prepared statements only', async () => {
      expect(await db.query('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'auto' }]);
      expect(await db.query(`SELECT current_setting('plan_cache_mode') AS mode`)).toEqual([{ mode: 'auto' }]);
      const prepared = `SELECT current_setting($1) AS mode`;
      for (let i = 0; i < 3; i++)
        expect(await db.queryPrepared(prepared, ['plan_cache_mode'])).toEqual([
          { mode: 'force_generic_plan' },
        ]);
      expect(await db.transaction((tx) => tx.query('SHOW plan_cache_mode'))).toEqual([
        { plan_cache_mode: 'auto' },
      ]);
    });

    it('reports a lost LISTEN connection, reconnects, and delivers payloads again', async () => {
      const events: string[] = [];
      const stop = await db.listen('um_test_channel', {
        onNotify: (payload) => events.push(`notify:${payload}`),
        onLost: () => events.push('lost'),
        onRestored: () => events.push('restored'),
      });
      try {
        await db.query(`SELECT pg_notify('um_test_channel', 'before')`);
        await vi.waitFor(() => expect(events).toEqual(['notify:before']), { interval: 10 });
        const [killed] = await db.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE application_name = $1 AND datname = current_database()`,
          [LISTEN_APPLICATION_NAME],
        );
        expect(killed!.n).toBe(1);
        await vi.waitFor(() => expect(events).toEqual(['notify:before', 'lost', 'restored']), {
          timeout: 10_000,
          interval: 10,
        });
        await db.query(`SELECT pg_notify('um_test_channel', 'after')`);
        await vi.waitFor(() => expect(events.at(-1)).toBe('notify:after'), { interval: 10 });
      } finally {
        await stop();
      }
      // The backend exits a moment after the client closes.
      await vi.waitFor(
        async () => {
          const [left] = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE application_name = $1 AND datname = current_database()`,
            [LISTEN_APPLICATION_NAME],
          );
          expect(left!.n).toBe(0);
        },
        { interval: 20 },
      );
    });
  },
);
