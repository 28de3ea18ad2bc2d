import { expect, it } from 'vitest';
import { schemaSnapshot } from './test-support/schema-snapshot.js';
import { openFreshPgliteTestDb } from './test-support/test-databases.js';

// The schema the migrations give, committed: a migration that changes what an applied one made
// shows here. Update with `vitest run -u` only for a new migration.
it('migrates a new database to the committed schema', async () => {
  const { db, dispose } = await openFreshPgliteTestDb();
  try {
    await expect(await schemaSnapshot(db)).toMatchFileSnapshot('./test-support/schema.snapshot.txt');
  } finally {
    await dispose();
  }
});
