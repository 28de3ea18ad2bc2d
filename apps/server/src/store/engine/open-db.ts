import type { Db } from './db.js';
import { openPgliteDb } from './pglite-db.js';
import { openPostgresDb } from './postgres-db.js';

export interface OpenDbOptions {
  /** `postgres://...`: use PostgreSQL. Wins over the PGlite options. */
  url?: string;
  /** PGlite data directory (created when missing). */
  dataDir?: string;
  /** PGlite in memory (tests). The default when neither url nor dataDir is given. */
  memory?: boolean;
  /** PostgreSQL pool size. */
  maxConnections?: number;
}

/** Opens the engine the options name; run `migrate(db)` before use. */
export function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.url) {
    return openPostgresDb(
      options.url,
      options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections },
    );
  }
  if (options.dataDir && !options.memory) return openPgliteDb(options.dataDir);
  return openPgliteDb();
}
