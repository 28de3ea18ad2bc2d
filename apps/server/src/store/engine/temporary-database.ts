import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface TemporaryDatabase {
  /** Connection string of the new, empty database. */
  readonly url: string;
  /** Drops it (terminating leftover connections). Safe to call twice. */
  drop(): Promise<void>;
  /** Refuses (or allows again) new connections to it: an outage that lasts as long as a test needs. */
  allowConnections(allow: boolean): Promise<void>;
  /** Ends its connections of one application name; resolves to how many there were. */
  terminateConnections(applicationName: string): Promise<number>;
}

/**
 * Creates a uniquely named database on the server of `serverUrl` (e.g. TEST_DATABASE_URL,
 * postgres://postgres@127.0.0.1:5432/postgres) so that test files never share state: empty, or a
 * copy of `template` (a database nobody is connected to).
 */
export async function createTemporaryDatabase(
  serverUrl: string,
  prefix = 'test',
  { template }: { template?: string } = {},
): Promise<TemporaryDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    allowConnections: async (allow) => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${allow ? 'true' : 'false'}`),
      );
    },
    terminateConnections: (applicationName) =>
      withAdminClient(serverUrl, async (client) => {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE application_name = $1 AND datname = $2`,
          [applicationName, name],
        );
        return rows[0]!.n;
      }),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/** Runs `fn` with a connection to the server's own database, closed after. */
export async function withAdminClient<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  // Loaded when first used: a test file that imports the vitest helpers for a sandbox never pays for it.
  const { default: postgres } = await import('pg');
  const client = new postgres.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL, or undefined: PostgreSQL tests then skip, naming this reason. */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;
export const POSTGRES_SKIP_REASON = 'TEST_DATABASE_URL is not set: PostgreSQL tests skipped';
