import pg from 'pg';
import type { Db } from './db.js';
import { TYPE_PARSERS } from './type-parsers.js';

export interface PostgresOptions {
  /** Connections in the pool; PostgreSQL serves concurrent requests, unlike PGlite. */
  maxConnections?: number;
}

/** Per-pool parsers (not pg's process-global `types.setTypeParser`, which other pools would inherit). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = TYPE_PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

export async function openPostgresDb(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    types,
    // The timestamptz parser expects UTC output; set it at connect time, before any query.
    // Prepared statements (queryPrepared: page queries) are planned once per connection: their
    // filters and orderings each have an index, so the best plan does not depend on the values,
    // and planning was a third of their cost. Other statements are unnamed and planned each time.
    options: '-c TimeZone=UTC -c plan_cache_mode=force_generic_plan',
  });
  // An idle pooled connection can die (server restart, DROP DATABASE ... WITH (FORCE)); without a
  // listener that would crash the process. The pool replaces it; the next query reports real trouble.
  pool.on('error', () => undefined);
  // Fail fast on a bad URL instead of on the first request.
  const client = await pool.connect();
  client.release();
  return {
    engine: 'postgres',
    async query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const result = await pool.query<T & pg.QueryResultRow>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async queryPrepared<T extends object>(sql: string, params: readonly unknown[]): Promise<T[]> {
      const name = statementName(sql);
      const result = await pool.query<T & pg.QueryResultRow>(
        name ? { name, text: sql, values: [...params] } : { text: sql, values: [...params] },
      );
      return result.rows;
    },
    listen: (channel, onNotify, onLost) => listenOn(url, channel, onNotify, onLost),
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
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
    },
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
const listenOn = async (
  url: string,
  channel: string,
  onNotify: () => void,
  onLost: () => void,
): Promise<() => Promise<void>> => {
  const client = new pg.Client({ connectionString: url });
  let stopped = false;
  const lost = () => {
    if (stopped) return;
    stopped = true;
    onLost();
    client.end().catch(() => undefined);
  };
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify();
  });
  await client.connect();
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return async () => {
    stopped = true;
    await client.end().catch(() => undefined);
  };
};

/** Names of prepared statements, by SQL; bounded so a caller embedding values cannot grow it without end. */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 500;
const statementName = (sql: string): string | undefined => {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_PREPARED) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
};

let savepointCounter = 0;

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
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const name = `sp_${++savepointCounter}`;
      await connection.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(db);
        await connection.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await connection.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    close: async () => {
      throw new Error('close() the database, not a transaction');
    },
  };
  return db;
}
