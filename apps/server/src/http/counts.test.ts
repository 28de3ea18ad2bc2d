import { describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../server.js';
import { POSTGRES_SKIP_REASON, testDatabaseUrl } from '../store/engine/temporary-database.js';
import { Api } from '../test-support/api.js';
import { EVENTUALLY, useServersOnTemporaryDatabase } from '../test-support/harness.js';

/**
 * Offset pages' counts are exact after a write through any instance: each instance caches counts
 * and drops them when PostgreSQL announces a committed write (migration 0013). Cached counts are
 * kept for minutes, so only the announcement can make another instance's count right within the
 * wait below.
 */
describe.skipIf(!testDatabaseUrl)(
  `counts across instances on one PostgreSQL${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    const { servers } = useServersOnTemporaryDatabase(2, 'counts_test');

    it('a write through one instance corrects the cached count of the other at once', async () => {
      const [first, second] = servers as [RunningServer, RunningServer];
      const token = first.world.organizations[0]!.token;
      const viaFirst = new Api(first.url, { token });
      const viaSecond = new Api(second.url, { token });
      const before = (await viaFirst.ok('listContacts')).count;
      const created = await viaSecond.ok(
        'upsertContact',
        { query: { identifier: 'email' }, body: { email: 'counted@example.org' } },
        201,
      );
      await vi.waitFor(
        async () => expect((await viaFirst.ok('listContacts')).count).toBe(before + 1),
        EVENTUALLY,
      );
      await viaSecond.call('deleteContact', { params: { id: created.id } });
      await vi.waitFor(
        async () => expect((await viaFirst.ok('listContacts')).count).toBe(before),
        EVENTUALLY,
      );
    });
  },
);
