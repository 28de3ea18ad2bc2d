// What a server process reports to the bench (starts/server-worker.mjs and starts/cli-probe.mjs):
// its memory, its CPU and the SQL statements it sent. Plain JavaScript: it runs inside the measured
// process, where no TypeScript loader is.
import { createRequire } from 'node:module';

/**
 * Counts the SQL statements sent to PostgreSQL at the pg driver that `moduleUrl` (the server's
 * entry) loads: one per Client#query (pool queries, BEGIN/COMMIT and statements inside transactions
 * alike). Returns the count so far: NaN where pg does not load (PGlite only).
 */
export function countStatements(moduleUrl) {
  let statements = 0;
  try {
    const pg = createRequire(moduleUrl)('pg');
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function countedQuery(...args) {
      statements++;
      return query.apply(this, args);
    };
  } catch {
    statements = Number.NaN;
  }
  return () => statements;
}

/** The process's memory and CPU now, with the statements `sent` so far (the bench's Memory). */
export function processFigures(sent) {
  const usage = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    arrayBuffers: usage.arrayBuffers,
    maxRss: process.resourceUsage().maxRSS * 1024,
    cpuUserUs: cpu.user,
    cpuSystemUs: cpu.system,
    statements: sent(),
  };
}
