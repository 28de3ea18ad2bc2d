import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteDb } from '../engine/pglite-db.js';
import { migrate } from '../migrate.js';
import { ensureDemoWorld } from '../seed/demo-world.js';
import { hasSnapshot, restoreSnapshot, takeSnapshot } from '../snapshot/snapshot.js';
import { hashDatabase } from '../test-support/dump-hash.js';
import { openPgliteTestDb } from '../test-support/test-databases.js';
import {
  discardExtraction,
  extractAhead,
  findPrebuiltStart,
  findPrebuiltWorld,
  listPrebuiltWorlds,
} from './prebuilt-world.js';

// The worlds of the last build (the test command builds first): each must be the world a start
// would seed with the same options, row for row.
const worlds = await listPrebuiltWorlds();

describe('prebuilt worlds', () => {
  it('are the worlds starts ask for most', () => {
    expect(worlds.map((w) => w.name).sort()).toEqual(['cli-demo', 'cli-demo-sandbox', 'demo', 'tiny']);
  });

  it("are found by a start's seed options, the one with the sandbox snapshot for a start with the sandbox", async () => {
    const cli = worlds.find((w) => w.name === 'cli-demo')!;
    expect(cli.sandbox).toBe(false);
    expect((await findPrebuiltWorld(cli.seed, false))?.name).toBe('cli-demo');
    expect((await findPrebuiltWorld(cli.seed, true))?.name).toBe('cli-demo-sandbox');
    // A world built with the snapshot only serves a start without the sandbox too (which drops it).
    expect((await findPrebuiltWorld({}, false))?.name).toBe('demo');
    expect((await findPrebuiltWorld({ size: 'tiny' }, false))?.name).toBe('tiny');
    expect(await findPrebuiltWorld({ seed: 9 }, false)).toBeUndefined();
    // The CLI's sandbox world comes first in its archive (D85): a `--sandbox` start decompresses
    // nothing before it.
    expect(worlds.find((w) => w.name === 'cli-demo-sandbox')!.slice.offset).toBe(0);
  });

  /** A fresh seed's hash, once per seed options: worlds built from the same options share it. */
  const freshHashes = new Map<string, ReturnType<typeof hashDatabase>>();
  function freshHashOf(seed: (typeof worlds)[number]['seed']): ReturnType<typeof hashDatabase> {
    const key = JSON.stringify(seed);
    const known = freshHashes.get(key);
    if (known) return known;
    // Seeded on the prebuilt empty database, which a test below compares with one migrated from
    // nothing.
    const hash = (async () => {
      const fresh = await openPgliteTestDb();
      try {
        await ensureDemoWorld(fresh.db, seed, {});
        return await hashDatabase(fresh.db);
      } finally {
        await fresh.dispose();
      }
    })();
    freshHashes.set(key, hash);
    return hash;
  }

  it.each(worlds)(
    '$name holds exactly the rows a fresh seed writes, and its sandbox snapshot resets to them',
    async (world) => {
      const loaded = await openPgliteDb(undefined, { load: await world.load() });
      try {
        // Nothing left to do for a start: the migrations are applied and the world is there.
        expect((await migrate(loaded)).applied).toEqual([]);
        expect(await hasSnapshot(loaded)).toBe(world.sandbox);
        const seeded = await freshHashOf(world.seed);
        expect(await hashDatabase(loaded)).toEqual(seeded);

        if (!world.sandbox) await takeSnapshot(loaded);
        await loaded.exec('DELETE FROM api_tokens');
        expect((await hashDatabase(loaded)).total).not.toBe(seeded.total);
        await restoreSnapshot(loaded);
        expect(await hashDatabase(loaded)).toEqual(seeded);
      } finally {
        await loaded.close();
      }
    },
    240_000,
  );
});

describe('the prebuilt empty database (migrated, no world seeded)', () => {
  it('is where a new database that no world matches starts, a matching world where one does', async () => {
    expect(await findPrebuiltStart({ seed: 9 }, false)).toMatchObject({ name: 'empty', world: false });
    expect(await findPrebuiltStart(false, true)).toMatchObject({ name: 'empty', world: false });
    expect(await findPrebuiltStart({ size: 'tiny' }, true)).toMatchObject({ name: 'tiny', world: true });
  });

  // That it is the migrated schema with the migrations' rows is tested in ../schema-snapshot.test.ts,
  // on the database migrated from nothing that file makes anyway (initdb costs seconds of CPU).
});

describe('a prebuilt world written as a new data directory', () => {
  const tiny = worlds.find((w) => w.name === 'tiny')!;

  it('opens as the loaded world does, from a missing or an empty directory, and leaves nothing beside it', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'um-extract-'));
    try {
      const loaded = await openPgliteDb(undefined, { load: await tiny.load() });
      const expected = await hashDatabase(loaded);
      await loaded.close();
      for (const dataDir of [join(parent, 'missing', 'data'), join(parent, 'empty')]) {
        if (dataDir.endsWith('empty')) mkdirSync(dataDir);
        await tiny.extractTo(dataDir);
        const opened = await openPgliteDb(dataDir);
        try {
          expect((await migrate(opened)).applied).toEqual([]);
          expect(await hashDatabase(opened)).toEqual(expected);
        } finally {
          await opened.close();
        }
      }
      expect(readdirSync(parent).sort()).toEqual(['empty', 'missing']);
      expect(readdirSync(join(parent, 'missing'))).toEqual(['data']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses a directory that holds anything, and removes its partial copy', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'um-extract-'));
    try {
      const dataDir = join(parent, 'data');
      mkdirSync(dataDir);
      writeFileSync(join(dataDir, 'notes.txt'), 'mine');
      await expect(tiny.extractTo(dataDir)).rejects.toThrow();
      expect(readdirSync(parent)).toEqual(['data']);
      expect(readdirSync(dataDir)).toEqual(['notes.txt']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  /** Every file's path and size, to compare data directories. */
  const files = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((path) => `${path} ${statSync(join(dir, path)).size}`)
      .sort();

  it('is taken over from the extraction begun ahead when it is for this world', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'um-extract-'));
    try {
      const dataDir = join(parent, 'data');
      await extractAhead(dataDir, tiny.seed, true);
      // Begun: a partial copy beside the directory, which is missing until it is complete.
      expect(readdirSync(parent)).toEqual([expect.stringMatching(/^data\.partial-/)]);
      await tiny.extractTo(dataDir);
      expect(readdirSync(parent)).toEqual(['data']);
      const direct = join(parent, 'direct');
      await tiny.extractTo(direct);
      expect(files(dataDir)).toEqual(files(direct));
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('discards the extraction begun ahead when its start loads another world or none', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'um-extract-'));
    const demo = worlds.find((w) => w.name === 'demo')!;
    try {
      const other = join(parent, 'other');
      await extractAhead(other, tiny.seed, true);
      await demo.extractTo(other);
      const none = join(parent, 'none');
      await extractAhead(none, tiny.seed, true);
      await discardExtraction(none);
      expect(readdirSync(parent)).toEqual(['other']);
      const direct = join(parent, 'direct');
      await demo.extractTo(direct);
      expect(files(other)).toEqual(files(direct));
      // For a world that is not prebuilt, the empty database is begun.
      const seed9 = join(parent, 'seed-9');
      await extractAhead(seed9, { seed: 9 }, true);
      expect(readdirSync(parent).filter((name) => name.startsWith('seed-9.partial-'))).toHaveLength(1);
      await discardExtraction(seed9);
      // Nothing begun for a directory that holds anything.
      await extractAhead(direct, tiny.seed, true);
      expect(readdirSync(parent).sort()).toEqual(['direct', 'other']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
