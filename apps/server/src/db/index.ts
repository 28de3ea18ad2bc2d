export type { Db, DbEngine, Row } from './db.js';
export { openDb, type OpenDbOptions } from './open-db.js';
export { openPgliteDb } from './pglite-db.js';
export { openPostgresDb, type PostgresOptions } from './postgres-db.js';
export { migrate, type MigrateResult } from './migrate.js';
export { MIGRATIONS, type Migration } from './migrations/index.js';
export { resetDb, syncIdSequences } from './reset-db.js';
export { hashToken, generateToken } from './tokens.js';
export { RowBatch, insertRows, type ColumnKind, type ColumnSpec } from './bulk-insert.js';
export { refreshSearchVectors, searchSql } from './search.js';
export { hashDatabase } from './dump-hash.js';
export { parseTimestamp } from './type-parsers.js';
export {
  createTemporaryDatabase,
  openPgliteTestDb,
  openPostgresTestDb,
  testDatabaseUrl,
  POSTGRES_SKIP_REASON,
  type TemporaryDatabase,
  type TestDb,
} from './test-database.js';
