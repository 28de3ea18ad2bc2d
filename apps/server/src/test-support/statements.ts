import pg from 'pg';

/**
 * The SQL statements this process sends to PostgreSQL while `fn` runs, counted at the pg driver
 * (every Client#query: pooled and prepared statements, and BEGIN/COMMIT of transactions), as the
 * bench counts them. For tests that run one request at a time against an in-process server.
 */
export async function statementsSentDuring(fn: () => Promise<unknown>): Promise<number> {
  const query = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = query;
  }
  return count;
}
