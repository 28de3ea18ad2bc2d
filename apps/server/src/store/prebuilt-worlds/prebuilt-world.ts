import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataDirFiles } from '../engine/data-dir-files.js';
import type { Db } from '../engine/db.js';
import { loadMigrations } from '../migration-files.js';
import type { SeedOptions } from '../seed/demo-world.js';
import { type Extraction, startExtraction } from './extract-world.js';
import { readWorldFiles, type WorldSlice, writeWorldArchive } from './world-archive.js';

/**
 * Prebuilt worlds: the worlds most starts ask for are migrated and seeded once, at build time
 * (`node dist/build-worlds.js`, run by the package's build), and kept as PGlite data directory
 * tarballs in one compressed archive in dist/worlds/ (world-archive.ts). A start on a new PGlite
 * database (memory, or a data directory without one) that asks for such a world loads it instead of
 * running initdb, the migrations and the seed: the same rows (a test compares them with a fresh
 * seed), in a fraction of the time. The price (the CLI world's present is the minute of its build;
 * worlds built from other sources are ignored): see decision D43 (prebuilt worlds).
 */

/** One prebuilt world: the seed options a start asks for. */
export interface PrebuiltWorldSpec {
  /** The world's name in the manifest. */
  name: string;
  /** The archive it goes into, `dist/worlds/<archive>.tar.br` (world-archive.ts), in this order. */
  archive: string;
  /** `now: 'build'` stands for the minute of the build (the CLI's demo world). */
  seed: { seed?: number; size?: NonNullable<SeedOptions['size']>; now?: string | 'build' };
  /** Whether the sandbox snapshot is taken at build time (starts with the sandbox on). */
  sandbox: boolean;
}

/**
 * The worlds built: the CLI's default world, without the sandbox (`reference-server` with no
 * option) and with it (`--sandbox`), startServer's and the vitest helper's. Not the tenancy alone
 * (`seed: false`): its rows take their timestamps from the clock, so no copy equals a fresh one.
 *
 * A start decompresses its world's archive up to the end of its world. The three demo worlds share
 * one: each after the first differs little from the one before it (the snapshot, the present), so
 * it costs the archive almost nothing. The CLI's sandbox world comes first (D85): its first answer
 * is to take at most half the time of Prism's mock (issue #40), and decoding the 32 MB world before
 * it doubled its decoding (1,437 instead of 685 ms on 2 busy cores); the CLI's world without the
 * sandbox follows it, at the price of decoding the sandbox's world first. The tiny world has an
 * archive of its own: a vitest helper's start decompresses 18 MB, not the demo worlds first.
 * The build seeds in another order (`BUILD_ORDER`).
 */
const PREBUILT_WORLDS: readonly PrebuiltWorldSpec[] = [
  { name: 'cli-demo-sandbox', archive: 'demo', seed: { seed: 1, size: 'demo', now: 'build' }, sandbox: true },
  { name: 'cli-demo', archive: 'demo', seed: { seed: 1, size: 'demo', now: 'build' }, sandbox: false },
  { name: 'demo', archive: 'demo', seed: {}, sandbox: true },
  { name: 'tiny', archive: 'tiny', seed: { size: 'tiny' }, sandbox: true },
];

/**
 * The order the build makes the worlds in: those without the sandbox snapshot first, so that a
 * sandbox world of the same seed starts as a copy of one and only adds the snapshot (seeding is
 * most of a world's build). Each archive still holds its worlds in PREBUILT_WORLDS' order.
 */
const BUILD_ORDER = [...PREBUILT_WORLDS].sort((a, b) => Number(a.sandbox) - Number(b.sandbox));

/** Options that leave the rows as they are: a world asked for with them is still prebuilt. */
const NEUTRAL_OPTIONS = new Set(['batchSize', 'checkForeignKeys', 'onProgress']);

/** A world as resolved for matching: seed, size and present. */
type WorldKey = { seed: number; size: NonNullable<SeedOptions['size']>; now: string };

interface Manifest {
  /** What the worlds were built from; a start that differs ignores them (see `fingerprint`). */
  fingerprint: string;
  /**
   * The migrated database before any world is seeded into it (no template databases, as the
   * worlds), first in the tiny world's archive: a new database that no world matches starts from it.
   */
  empty?: { archive: string; offset: number; length: number };
  /** The generator's defaults at build time, to resolve a request's missing options. */
  defaults: { seed: number; now: string };
  /** Each world, its archive in dist/worlds/ and its tarball's bytes in the decompressed archive. */
  worlds: Array<{
    name: string;
    key: WorldKey;
    sandbox: boolean;
    archive: string;
    offset: number;
    length: number;
  }>;
}

/**
 * dist/worlds/ beside the bundle; from the sources (tests), the last build's. All chunks of the
 * bundle sit in dist/, this module in src/store/prebuilt-worlds/ otherwise.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const WORLDS_FOLDER = here.endsWith('/dist/')
  ? join(here, 'worlds')
  : join(here, '..', '..', '..', 'dist', 'worlds');
const MANIFEST = 'manifest.json';

/** Settings of the build only: no WAL kept beyond what a clean start needs (a small tarball). */
const BUILD_SETTINGS = { wal_recycle: 'off', min_wal_size: '2MB' };
/** 1 MB WAL segments instead of 16 MB: the tarball holds one. */
const BUILD_INITDB_ARGS = ['--wal-segsize=1'];

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * sha256 of the demo world generator's built file, compiled in (build-constants.ts): the bundle
 * holds the generator, whose private package an installed server cannot resolve.
 */
declare const __DEMO_WORLD_HASH__: string | undefined;

/**
 * What a prebuilt world depends on besides its options: the migrations, the generator's code and
 * the PGlite version (its data directory format, of the PGlite this process runs: an installation
 * may hold another). A build records it; a start whose own differs (sources changed since the last
 * build) seeds as before. Undefined where the sources run uncompiled by tsup or vitest (no hash of
 * the generator): no prebuilt world then.
 */
const fingerprint = async (): Promise<string | undefined> => {
  if (typeof __DEMO_WORLD_HASH__ !== 'string') return undefined;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(await readFile(join(dirname(dirname(pglite)), 'package.json'), 'utf8'));
  const migrations = (await loadMigrations()).map((m) => m.checksum);
  return sha256(JSON.stringify({ migrations, generator: __DEMO_WORLD_HASH__, pglite: version }));
};

const keyOf = (seed: false | SeedOptions, defaults: Manifest['defaults']): WorldKey | undefined => {
  if (seed === false) return undefined;
  const { seed: number, size, now, ...rest } = seed;
  if (Object.entries(rest).some(([name, value]) => value !== undefined && !NEUTRAL_OPTIONS.has(name)))
    return undefined;
  return { seed: number ?? defaults.seed, size: size ?? 'demo', now: now ?? defaults.now };
};

const sameKey = (a: WorldKey, b: WorldKey) => JSON.stringify(a) === JSON.stringify(b);

let manifestRead: Promise<Manifest | undefined> | undefined;
/** The manifest of the last build, if it was built from what this process runs. */
const readManifest = (): Promise<Manifest | undefined> =>
  (manifestRead ??= (async () => {
    const file = join(WORLDS_FOLDER, MANIFEST);
    if (!existsSync(file)) return undefined;
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    // A manifest of another layout (an older build) names no archive: it is not used.
    return manifest.worlds.every((w) => w.archive !== undefined) &&
      manifest.fingerprint === (await fingerprint())
      ? manifest
      : undefined;
  })());

export interface PrebuiltWorld {
  name: string;
  /** Where its data directory tarball lies in the archive. */
  slice: WorldSlice;
  /** The data directory read into memory, for `openDb({ load })` (in memory). */
  load: () => Promise<DataDirFiles>;
  /** Writes the data directory as `dataDir` (missing or an empty directory), to be opened as it is. */
  extractTo: (dataDir: string) => Promise<void>;
  /** Whether it holds the sandbox snapshot already. */
  sandbox: boolean;
}

/** The empty database's name: it is a prebuilt start without a world. */
const EMPTY = 'empty';
/**
 * The archive the empty database is first in: the tiny world's, whose database differs from it only
 * by the tiny world's rows, so that the two compress together (0.9 MB alone) and a start of the
 * empty one decompresses nothing after it.
 */
const EMPTY_SHARES_ARCHIVE = 'tiny';

const prebuiltStart = (name: string, slice: WorldSlice, sandbox: boolean): PrebuiltWorld => ({
  name,
  slice,
  sandbox,
  load: () => loadWorld(slice),
  extractTo: (dataDir) => extractWorld(slice, dataDir),
});

/**
 * The prebuilt world a new database would be seeded as, if there is one: the same seed options
 * (missing ones resolved to the generator's defaults), whatever the tokens (a team's own are added
 * to the loaded world as to an existing database, and kept in its sandbox snapshot); of two such
 * worlds, the one with the sandbox snapshot for a start with the sandbox and the other one otherwise
 * (it has none to drop). Either serves either start.
 */
export async function findPrebuiltWorld(
  seed: false | SeedOptions,
  sandbox = false,
): Promise<PrebuiltWorld | undefined> {
  const manifest = await readManifest();
  if (!manifest) return undefined;
  const key = keyOf(seed, manifest.defaults);
  const worlds = key === undefined ? [] : manifest.worlds.filter((w) => sameKey(w.key, key));
  const world = worlds.find((w) => w.sandbox === sandbox) ?? worlds[0];
  if (!world) return undefined;
  const slice = { file: join(WORLDS_FOLDER, world.archive), offset: world.offset, length: world.length };
  return prebuiltStart(world.name, slice, world.sandbox);
}

/**
 * What a new PGlite database starts from: the prebuilt world it would be seeded as (see
 * findPrebuiltWorld), or else the migrated empty database, into which its world is then seeded.
 * Either one spares the start initdb, whose WebAssembly instance of its own left about 300 MB to
 * collect (a world seeded at start peaked at 524 MB), and the migrations.
 */
export async function findPrebuiltStart(
  seed: false | SeedOptions,
  sandbox = false,
): Promise<(PrebuiltWorld & { world: boolean }) | undefined> {
  const world = await findPrebuiltWorld(seed, sandbox);
  if (world) return { ...world, world: true };
  const empty = (await readManifest())?.empty;
  if (!empty) return undefined;
  const slice = { file: join(WORLDS_FOLDER, empty.archive), offset: empty.offset, length: empty.length };
  return { ...prebuiltStart(EMPTY, slice, false), world: false };
}

/** A data directory a prebuilt world may be written as: missing or empty. */
export function isEmptyOrMissing(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

const sameSlice = (a: WorldSlice, b: WorldSlice) =>
  a.file === b.file && a.offset === b.offset && a.length === b.length;

/** The world decompressed before its start asked for it (loadAhead), for a start in memory. */
let loadedAhead: { slice: WorldSlice; files: Promise<DataDirFiles> } | undefined;

/** A world's files for PGlite, taking over the ones decompressed ahead if they are this world's. */
const loadWorld = (slice: WorldSlice): Promise<DataDirFiles> => {
  const begun = loadedAhead;
  // Given once: files held here would keep the world's 40 MB for the life of the process.
  loadedAhead = undefined;
  return begun && sameSlice(begun.slice, slice) ? begun.files : readWorldFiles(slice);
};

/**
 * Begins decompressing the prebuilt world a start in memory with these options would load, before
 * that start asks for it (the CLI, while the server's modules load): off this thread, as the
 * extraction of a new data directory is.
 */
export async function loadAhead(seed: false | SeedOptions, sandbox: boolean): Promise<void> {
  const world = await findPrebuiltStart(seed, sandbox);
  if (!world) return;
  const files = readWorldFiles(world.slice);
  // Awaited by the start's `load`; a failure there makes that start fail as it would have.
  files.catch(() => {});
  loadedAhead = { slice: world.slice, files };
}

/** Extractions begun before their start asked for them (extractAhead), by data directory. */
const ahead = new Map<string, Extraction>();

/**
 * A new data directory from a prebuilt world's tarball, written as files (PGlite writing it
 * through its own file system layer took twice as long as opening the result) on a thread of its
 * own (extract-world.ts), taking over the extraction begun ahead for it if it is this world's.
 */
const extractWorld = async (slice: WorldSlice, dataDir: string) => {
  const begun = ahead.get(dataDir);
  ahead.delete(dataDir);
  const same = begun !== undefined && sameSlice(begun.world, slice);
  if (begun && !same) await begun.discard();
  await (same ? begun : startExtraction(slice, dataDir)).finish();
};

/**
 * Begins writing `dataDir`, if it is missing or empty, as the prebuilt world a start with these
 * options would load, before that start asks for it (the CLI, while the server's modules load: the
 * two overlap). The start's own `extractTo` takes it over; a start that loads another world or none
 * discards it (`discardExtraction`); an exit removes it.
 */
export async function extractAhead(
  dataDir: string,
  seed: false | SeedOptions,
  sandbox: boolean,
): Promise<void> {
  if (ahead.has(dataDir) || !isEmptyOrMissing(dataDir)) return;
  const world = await findPrebuiltStart(seed, sandbox);
  if (world) ahead.set(dataDir, startExtraction(world.slice, dataDir));
}

/** Stops and removes the extraction begun ahead for `dataDir`, if any (its start does not use it). */
export async function discardExtraction(dataDir: string): Promise<void> {
  const begun = ahead.get(dataDir);
  ahead.delete(dataDir);
  await begun?.discard();
}

/** Every prebuilt world of the last build with the seed options it stands for (tests compare them). */
export async function listPrebuiltWorlds(): Promise<Array<PrebuiltWorld & { seed: SeedOptions }>> {
  const manifest = await readManifest();
  if (!manifest)
    throw new Error(
      `no prebuilt worlds in ${WORLDS_FOLDER} built from these sources: run the build (npx -y pnpm@10.34.9 turbo run build --filter=@org/reference-server)`,
    );
  return Promise.all(
    manifest.worlds.map(async (world) => ({
      ...(await findPrebuiltWorld(world.key, world.sandbox))!,
      seed: world.key,
    })),
  );
}

/** The present of the prebuilt world built for the CLI with this seed and size, if any. */
export async function prebuiltPresent(seed: number, size: string): Promise<string | undefined> {
  const manifest = await readManifest();
  const spec = PREBUILT_WORLDS.find((w) => w.seed.now === 'build');
  const world = manifest?.worlds.find((w) => w.name === spec?.name);
  return world && world.key.seed === seed && world.key.size === size ? world.key.now : undefined;
}

/** The tarball of a closed data directory, its entries at the top (as PGlite's loader reads them). */
const tarDirectory = async (dir: string, file: string) => {
  const tar = await import('tar');
  await tar.create({ cwd: dir, file, portable: true }, await readdir(dir));
};

/**
 * Builds every prebuilt world into `folder` (dist/worlds/): initdb and the migrations once, then
 * per world a copy of that database, seeded as a start would seed it, the sandbox snapshot taken
 * where asked, shut down cleanly (no recovery at the next start) and written as a tarball; the
 * tarballs go into their archives (world-archive.ts) beside the manifest.
 * `now` is the present of the CLI's worlds (the minute of the build).
 */
export async function buildPrebuiltWorlds(
  now: string,
  folder = WORLDS_FOLDER,
  log: (line: string) => void = () => {},
): Promise<void> {
  const { DEFAULT_WORLD_OPTIONS } = await import('@org/demo-world');
  // Loaded here only: a start reads the manifest before it loads PGlite and the model (the seed
  // imports the model), so that writing or decoding a new database begins at once.
  const { ensureDemoWorld } = await import('../seed/demo-world.js');
  const { openPgliteDb } = await import('../engine/pglite-db.js');
  const { migrate } = await import('../migrate.js');
  const { takeSnapshot } = await import('../snapshot/snapshot.js');
  const work = await mkdtemp(join(tmpdir(), 'um-worlds-'));
  try {
    const base = join(work, 'base');
    const db = await openPgliteDb(base, { initdbArgs: BUILD_INITDB_ARGS, settings: BUILD_SETTINGS });
    await migrate(db);
    // Only the database the server uses: template0 and template1 would double the tarball.
    await dropTemplateDatabases(db);
    await db.close();
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    const emptyTarball = join(work, `${EMPTY}.tar`);
    await tarDirectory(base, emptyTarball);
    const defaults = { seed: DEFAULT_WORLD_OPTIONS.seed, now: DEFAULT_WORLD_OPTIONS.now };
    const built = await fingerprint();
    if (!built)
      throw new Error('the generator hash is not compiled in: build with tsup (build-constants.ts)');
    const tarballs: Array<{ file: string; spec: PrebuiltWorldSpec; key: WorldKey }> = [];
    // A world without the sandbox snapshot is kept once written: a later world of the same seed
    // starts as its copy and only adds the snapshot, since seeding is most of a world's build.
    const seededWithoutSnapshot = new Map<string, string>();
    for (const spec of BUILD_ORDER) {
      const started = performance.now();
      const dir = join(work, spec.name);
      const seed = { ...spec.seed, ...(spec.seed.now === 'build' ? { now } : {}) };
      const seededAs = JSON.stringify(seed);
      await cp(seededWithoutSnapshot.get(seededAs) ?? base, dir, { recursive: true });
      const world = await openPgliteDb(dir, { settings: BUILD_SETTINGS });
      await ensureDemoWorld(world, seed, {});
      if (spec.sandbox) await takeSnapshot(world);
      await world.exec('CHECKPOINT');
      await world.close();
      const file = join(work, `${spec.name}.tar`);
      await tarDirectory(dir, file);
      if (spec.sandbox || seededWithoutSnapshot.has(seededAs))
        await rm(dir, { recursive: true, force: true });
      else seededWithoutSnapshot.set(seededAs, dir);
      tarballs.push({ file, spec, key: keyOf(seed, defaults)! });
      log(`prebuilt world ${spec.name} in ${Math.round(performance.now() - started)} ms`);
    }
    const worlds: Manifest['worlds'] = [];
    let empty: Manifest['empty'];
    for (const archive of new Set(PREBUILT_WORLDS.map((spec) => spec.archive))) {
      const archiving = performance.now();
      const inIt = PREBUILT_WORLDS.filter((spec) => spec.archive === archive).map(
        (spec) => tarballs.find((t) => t.spec === spec)!,
      );
      const file = `${archive}.tar.br`;
      const withEmpty = archive === EMPTY_SHARES_ARCHIVE;
      const slices = await writeWorldArchive(
        [...(withEmpty ? [emptyTarball] : []), ...inIt.map((t) => t.file)],
        join(folder, file),
      );
      if (withEmpty) {
        const emptySlice = slices.shift()!;
        empty = { archive: file, offset: emptySlice.offset, length: emptySlice.length };
        log(`the empty database: ${emptySlice.length} bytes, first in ${file}`);
      }
      worlds.push(
        ...inIt.map(({ spec, key }, i) => ({
          name: spec.name,
          key,
          sandbox: spec.sandbox,
          archive: file,
          offset: slices[i]!.offset,
          length: slices[i]!.length,
        })),
      );
      log(`archive ${file} written in ${Math.round(performance.now() - archiving)} ms`);
    }
    const manifest: Manifest = { fingerprint: built, defaults, empty, worlds };
    await writeFile(join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const dropTemplateDatabases = async (db: Db) => {
  await db.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await db.exec('DROP DATABASE template0');
  await db.exec('DROP DATABASE template1');
};
