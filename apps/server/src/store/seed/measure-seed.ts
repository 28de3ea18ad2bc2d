/**
 * Measures seeding speed (not part of the build or tests; timing goals live in benchmarks).
 *   npx tsx src/store/seed/measure-seed.ts [--url postgres://...] [--organizations 3] [--contacts 1000]
 *     [--conversations 5000] [--messages 8] [--seed 1] [--batch 5000] [--no-copy]
 * With --url it seeds into a fresh temporary database on that server and drops it afterwards;
 * without, into in-memory PGlite.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openPgliteDb } from '../engine/pglite-db.js';
import { openPostgresDb } from '../engine/postgres-db.js';
import { createTemporaryDatabase } from '../engine/temporary-database.js';
import { migrate } from '../migrate.js';
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
    // Every row with INSERT, as on PGlite, instead of COPY where the table allows it (to compare).
    'no-copy': { type: 'boolean', default: false },
  },
});

const temporary = values.url ? await createTemporaryDatabase(values.url, 'seed_measure') : null;
const db = temporary ? await openPostgresDb(temporary.url, { maxConnections: 1 }) : await openPgliteDb();
/** CPU seconds a local process has used (user + system), from /proc; null when not readable. */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

try {
  await migrate(db);
  // The seed runs on one connection: with a pool of one after migrate, that is this backend.
  const [backend] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const databaseCpuBefore = db.engine === 'postgres' ? cpuSecondsOf(backend!.pid) : null;
  const nodeCpuBefore = process.cpuUsage();
  const summary = await seedWorld(
    db,
    {
      seed: Number(values.seed),
      organizations: Number(values.organizations),
      contactsPerOrg: Number(values.contacts),
      conversationsPerOrg: Number(values.conversations),
      messagesPerConversation: Number(values.messages),
      batchSize: Number(values.batch),
      onProgress: (p) =>
        console.error(`organization ${p.organizationIndex + 1}/${p.organizations}: ${p.records} records`),
    },
    { copy: !values['no-copy'] },
  );
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  const nodeCpu = process.cpuUsage(nodeCpuBefore);
  const nodeSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
  const databaseCpuAfter = db.engine === 'postgres' ? cpuSecondsOf(backend!.pid) : null;
  const databaseSeconds =
    databaseCpuBefore !== null && databaseCpuAfter !== null ? databaseCpuAfter - databaseCpuBefore : null;
  console.log(
    JSON.stringify(
      {
        engine: db.engine,
        records: summary.totalRecords,
        seconds: Number(summary.seconds.toFixed(2)),
        recordsPerSecond: Math.round(summary.totalRecords / summary.seconds),
        rssMb: rss,
        // CPU cost per record; on an idle machine generation and writes overlap, so the slower
        // of the two bounds the rate.
        nodeCpuMicrosPerRecord: Math.round((nodeSeconds / summary.totalRecords) * 1e7) / 10,
        databaseCpuMicrosPerRecord:
          databaseSeconds === null ? null : Math.round((databaseSeconds / summary.totalRecords) * 1e7) / 10,
        idleMachineEstimate:
          databaseSeconds === null
            ? null
            : Math.round(summary.totalRecords / Math.max(nodeSeconds, databaseSeconds)),
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
