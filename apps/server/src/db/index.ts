export {
  type ColumnKind,
  type ColumnSpec,
  type ComputedColumn,
  insertRows,
  RowBatch,
} from './bulk-insert.js';
export type { Db, DbEngine, Row } from './db.js';
export { hashDatabase } from './dump-hash.js';
export { type MigrateResult, migrate } from './migrate.js';
export { MIGRATIONS, type Migration } from './migrations/index.js';
export { type OpenDbOptions, openDb } from './open-db.js';
export { openPgliteDb } from './pglite-db.js';
export { openPostgresDb, type PostgresOptions } from './postgres-db.js';
export { resetDb, syncIdSequences } from './reset-db.js';
export { refreshSearchVectors, searchSql } from './search.js';
export {
  createTemporaryDatabase,
  openPgliteTestDb,
  openPostgresTestDb,
  POSTGRES_SKIP_REASON,
  type TemporaryDatabase,
  type TestDb,
  testDatabaseUrl,
} from './test-database.js';
export { generateToken, hashToken } from './tokens.js';
export { parseTimestamp } from './type-parsers.js';
