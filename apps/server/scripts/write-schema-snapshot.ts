/**
 * Writes src/store/test-support/schema.snapshot.txt: the schema of a new PGlite database migrated
 * from nothing, opened by the same function as src/store/schema-snapshot.test.ts, which fails while
 * the file differs. `pnpm generate` runs it; only a new migration should change the file.
 */
import { writeFileSync } from 'node:fs';
import { SCHEMA_SNAPSHOT_PATH, schemaSnapshot } from '../src/store/test-support/schema-snapshot.js';
import { openFreshPgliteTestDb } from '../src/store/test-support/test-databases.js';

const fresh = await openFreshPgliteTestDb();
try {
  writeFileSync(SCHEMA_SNAPSHOT_PATH, await schemaSnapshot(fresh.db));
} finally {
  await fresh.dispose();
}
console.log(`wrote ${SCHEMA_SNAPSHOT_PATH}`);
