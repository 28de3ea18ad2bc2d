/**
 * Measures seeding speed (not part of the build or tests; timing goals live in benchmarks).
 *   npx tsx src/world/measure-seed.ts [--url postgres://...] [--organizations 3] [--contacts 1000]
 *     [--conversations 5000] [--messages 8] [--seed 1]
 * With --url it seeds into a fresh temporary database on that server and drops it afterwards;
 * without, into in-memory PGlite.
 */
import { parseArgs } from 'node:util';
import { migrate } from '../db/migrate.js';
import { openPgliteDb } from '../db/pglite-db.js';
import { openPostgresDb } from '../db/postgres-db.js';
import { createTemporaryDatabase } from '../db/test-database.js';
import { seedWorld } from './seed-world.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    organizations: { type: 'string', default: '3' },
    contacts: { type: 'string', default: '1000' },
    conversations: { type: 'string', default: '3000' },
    messages: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    batch: { type: 'string', default: '5000' },
  },
});

const temporary = values.url ? await createTemporaryDatabase(values.url, 'seed_measure') : null;
const db = temporary ? await openPostgresDb(temporary.url, { maxConnections: 2 }) : await openPgliteDb();
try {
  await migrate(db);
  const summary = await seedWorld(db, {
    seed: Number(values.seed),
    organizations: Number(values.organizations),
    contactsPerOrg: Number(values.contacts),
    conversationsPerOrg: Number(values.conversations),
    messagesPerConversation: Number(values.messages),
    batchSize: Number(values.batch),
    onProgress: (p) =>
      console.error(`organization ${p.organizationIndex + 1}/${p.organizations}: ${p.records} records`),
  });
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  console.log(
    JSON.stringify(
      {
        engine: db.engine,
        records: summary.totalRecords,
        seconds: Number(summary.seconds.toFixed(2)),
        recordsPerSecond: Math.round(summary.totalRecords / summary.seconds),
        rssMb: rss,
        counts: summary.counts,
        timingsMs: summary.timings,
      },
      null,
      2,
    ),
  );
} finally {
  await db.close();
  await temporary?.drop();
}
