import type { DataDirFiles } from './data-dir-files.js';
import type { Db } from './db.js';
import { openPgliteDb } from './pglite-db.js';

export interface OpenDbOptions {
  /** `postgres://...`: use PostgreSQL. Wins over the PGlite options. */
  url?: string;
  /** PGlite data directory (created when missing). */
  dataDir?: string;
  /** PGlite in memory (tests). The default when neither url nor dataDir is given. */
  memory?: boolean;
  /** PostgreSQL pool size. */
  maxConnections?: number;
  /** PGlite only: a data directory tarball to start from (see PgliteOpenOptions). */
  load?: DataDirFiles | Promise<DataDirFiles>;
  /** Settings of the server's connections (PGlite: of its one session), e.g. custom ones the SQL reads. */
  settings?: Record<string, string>;
}

/** Opens the engine the options name; run `migrate(db)` before use. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.url) {
    // The pg driver loads only when asked for: a PGlite start does not pay for it.
    const { openPostgresDb } = await import('./postgres-db.js');
    return openPostgresDb(options.url, {
      ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
      ...(options.settings ? { settings: options.settings } : {}),
    });
  }
  const pglite = {
    ...(options.load ? { load: options.load } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  };
  if (options.dataDir && !options.memory) return openPgliteDb(options.dataDir, pglite);
  return openPgliteDb(undefined, pglite);
}
