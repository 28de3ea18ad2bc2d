import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from './engine/pglite-db.js';
import { migrate } from './migrate.js';
import { findPrebuiltStart } from './prebuilt-worlds/prebuilt-world.js';
import { hashDatabase } from './test-support/dump-hash.js';
import { SCHEMA_SNAPSHOT_PATH, schemaSnapshot } from './test-support/schema-snapshot.js';
import { openFreshPgliteTestDb, type TestDb } from './test-support/test-databases.js';

// A new database migrated from nothing, once for the file: initdb and every migration cost seconds
// of CPU, and both tests only read it.
let fresh: TestDb | undefined;
beforeAll(async () => {
  fresh = await openFreshPgliteTestDb();
});
afterAll(() => fresh?.dispose());

// The schema the migrations give, committed: a migration that changes what an applied one made
// shows here. `pnpm generate` rewrites it, which only a new migration should need.
it('migrates a new database to the committed schema', async () => {
  expect(
    readFileSync(SCHEMA_SNAPSHOT_PATH, 'utf8'),
    'apps/server/src/store/test-support/schema.snapshot.txt is stale: run pnpm generate',
  ).toBe(await schemaSnapshot(fresh!.db));
});

// Here rather than beside the other prebuilt worlds' tests: it compares with the database above.
describe('the prebuilt empty database (migrated, no world seeded)', () => {
  it('is the migrated schema, with the rows the migrations write and no others', async () => {
    const empty = (await findPrebuiltStart({ seed: 9 }, false))!;
    const loaded = await openPgliteDb(undefined, { load: await empty.load() });
    try {
      expect((await migrate(loaded)).applied).toEqual([]);
      expect(await schemaSnapshot(loaded)).toEqual(await schemaSnapshot(fresh!.db));
      expect(await hashDatabase(loaded)).toEqual(await hashDatabase(fresh!.db));
    } finally {
      await loaded.close();
    }
  });
});
