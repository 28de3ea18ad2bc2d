// The server under test, in its own process. Plain JavaScript on purpose: no TypeScript loader in
// this process, so its start time and memory are the built server's own (apps/server/dist).
//
// IPC protocol (bench -> server): {type:'start', options} once, then mem, mark, count, query, stop.
// Replies: ready, mem, mark, count, rows; {type:'error', message} on failure.
import { countStatements, processFigures } from '../memory/process-figures.mjs';

const bootMs = performance.now();
const { startServer } = await import('@org/reference-server');
const importedMs = performance.now();

// SQL statements sent to PostgreSQL, counted at the driver the server itself loads.
const sent = countStatements(import.meta.resolve('@org/reference-server'));

/** @type {import('@org/reference-server').RunningServer | undefined} */
let server;

const send = (message) => process.send?.(message);
const fail = (error) => send({ type: 'error', message: String(error?.stack ?? error) });
const memory = () => processFigures(sent);

const start = async (options) => {
  let records = 0;
  const seed =
    options.seed && typeof options.seed === 'object'
      ? {
          ...options.seed,
          onProgress: (progress) => {
            records = progress.records;
            send({ type: 'progress', ...progress, ...memory() });
          },
        }
      : options.seed;
  const startedMs = performance.now();
  server = await startServer({ ...options, seed });
  const readyMs = performance.now();
  send({
    type: 'ready',
    url: server.url,
    world: server.world,
    engine: server.db.engine,
    bootToImportMs: importedMs - bootMs,
    startServerMs: readyMs - startedMs,
    sinceProcessStartMs: readyMs,
    seedRecords: records,
    seeded: server.seeded,
    ...memory(),
  });
};

/**
 * Exact row counts of every table the server's migrations created (the seeded records). A
 * partitioned table counts once (its partitions hold the same rows); tables the schema marks as
 * derived (comment `derived: ...`: renders, list keys) hold no records of their own.
 */
const count = async () => {
  const tables = await server.db.query(
    `SELECT relname AS tablename FROM pg_class
      WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition
        AND relname <> 'schema_migrations'
        AND coalesce(obj_description(oid, 'pg_class'), '') NOT LIKE 'derived:%'
      ORDER BY 1`,
  );
  const counts = {};
  let total = 0;
  for (const { tablename } of tables) {
    const [row] = await server.db.query(`SELECT count(*)::int AS n FROM "${tablename}"`);
    counts[tablename] = Number(row.n);
    total += Number(row.n);
  }
  send({ type: 'count', counts, total });
};

/** A query through the server's own connection (PGlite has only that one). */
const query = async (sql, params) => {
  send({ type: 'rows', rows: await server.db.query(sql, params) });
};

const stop = async () => {
  try {
    await server?.close();
  } finally {
    // A normal exit: --cpu-prof writes its profile now.
    process.exit(0);
  }
};

process.on('message', (message) => {
  const run = {
    start: () => start(message.options),
    mem: async () => send({ type: 'mem', ...memory() }),
    // The --cpu-prof clock (process.hrtime, microseconds): bounds the profile to a load window.
    mark: async () => send({ type: 'mark', us: Number(process.hrtime.bigint() / 1000n) }),
    count,
    query: () => query(message.sql, message.params),
    stop,
  }[message.type];
  run?.().catch(fail);
});
process.on('disconnect', () => void stop());
send({ type: 'booted' });
