import { existsSync } from 'node:fs';
import pg from 'pg';
import { processCpuUs } from '../memory/proc-status.js';

export type CpuSample = Map<number, number>;

/**
 * CPU time of the PostgreSQL backends serving one database (the server's pool connections, and any
 * autovacuum worker there), read from /proc: what PostgreSQL spends per request, beside the
 * server's own CPU. Linux only (undefined elsewhere); other databases' backends are not counted.
 */
export class PostgresCpu {
  readonly #client: pg.Client;
  readonly #database: string;

  private constructor(client: pg.Client, database: string) {
    this.#client = client;
    this.#database = database;
  }

  static async open(adminUrl: string, database: string): Promise<PostgresCpu | undefined> {
    if (!existsSync('/proc/self/stat')) return undefined;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    return new PostgresCpu(client, database);
  }

  async sample(): Promise<CpuSample> {
    const { rows } = await this.#client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.#database],
    );
    const out: CpuSample = new Map();
    for (const { pid } of rows) {
      const us = processCpuUs(pid);
      if (us !== undefined) out.set(pid, us);
    }
    return out;
  }

  /** CPU used between two samples; a backend born in between counts from its start. */
  static between(before: CpuSample, after: CpuSample): number {
    let us = 0;
    for (const [pid, now] of after) us += now - (before.get(pid) ?? 0);
    return us;
  }

  close(): Promise<void> {
    return this.#client.end();
  }
}
