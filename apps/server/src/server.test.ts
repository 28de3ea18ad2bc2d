import { describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.js';
import {
  createTemporaryDatabase,
  POSTGRES_SKIP_REASON,
  testDatabaseUrl,
} from './store/engine/temporary-database.js';
import { tableCounts } from './store/test-support/test-states.js';
import { NO_LIMITS } from './test-support/harness.js';

const COUNTED = [
  'customers',
  'organizations',
  'operators',
  'contact_identities',
  'conversations',
  'messages',
];

describe.skipIf(!testDatabaseUrl)(
  `instances starting together${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
  () => {
    it('two servers started at once on an empty database both start, on one world seeded once', async () => {
      const database = await createTemporaryDatabase(testDatabaseUrl!, 'start_race_test');
      const started: RunningServer[] = [];
      try {
        const results = await Promise.allSettled(
          [0, 1].map(() =>
            startServer({ databaseUrl: database.url, seed: { size: 'tiny' }, limits: NO_LIMITS }).then(
              (s) => {
                started.push(s);
                return s;
              },
            ),
          ),
        );
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
          'started',
          'started',
        ]);
        const [first, second] = started as [RunningServer, RunningServer];
        expect(second.world).toEqual(first.world);
        // Seeded once: the counts of a tiny world, not twice that.
        const counts = await tableCounts(first.db, COUNTED);
        expect(counts).toMatchObject({ customers: 1, organizations: 2 });
        expect(counts.conversations).toBe(2 * 12);
      } finally {
        await Promise.all(started.map((s) => s.close()));
        await database.drop();
      }
    });
  },
);
