import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '@org/model';
import type { FastifyInstance } from 'fastify';
import { parsePublicUrl } from './core/links.js';
import type { RateLimiter, RateLimits } from './core/rate-limit/limiter.js';
import { WeightedSlots } from './core/weighted-slots.js';
import type { Services } from './handlers/services.js';
import { buildApp } from './http/app.js';
import { buildSandboxControl, type SandboxControl } from './sandbox/control.js';
import { sandboxExtension } from './sandbox/http/extension.js';
import { createFixtures, type Fixtures } from './sandbox/store/fixtures.js';
import { type Caches, wireCachesAndChangeListening } from './start-caches.js';
import { type SharedClock, startSharedClock } from './start-clock.js';
import { buildRateLimiter, connectCounters } from './start-rate-limiter.js';
import type { Db } from './store/engine/db.js';
import { openDb } from './store/engine/open-db.js';
import { compilePglite } from './store/engine/pglite-wasm.js';
import { migrate } from './store/migrate.js';
import {
  discardExtraction,
  findPrebuiltStart,
  isEmptyOrMissing,
} from './store/prebuilt-worlds/prebuilt-world.js';
import { ANNOUNCE_SETTING } from './store/schema.js';
import { SearchQueries } from './store/search-queries.js';
import {
  type DemoWorld,
  ensureDemoWorld,
  LARGE_WORLD_NEEDS_POSTGRES,
  type SeedingFigures,
  type SeedOptions,
  type WorldIdentity,
} from './store/seed/demo-world.js';
import { dropSnapshot, takeSnapshot } from './store/snapshot/snapshot.js';

/**
 * Analytics points an instance reads at once (D80): two whole pages. A whole 93-day page of the
 * large world is 2-3 MB of text, held two or three times over while it is read and written; 16 of
 * them side by side took the server over 350 MB resident, and four at a time left it above 300 MB.
 * Pages of a small `limit` weigh little and rarely wait.
 */
const ANALYTICS_POINTS_IN_FLIGHT = 2 * LIMITS.analyticsPageSize;

export interface StartOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** PostgreSQL connection string; wins over the PGlite options. */
  databaseUrl?: string;
  /** PGlite data directory. */
  dataDir?: string;
  /** PGlite in memory (the default when no dataDir or databaseUrl is given). */
  memory?: boolean;
  /** Redis for rate-limit counters shared by several instances. */
  redisUrl?: string;
  /** Prefix of the counter keys in Redis (default `um:rl:`); instances that count together share it. */
  redisKeyPrefix?: string;
  /** Seed the demo world when the database is empty (default), or not at all. */
  seed?: false | SeedOptions;
  /**
   * Seed and size asked for explicitly: on a database that holds another world, the start stops, as
   * applying them would mean regenerating the world and dropping the data it keeps.
   */
  expectWorld?: WorldIdentity;
  /** Raw tokens for the demo world (a test harness chooses its own); stored if new, so they authenticate. */
  tokens?: { organization?: string; customer?: string };
  limits?: Partial<RateLimits>;
  /** Data points per analytics response before `next`; default 10,000, the API's page size. */
  analyticsPageSize?: number;
  /** The built docs site served at /docs/ (see AppOptions). */
  docsDir?: string;
  /** Structured request logs (see AppOptions). */
  logger?: boolean | 'stderr';
  /**
   * The sandbox for test suites: /_sandbox/ control API (reset to the seeded world, rate-limit
   * counters, request journal) and `Prefer` (code, delay, fault) on every request.
   */
  sandbox?: boolean;
  /** 'off': no rate limits; a number scales every limit (2 doubles them). Default: the API's limits. */
  rateLimits?: 'off' | number;
  /**
   * The public URL page links are built from (e.g. https://api.example.com behind a proxy);
   * without it, links use the request's Host header, which must then be a valid host.
   */
  publicUrl?: string;
  /** Called when the demo world is generated now (not prebuilt, not already there): it takes a while. */
  onSeeding?: () => void;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  app: FastifyInstance;
  db: Db;
  world: DemoWorld;
  /** How the world came to be: loaded as built ahead, seeded by this start, or found in the database. */
  worldSource: 'prebuilt' | 'seeded' | 'existing';
  /** When each step of the start ended, in ms since the process started (`pnpm bench` prints them). */
  startup: Record<'called' | 'app' | 'database' | 'migrated' | 'world' | 'listening', number>;
  /** On the start that seeded the world: records written and the seed's own seconds. */
  seeded?: SeedingFigures;
  fixtures: Fixtures;
  /** Stops accepting requests, lets in-flight ones finish, closes the database and Redis. */
  close(): Promise<void>;
}

/**
 * Opens the database, migrates, seeds on first start and listens: the whole reference server. Its
 * phases each take what the ones before made; once the database is open, a failing phase closes
 * what the start opened before its error is passed on.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (!options.databaseUrl && options.seed && options.seed.size === 'large')
    throw new Error(LARGE_WORLD_NEEDS_POSTGRES);
  const called = msSinceProcessStart();
  const { db, app, handOver, prebuilt, ended } = await openStoreWhileBuildingApp(options);
  const prepared = await prepareStore(db, app, prebuilt, options).catch((error: unknown) =>
    closeAfterFailedStart(error, app, undefined, db),
  );
  const { stopListening } = prepared.caches;
  const serving = await serveAndListen(db, app, handOver, prepared, options).catch((error: unknown) =>
    closeAfterFailedStart(error, app, stopListening, db),
  );
  return {
    url: serving.url,
    app,
    db,
    world: prepared.world,
    worldSource: prepared.worldSource,
    startup: { called, ...ended, ...prepared.ended, listening: serving.listening },
    ...(prepared.seeded ? { seeded: prepared.seeded } : {}),
    fixtures: serving.fixtures,
    close: closeOnce(app, stopListening, prepared.limiter, db),
  };
}

/** Milliseconds since the process started, as `startup` gives the end of each step. */
const msSinceProcessStart = (at = performance.now()) => Math.round(at);

/**
 * What a step made and when it ended, unrounded: of two steps that end within the same
 * millisecond, it still tells which came first.
 */
interface Ended<T> {
  made: T;
  at: number;
}
const markEnd = <T>(made: T): Ended<T> => ({ made, at: performance.now() });

/** The ends of the app and the database, in the order they came: the bench prints the steps so. */
const inOrderOfEnding = (
  app: number,
  database: number,
): Pick<RunningServer['startup'], 'app' | 'database'> =>
  app <= database
    ? { app: msSinceProcessStart(app), database: msSinceProcessStart(database) }
    : { database: msSinceProcessStart(database), app: msSinceProcessStart(app) };

type PrebuiltStart = Awaited<ReturnType<typeof findPrebuiltStart>>;

/** The app, built before the services it serves exist, and how it is given them. */
interface AppAwaitingServices {
  building: Promise<Ended<FastifyInstance>>;
  /** Gives the app its services and sandbox control; called once, before it listens. */
  handOver(services: Services, sandbox: SandboxControl): void;
}

/** The open database, the built app, the prebuilt start the database was made from (if any). */
interface StoreAndApp {
  db: Db;
  app: FastifyInstance;
  handOver: AppAwaitingServices['handOver'];
  prebuilt: PrebuiltStart;
  ended: Pick<RunningServer['startup'], 'app' | 'database'>;
}

/**
 * Opens the database while the HTTP app is built: PGlite compiles and starts much of it off this
 * thread meanwhile. When either fails, the other is closed.
 */
async function openStoreWhileBuildingApp(options: StartOptions): Promise<StoreAndApp> {
  const memory = options.memory ?? (!options.dataDir && !options.databaseUrl);
  // A new PGlite database that would be seeded as a prebuilt world starts as its copy, without initdb,
  // migrations or seed; one that no world matches, as a copy of the migrated empty database, as initdb
  // alone took hundreds of MB.
  const newPglite =
    !options.databaseUrl && (memory || !options.dataDir || !existsSync(join(options.dataDir, 'PG_VERSION')));
  // Compiled while the world is written and the app built (openDb reports a failure).
  if (!options.databaseUrl) compilePglite().catch(() => {});
  const prebuilt = newPglite
    ? await findPrebuiltStart(options.seed ?? {}, options.sandbox ?? false)
    : undefined;
  // Both begin in this same turn and neither waits for the other: the app is built at once, and the
  // database opens as soon as its files are written or loaded.
  const opening = beginOpeningStore(options, memory, prebuilt);
  const { building, handOver } = beginBuildingApp(options);
  const [opened, built] = await Promise.allSettled([opening, building]);
  if (opened.status === 'rejected') {
    if (built.status === 'fulfilled') await built.value.made.close();
    throw opened.reason;
  }
  const db = opened.value.made;
  if (built.status === 'rejected') {
    await db.close().catch(() => {});
    throw built.reason;
  }
  const ended = inOrderOfEnding(built.value.at, opened.value.at);
  return { db, app: built.value.made, handOver, prebuilt, ended };
}

/**
 * Begins opening the database. Into a new data directory the prebuilt world is written as files (on
 * a thread of its own, while the app is built), then opened as an existing one; in memory, it is
 * loaded as the database's files.
 */
function beginOpeningStore(
  options: StartOptions,
  memory: boolean,
  prebuilt: PrebuiltStart,
): Promise<Ended<Db>> {
  const extract = prebuilt && !memory && options.dataDir && isEmptyOrMissing(options.dataDir);
  const written = extract
    ? prebuilt.extractTo(options.dataDir!)
    : options.dataDir && discardExtraction(options.dataDir);
  return Promise.resolve(written)
    .then(() =>
      openDb({
        ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        memory,
        // In memory PGlite begins while the world is still being decoded (FilledMemoryFs).
        ...(prebuilt && !extract ? { load: prebuilt.load() } : {}),
        // This server announces its writes itself, after they commit (the triggers of 0013 and 0015 stay
        // silent): a NOTIFY inside the write's transaction makes commits wait for one another.
        settings: { [ANNOUNCE_SETTING.name]: ANNOUNCE_SETTING.server },
      }),
    )
    .then(markEnd);
}

/**
 * Begins building the HTTP app, while the database opens. The services and the sandbox control
 * need the open database, so the app is built over two stand-ins that its routes read per request,
 * and `handOver` fills them in before the app listens: waiting for the database to build the app
 * would add the build to the time to the first answer.
 */
function beginBuildingApp(options: StartOptions): AppAwaitingServices {
  const services = {} as Services;
  const sandbox = {} as SandboxControl;
  const building = buildApp(services, {
    logger: options.logger ?? false,
    ...(options.sandbox ? { extension: sandboxExtension(sandbox) } : {}),
    ...(options.docsDir ? { docsDir: options.docsDir } : {}),
    ...(options.publicUrl ? { publicUrl: parsePublicUrl(options.publicUrl) } : {}),
  }).then(markEnd);
  const handOver = (made: Services, control: SandboxControl) => {
    Object.assign(services, made);
    Object.assign(sandbox, control);
  };
  return { building, handOver };
}

/** The demo world on the database, how it came to be, and the ends of migrating and of the world. */
interface WorldOnStore {
  world: DemoWorld;
  worldSource: RunningServer['worldSource'];
  seeded: SeedingFigures | undefined;
  ended: Pick<RunningServer['startup'], 'migrated' | 'world'>;
}

/** Migrates, then seeds the demo world, or finds it there (loaded prebuilt, or kept from a start before). */
async function migrateAndEnsureWorld(
  db: Db,
  prebuilt: PrebuiltStart,
  options: StartOptions,
): Promise<WorldOnStore> {
  await migrate(db);
  const migrated = msSinceProcessStart();
  let seeding = false;
  let seeded: SeedingFigures | undefined;
  const world = await ensureDemoWorld(
    db,
    options.seed ?? {},
    options.tokens ?? {},
    options.expectWorld,
    () => {
      seeding = true;
      options.onSeeding?.();
    },
    (figures) => {
      seeded = figures;
    },
  );
  const worldSource = prebuilt?.world ? 'prebuilt' : seeding ? 'seeded' : 'existing';
  return { world, worldSource, seeded, ended: { migrated, world: msSinceProcessStart() } };
}

/** What the services are made of besides the database: the world, the clock, the limiter, the caches. */
interface PreparedStore extends WorldOnStore {
  clock: SharedClock;
  limiter: RateLimiter;
  caches: Caches;
}

/**
 * Readies the open database for requests: its world, the shared clock, the rate limiter, the
 * sandbox's snapshot and the caches with their change listening, one after the other.
 */
async function prepareStore(
  db: Db,
  app: FastifyInstance,
  prebuilt: PrebuiltStart,
  options: StartOptions,
): Promise<PreparedStore> {
  const world = await migrateAndEnsureWorld(db, prebuilt, options);
  const counters = await connectCounters(options.redisUrl, options.redisKeyPrefix);
  const clock = await startSharedClock(db, options.sandbox ?? false);
  const limiter = buildRateLimiter(counters, clock.clock, options.limits, options.rateLimits);
  // A sandbox's resets go back to the world as it is now; without the sandbox, the snapshot of an
  // earlier start is dropped, as its row triggers would record every write for nothing.
  if (options.sandbox) await takeSnapshot(db);
  else await dropSnapshot(db);
  const caches = await wireCachesAndChangeListening(db, app, clock.reload);
  return { ...world, clock, limiter, caches };
}

/** What the handlers share. */
function assembleServices(db: Db, prepared: PreparedStore, analyticsPageSize: number | undefined): Services {
  const { counts, announcer, fragments, authenticator } = prepared.caches;
  return {
    db,
    counts,
    announcer,
    fragments,
    searches: new SearchQueries(db),
    authenticator,
    limiter: prepared.limiter,
    clock: prepared.clock.clock,
    analyticsPageSize: analyticsPageSize ?? LIMITS.analyticsPageSize,
    analyticsReads: new WeightedSlots(ANALYTICS_POINTS_IN_FLIGHT),
  };
}

/** Gives the app its services and the sandbox control, then listens. */
async function serveAndListen(
  db: Db,
  app: FastifyInstance,
  handOver: AppAwaitingServices['handOver'],
  prepared: PreparedStore,
  options: StartOptions,
): Promise<{ fixtures: Fixtures; url: string; listening: number }> {
  const services = assembleServices(db, prepared, options.analyticsPageSize);
  const fixtures = createFixtures(db, (tables) => services.announcer.announce(tables), services.counts);
  handOver(services, buildSandboxControl(services, prepared.world, fixtures, prepared.clock.reload));
  return { fixtures, ...(await listen(app, options)) };
}

/**
 * Listens on the port and host asked for; the URL the server is reached at (a server listening on
 * every interface, at 127.0.0.1) and when listening began.
 */
async function listen(
  app: FastifyInstance,
  options: StartOptions,
): Promise<{ url: string; listening: number }> {
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const listening = msSinceProcessStart();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, listening };
}

/**
 * The running server's close: the reverse of the start, from the app (no new requests, in-flight
 * ones finish) to the database. Called again, it returns the first call's promise.
 */
function closeOnce(
  app: FastifyInstance,
  stopListening: () => Promise<void>,
  limiter: RateLimiter,
  db: Db,
): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      await app.close();
      await stopListening();
      await limiter.close();
      await db.close();
    })());
}

/**
 * A start that failed once the database was open: what it opened is closed in close()'s order, and
 * the start's own error is passed on (a failure to close would only hide it).
 */
async function closeAfterFailedStart(
  error: unknown,
  app: FastifyInstance,
  stopListening: (() => Promise<void>) | undefined,
  db: Db,
): Promise<never> {
  await app.close().catch(() => {});
  await stopListening?.().catch(() => {});
  await db.close().catch(() => {});
  throw error;
}
