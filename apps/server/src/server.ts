import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '@org/model';
import type { FastifyInstance } from 'fastify';
import { Announcer } from './core/announcer.js';
import { invalid } from './core/api-error.js';
import { Authenticator } from './core/auth/authenticate.js';
import { addIsoDuration, CLOCK_RANGE, Clock } from './core/clock.js';
import { COUNT_TTL_MS, CountCache } from './core/count-cache.js';
import { parsePublicUrl } from './core/links.js';
import { MemoryCounterStore } from './core/rate-limit/counter-store.js';
import { DEFAULT_LIMITS, RateLimiter, type RateLimits } from './core/rate-limit/limiter.js';
import { WeightedSlots } from './core/weighted-slots.js';
import type { Services } from './handlers/services.js';
import { buildApp } from './http/app.js';
import type { SandboxControl } from './http/sandbox.js';
import { createProviderStates, type StateValues } from './provider-states.js';
import { DbAuthDirectory } from './store/auth-directory.js';
import { notifyChanges } from './store/changes.js';
import type { Db } from './store/engine/db.js';
import { openDb } from './store/engine/open-db.js';
import { compilePglite } from './store/engine/pglite-wasm.js';
import { FragmentCache } from './store/fragments.js';
import { migrate } from './store/migrate.js';
import {
  discardExtraction,
  findPrebuiltStart,
  isEmptyOrMissing,
} from './store/prebuilt-worlds/prebuilt-world.js';
import { RECORD_TABLE_NAMES } from './store/resources.js';
import { advanceClock, CLOCK_CHANGED, readClock, type StoredClock, setClock } from './store/sandbox/clock.js';
import { createFixtures, FIXTURE_TABLES, type Fixtures } from './store/sandbox/fixtures.js';
import { createSandboxDataPoint, createSandboxRecord, organizationExists } from './store/sandbox/records.js';
import { dropSnapshot, restoreSnapshot, SANDBOX_RESET, takeSnapshot } from './store/sandbox/snapshot.js';
import { ANNOUNCE_SETTING, AUTH_TABLES, CHANGES_CHANNEL } from './store/schema.js';
import { SearchQueries } from './store/search-queries.js';
import {
  type DemoWorld,
  ensureDemoWorld,
  LARGE_WORLD_NEEDS_POSTGRES,
  type SeedingFigures,
  type SeedOptions,
  type WorldIdentity,
} from './store/seed/demo-world.js';

/** Scales every limit (`rateLimits` option); 'off' lifts them all. */
const scaleLimits = (limits: RateLimits, scale: 'off' | number | undefined): RateLimits => {
  if (scale === undefined) return limits;
  const factor = scale === 'off' ? Number.MAX_SAFE_INTEGER / limits.daily : scale;
  const times = (n: number) => Math.max(1, Math.min(Number.MAX_SAFE_INTEGER, Math.round(n * factor)));
  return {
    daily: times(limits.daily),
    burst: { requests: times(limits.burst.requests), windowSeconds: limits.burst.windowSeconds },
    analyticsPerMinute: times(limits.analyticsPerMinute),
  };
};

/**
 * Analytics points an instance reads at once (D80): two whole pages. A whole 93-day page of the
 * large world is 2-3 MB of text, held two or three times over while it is read and written; 16 of
 * them side by side took the server over 350 MB resident, and four at a time left it above 300 MB.
 * Pages of a small `limit` weigh little and rarely wait.
 */
const ANALYTICS_POINTS_IN_FLIGHT = 2 * LIMITS.analyticsPageSize;

/** Tables whose change notifications concern the Authenticator's caches. */
const AUTH_NOTIFIED = new Set(AUTH_TABLES);
/** Notified tables that carry no count; any other notification (counted tables) clears the counts. */
const UNCOUNTED_TABLES = new Set([
  ...AUTH_TABLES.filter((table) => !RECORD_TABLE_NAMES.has(table)),
  CLOCK_CHANGED,
]);

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

/** Opens the database, migrates, seeds on first start and listens: the whole reference server. */
export const startServer = async (options: StartOptions = {}): Promise<RunningServer> => {
  if (!options.databaseUrl && options.seed && options.seed.size === 'large')
    throw new Error(LARGE_WORLD_NEEDS_POSTGRES);
  const mark = () => Math.round(performance.now());
  const startup = { called: mark() } as RunningServer['startup'];
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
  // Into a new data directory the world is written as files (on a thread of its own, while the app
  // is built), then opened as an existing one.
  const extract = prebuilt && !memory && options.dataDir && isEmptyOrMissing(options.dataDir);
  const written = extract
    ? prebuilt.extractTo(options.dataDir!)
    : options.dataDir && discardExtraction(options.dataDir);
  const opening = Promise.resolve(written)
    .then(async () =>
      openDb({
        ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        memory,
        ...(prebuilt && !extract ? { load: await prebuilt.load() } : {}),
        // This server announces its writes itself, after they commit (the triggers of 0013 and 0015 stay
        // silent): a NOTIFY inside the write's transaction makes commits wait for one another.
        settings: { [ANNOUNCE_SETTING.name]: ANNOUNCE_SETTING.server },
      }),
    )
    .then((db) => {
      startup.database = mark();
      return db;
    });
  // While PGlite compiles and starts (much of it off this thread), the HTTP app is built: its
  // routes read the services and the sandbox control per request, filled in below.
  const services = {} as Services;
  const sandbox = {} as SandboxControl;
  const building = buildApp(services, {
    logger: options.logger ?? false,
    ...(options.sandbox ? { sandbox } : {}),
    ...(options.docsDir ? { docsDir: options.docsDir } : {}),
    ...(options.publicUrl ? { publicUrl: parsePublicUrl(options.publicUrl) } : {}),
  }).then((app) => {
    startup.app = mark();
    return app;
  });
  const [opened, built] = await Promise.allSettled([opening, building]);
  if (opened.status === 'rejected') {
    if (built.status === 'fulfilled') await built.value.close();
    throw opened.reason;
  }
  const db = opened.value;
  let stopListening: (() => Promise<void>) | undefined;
  try {
    if (built.status === 'rejected') throw built.reason;
    const app = built.value;
    await migrate(db);
    startup.migrated = mark();
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
    startup.world = mark();
    const authenticator = new Authenticator(new DbAuthDirectory(db));
    // ioredis loads only when asked for.
    const redis = options.redisUrl
      ? new (await import('./store/redis-counter-store.js')).RedisCounterStore(
          options.redisUrl,
          options.redisKeyPrefix,
        )
      : undefined;
    // Shared counters from the first request on; while Redis is down, per instance, so requests are
    // still served.
    await redis?.ready();
    const store = redis ?? new MemoryCounterStore();
    // The clock every instance on the database shares, so they agree on now; a start without the
    // sandbox runs on real time.
    const clock = new Clock();
    if (!options.sandbox) await setClock(db, null);
    let clockReads = 0;
    const reloadClock = async () => {
      const read = ++clockReads;
      const stored = await readClock(db);
      if (read === clockReads) clock.set(stored.frozen ? stored.nowMs : null);
    };
    const clockState = (stored: StoredClock) => {
      clock.set(stored.frozen ? stored.nowMs : null);
      return { now: stored.now, frozen: stored.frozen };
    };
    await reloadClock();
    const limiter = new RateLimiter(
      store,
      scaleLimits({ ...DEFAULT_LIMITS, ...options.limits }, options.rateLimits),
      () => clock.now(),
    );
    if (options.sandbox) await takeSnapshot(db);
    else await dropSnapshot(db);
    const fragments = new FragmentCache();
    const counts = new CountCache();
    /** A write to `table` was announced (by this instance or, through LISTEN, any other). */
    const changed = (table: string) => {
      if (table === SANDBOX_RESET) {
        fragments.clear();
        authenticator.clearCache();
      }
      if (table === SANDBOX_RESET || table === CLOCK_CHANGED) void reloadClock().catch(() => {});
      if (AUTH_NOTIFIED.has(table)) authenticator.clearCache();
      if (!UNCOUNTED_TABLES.has(table)) counts.clear();
    };
    // This instance's writes clear its caches at once and are announced to the others after they
    // commit; on PGlite there are no others.
    const announcer = new Announcer(
      changed,
      db.engine === 'postgres' ? (tables) => notifyChanges(db, tables) : undefined,
      (error) => app.log.error({ err: error }, 'announcing writes to the other instances failed'),
    );
    // Writes through any instance clear the caches here (announced by the writing instance; other
    // writers' by the triggers of 0013 and 0015, on commit; payload: the table). While the LISTEN
    // connection is down nothing cached can be trusted: counts are not cached at all until it is
    // back, when everything is cleared once more.
    stopListening = await db
      .listen(CHANGES_CHANNEL, {
        onNotify: changed,
        onLost: () => {
          counts.ttlMs = COUNT_TTL_MS.disconnected;
          counts.clear();
          authenticator.clearCache();
        },
        onRestored: () => {
          void reloadClock().catch(() => {});
          counts.clear();
          authenticator.clearCache();
          counts.ttlMs = COUNT_TTL_MS.notified;
        },
      })
      .then((stop) => {
        counts.ttlMs = COUNT_TTL_MS.notified;
        return stop;
      });
    Object.assign(services, {
      db,
      counts,
      announcer,
      fragments,
      searches: new SearchQueries(db),
      authenticator,
      limiter,
      clock,
      analyticsPageSize: options.analyticsPageSize ?? LIMITS.analyticsPageSize,
      analyticsReads: new WeightedSlots(ANALYTICS_POINTS_IN_FLIGHT),
    } satisfies Services);
    const fixtures = createFixtures(db, (tables) => announcer.announce(tables), counts);
    /** The organization a sandbox record is created in: the body's (no token needed), else the token's. */
    const organizationOf = async (
      body: { organization_id?: unknown },
      headers: Record<string, string | string[] | undefined>,
    ) => {
      if (typeof body.organization_id === 'number') {
        if (await organizationExists(db, body.organization_id)) return body.organization_id;
        throw invalid(
          { organization_id: [`No organization ${body.organization_id}.`] },
          'Invalid body: organization_id.',
        );
      }
      if (!headers.authorization)
        throw invalid(
          {
            organization_id: ['Required without an Authorization token (the organization to create it in).'],
          },
          'Invalid body: organization_id.',
        );
      return (await authenticator.authenticate(headers)).organizationId;
    };
    // Rate limits a provider state exhausted (until the reset), and the states of the catalogue.
    const exhaustedLimits = new Set<string>();
    const providerStates = createProviderStates({
      db,
      fixtures,
      world,
      setClock: async (at) => clockState(await setClock(db, at)),
      exhaust: (scope) => exhaustedLimits.add(scope),
      issuedTokens: [world.customerToken, ...world.organizations.map((o) => o.token)],
    });
    Object.assign(sandbox, {
      exhaustedLimits,
      setUpProviderState: async (key, params) => {
        const values = await (providerStates[key] as (p: unknown) => Promise<StateValues>)(params);
        // What a state wrote is seen by every cache, as the API's own writes are.
        await announcer.announce(FIXTURE_TABLES);
        fragments.clear();
        counts.clear();
        authenticator.clearCache();
        return values;
      },
      limits: limiter.limits,
      clearRateLimits: () => limiter.reset(),
      seededWorldId: world.customerId,
      demoTokens: { organization: world.organizations[0]?.token ?? '', customer: world.customerToken },
      async createWorld(organizations) {
        const tenant = await fixtures.tenant(organizations);
        return {
          id: tenant.customerId,
          customer_token: tenant.customerToken,
          organizations: tenant.organizations,
        };
      },
      dropWorld: (id) => (Number.isInteger(id) ? fixtures.dropTenant(id) : Promise.resolve(false)),
      clock: {
        read: async () => clockState(await readClock(db)),
        set: async (at) => clockState(await setClock(db, at)),
        async advance(duration) {
          const moved = await advanceClock(db, (now) => {
            const next = addIsoDuration(now, duration);
            return next !== null && next >= CLOCK_RANGE.min && next <= CLOCK_RANGE.max ? next : null;
          });
          return moved && clockState(moved);
        },
      },
      async createRecord(resource, body, headers) {
        const json = await createSandboxRecord(db, resource, await organizationOf(body, headers), body);
        // A message write updates its conversation's row: announced as a write to conversations.
        await announcer.announce([resource === 'messages' ? 'conversations' : resource]);
        return json;
      },
      async createDataPoint(metric, body, headers) {
        return createSandboxDataPoint(db, metric, await organizationOf(body, headers), body);
      },
      async reset() {
        await restoreSnapshot(db);
        await reloadClock();
        // This instance at once; the others on the notification restoreSnapshot sends.
        fragments.clear();
        counts.clear();
        authenticator.clearCache();
        await limiter.reset();
        exhaustedLimits.clear();
      },
    } satisfies SandboxControl);
    await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    startup.listening = mark();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      app,
      db,
      world,
      worldSource,
      startup,
      ...(seeded ? { seeded } : {}),
      fixtures,
      close: () =>
        (closing ??= (async () => {
          await app.close();
          await stopListening?.();
          await limiter.close();
          await db.close();
        })()),
    };
  } catch (error) {
    if (built.status === 'fulfilled') await built.value.close().catch(() => {});
    await stopListening?.().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
};
