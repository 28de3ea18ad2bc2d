/** A result row as the drivers return it: column name -> parsed value (see type-parsers.ts). */
export type Row = Record<string, unknown>;

export type DbEngine = 'pglite' | 'postgres';

/** What `Db.listen` reports. */
export interface ListenHandlers {
  onNotify(payload: string): void;
  onLost(): void;
  onRestored(): void;
}

/**
 * The one SQL surface the server uses. Both engines run the same SQL with `$n` parameters, and
 * both parse values the same way: int8/numeric -> number, timestamptz -> `YYYY-MM-DDTHH:MM:SS.ffffffZ`
 * string (microseconds survive, which a JS Date would drop), json/jsonb -> objects, arrays -> arrays.
 */
export interface Db {
  readonly engine: DbEngine;
  /** One statement with parameters; returns its rows. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * `query` for a statement run many times with other parameters (page queries): PostgreSQL parses
   * and plans it once per connection (a generic plan), so use it only where an index serves every
   * value. Its SQL must carry every value as a parameter, so that distinct statements stay few.
   */
  queryPrepared<T extends object = Row>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * Calls `handlers.onNotify` with the payload of each NOTIFY on `channel` (delivered when the
   * notifying transaction commits, from any connection or instance). When the listening connection
   * fails, calls `onLost` (notifications may be missed from then on), reconnects, and calls
   * `onRestored` once LISTEN is active again; this may repeat. Resolves, once listening, to a
   * function that stops listening (and reconnecting).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Several statements separated by `;`, no parameters (migrations, resets). */
  exec(sql: string): Promise<void>;
  /**
   * PostgreSQL's transaction handle only: runs `sql`, a `COPY ... FROM STDIN` (text format), with
   * `data` as its rows. Bulk loads (the seed) write through it where it exists: PostgreSQL then
   * parses no array literals.
   */
  copyFrom?(sql: string, data: string): Promise<void>;
  /**
   * Runs `fn` in a transaction on one connection and commits, or rolls back when it throws.
   * Nested calls on the transaction handle use savepoints.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
