import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { Db, ListenHandlers } from './db.js';
import { withRetry } from './retry.js';
import { inSavepoint } from './savepoint.js';
import { TYPE_PARSERS } from './type-parsers.js';

export interface PostgresOptions {
  /**
   * Connections in each of the two pools (statements planned per execution, and prepared ones);
   * PostgreSQL serves concurrent requests, unlike PGlite. Idle connections close after 10 s.
   */
  maxConnections?: number;
  /** Settings of every pooled connection (`-c name=value` at connect), e.g. custom ones the SQL reads. */
  settings?: Record<string, string>;
}

/** application_name of the LISTEN connection (to find it in pg_stat_activity). */
export const LISTEN_APPLICATION_NAME = 'um-listen';
/** Delay before reconnecting a lost LISTEN connection: doubling from `firstMs` up to `maxMs`. */
const LISTEN_RETRY = { firstMs: 100, maxMs: 5_000 } as const;

/** Per-pool parsers (not pg's process-global `types.setTypeParser`, which other pools would inherit). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = TYPE_PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

export async function openPostgresDb(url: string, options: PostgresOptions = {}): Promise<Db> {
  const own = Object.entries(options.settings ?? {}).map(([name, value]) => ` -c ${name}=${value}`);
  const poolOf = (settings: string) =>
    new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      types,
      options: settings + own.join(''),
    });
  // The timestamptz parser expects UTC output; set it at connect time, before any query.
  // Unnamed statements (`query`) are planned for their values on each execution.
  const pool = poolOf('-c TimeZone=UTC');
  // Prepared statements (`queryPrepared`: page queries) get connections of their own, where they
  // are planned once per connection: their filters and orderings each have an index, so the best
  // plan does not depend on the values, and planning was a third of their cost. A pool-wide
  // setting would force generic plans on the per-execution statements too.
  const preparedPool = poolOf('-c TimeZone=UTC -c plan_cache_mode=force_generic_plan');
  // An idle pooled connection can die (server restart, DROP DATABASE ... WITH (FORCE)); without a
  // listener that would crash the process. The pool replaces it; the next query reports real trouble.
  pool.on('error', () => undefined);
  preparedPool.on('error', () => undefined);
  // Fail fast on a bad URL instead of on the first request.
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await Promise.all([pool.end(), preparedPool.end()]).catch(() => undefined);
    throw error;
  }
  return {
    engine: 'postgres',
    // An autocommit statement that deadlocked was rolled back whole: run it again (withRetry).
    async query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const result = await withRetry(() =>
        pool.query<T & pg.QueryResultRow>(sql, params ? [...params] : undefined),
      );
      return result.rows;
    },
    async queryPrepared<T extends object>(sql: string, params: readonly unknown[]): Promise<T[]> {
      const name = statementName(sql);
      const result = await withRetry(() =>
        preparedPool.query<T & pg.QueryResultRow>(
          name ? { name, text: sql, values: [...params] } : { text: sql, values: [...params] },
        ),
      );
      return result.rows;
    },
    listen: (channel, handlers) => listenOn(url, channel, handlers),
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
    // Every write path's transaction: a deadlock or serialization failure runs the body again.
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> =>
      withRetry(async () => {
        const connection = await pool.connect();
        try {
          await connection.query('BEGIN');
          const result = await fn(connectionDb(connection));
          await connection.query('COMMIT');
          return result;
        } catch (error) {
          await connection.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          connection.release();
        }
      }),
    close: async () => {
      await Promise.all([pool.end(), preparedPool.end()]);
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost
 * connection is reported and re-established with exponential backoff until stopped; the first
 * connection must succeed (the server does not start without it).
 */
async function listenOn(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let opening: Promise<unknown> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs: number = LISTEN_RETRY.firstMs;

  /** A listening connection; `onGone` runs once if it fails after LISTEN succeeded. */
  const open = async (onGone: () => void): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME });
    let listening = false;
    let gone = false;
    const fail = () => {
      if (gone) return;
      gone = true;
      client.end().catch(() => undefined);
      if (listening) onGone();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      fail();
      throw error;
    }
    if (gone) throw new Error('the LISTEN connection closed while it was opened');
    listening = true;
    return client;
  };

  const retry = () => {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      opening = open(lost).then(
        async (client) => {
          if (stopped) return client.end().catch(() => undefined);
          current = client;
          delayMs = LISTEN_RETRY.firstMs;
          handlers.onRestored();
        },
        () => {
          if (stopped) return;
          delayMs = Math.min(delayMs * 2, LISTEN_RETRY.maxMs);
          retry();
        },
      );
    }, delayMs);
    // A pending reconnect must not keep the process alive.
    retryTimer.unref();
  };

  const lost = () => {
    current = undefined;
    if (stopped) return;
    handlers.onLost();
    retry();
  };

  current = await open(lost);
  return async function stopListening() {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    await opening;
    await current?.end().catch(() => undefined);
  };
}

/** Names of prepared statements, by SQL; bounded so a caller embedding values cannot grow it without end. */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 500;
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_PREPARED) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** The handle passed to a transaction body: every statement on the one checked-out connection. */
function connectionDb(connection: pg.PoolClient): Db {
  const db: Db = {
    engine: 'postgres',
    async query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const result = await connection.query<T & pg.QueryResultRow>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async queryPrepared<T extends object>(sql: string, params: readonly unknown[]): Promise<T[]> {
      const name = statementName(sql);
      const result = await connection.query<T & pg.QueryResultRow>(
        name ? { name, text: sql, values: [...params] } : { text: sql, values: [...params] },
      );
      return result.rows;
    },
    listen: async () => {
      throw new Error('listen on the database, not a transaction');
    },
    async exec(sql: string): Promise<void> {
      await connection.query(sql);
    },
    // pg-copy-streams: the COPY sub-protocol over pg's connection, which pg itself does not speak.
    async copyFrom(sql: string, data: string): Promise<void> {
      const copy = connection.query(copyFromStdin(sql));
      copy.end(data);
      await finished(copy);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return inSavepoint(
        (sql) => connection.query(sql),
        () => fn(db),
      );
    },
    close: async () => {
      throw new Error('close() the database, not a transaction');
    },
  };
  return db;
}
