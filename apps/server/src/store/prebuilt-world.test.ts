import { describe, expect, it } from 'vitest';
import { ensureDemoWorld } from './demo-world.js';
import { hashDatabase } from './engine/dump-hash.js';
import { openPgliteDb } from './engine/pglite-db.js';
import { migrate } from './migrate.js';
import { listPrebuiltWorlds } from './prebuilt-world.js';
import { hasSnapshot, restoreSnapshot, takeSnapshot } from './sandbox-snapshot.js';

// The worlds of the last build (the test command builds first): each must be the world a start
// would seed with the same options, row for row (D43).
const worlds = await listPrebuiltWorlds();

describe('prebuilt worlds', () => {
  it('are the worlds starts ask for most', () => {
    expect(worlds.map((w) => w.name).sort()).toEqual(['cli-demo', 'demo', 'tiny']);
  });

  it.each(worlds)(
    '$name holds exactly the rows a fresh seed writes, and its sandbox snapshot resets to them',
    async (world) => {
      const loaded = await openPgliteDb(undefined, { load: await world.load() });
      const fresh = await openPgliteDb();
      try {
        await migrate(fresh);
        await ensureDemoWorld(fresh, world.seed, {});
        // Nothing left to do for a start: the migrations are applied and the world is there.
        expect((await migrate(loaded)).applied).toEqual([]);
        expect(await hasSnapshot(loaded)).toBe(world.sandbox);
        const seeded = await hashDatabase(fresh);
        expect(await hashDatabase(loaded)).toEqual(seeded);

        if (!world.sandbox) await takeSnapshot(loaded);
        await loaded.exec('DELETE FROM api_tokens');
        expect((await hashDatabase(loaded)).total).not.toBe(seeded.total);
        await restoreSnapshot(loaded);
        expect(await hashDatabase(loaded)).toEqual(seeded);
      } finally {
        await loaded.close();
        await fresh.close();
      }
    },
    240_000,
  );
});
