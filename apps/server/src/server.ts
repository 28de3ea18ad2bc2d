import { LIMITS } from '@org/model';
import type { FastifyInstance } from 'fastify';
import { Authenticator } from './core/auth/authenticate.js';
import { COUNT_TTL_MS, CountCache } from './core/count-cache.js';
import { parsePublicUrl } from './core/links.js';
import { MemoryCounterStore } from './core/rate-limit/counter-store.js';
import { DEFAULT_LIMITS, RateLimiter, type RateLimits } from './core/rate-limit/limiter.js';
import type { Services } from './handlers/services.js';
import { buildApp } from './http/app.js';
import type { SandboxControl } from './http/sandbox.js';
import { DbAuthDirectory } from './store/auth-directory.js';
import {
  type DemoWorld,
  ensureDemoWorld,
  type SeedingFigures,
  type SeedOptions,
  type WorldIdentity,
} from './store/demo-world.js';
import type { Db } from './store/engine/db.js';
import { openDb } from './store/engine/open-db.js';
import { createFixtures, type Fixtures } from './store/fixtures.js';
import { FragmentCache } from './store/fragments.js';
import { migrate } from './store/migrate.js';
import { RedisCounterStore } from './store/redis-counter-store.js';
import { dropSnapshot, restoreSnapshot, SANDBOX_RESET, takeSnapshot } from './store/sandbox-snapshot.js';
import { CHANGES_CHANNEL } from './store/schema.js';
import { SearchQueries } from './store/search-queries.js';

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

/** Tables whose change notifications concern the Authenticator's caches. */
const AUTH_TABLES = new Set(['api_tokens', 'organizations', 'operators']);
/** Notified tables that carry no count; any other notification (counted tables) clears the counts. */
const UNCOUNTED_TABLES = new Set(['api_tokens', 'organizations']);

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
  /** Seed and size asked for explicitly: on a database that holds another world, the start stops (D22). */
  expectWorld?: WorldIdentity;
  /** Raw tokens for the demo world (a test harness chooses its own); stored if new (D22). */
  tokens?: { organization?: string; customer?: string };
  limits?: Partial<RateLimits>;
  /** Data points per analytics response before `next` (D14); default 10,000. */
  analyticsPageSize?: number;
  /** The built docs site served at /docs/ (see AppOptions). */
  docsDir?: string;
  /** Structured request logs (see AppOptions). */
  logger?: boolean | 'stderr';
  /**
   * The sandbox for test suites (D23): /_sandbox/ control API (reset to the seeded world, rate-limit
   * counters, request journal) and `Prefer` (code, delay, fault) on every request.
   */
  sandbox?: boolean;
  /** 'off': no rate limits; a number scales every limit (2 doubles them). Default: the limits of D2. */
  rateLimits?: 'off' | number;
  /**
   * D29: the public URL page links are built from (e.g. https://api.example.com behind a proxy);
   * without it, links use the request's Host header, which must then be a valid host.
   */
  publicUrl?: string;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  app: FastifyInstance;
  db: Db;
  world: DemoWorld;
  /** On the start that seeded the world: records written and the seed's own seconds. */
  seeded?: SeedingFigures;
  fixtures: Fixtures;
  /** Stops accepting requests, lets in-flight ones finish, closes the database and Redis. */
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds on first start and listens: the whole reference server. */
export const startServer = async (options: StartOptions = {}): Promise<RunningServer> => {
  const db = await openDb({
    ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    memory: options.memory ?? (!options.dataDir && !options.databaseUrl),
  });
  let stopListening: (() => Promise<void>) | undefined;
  try {
    await migrate(db);
    let seeded: SeedingFigures | undefined;
    const world = await ensureDemoWorld(
      db,
      options.seed ?? {},
      options.tokens ?? {},
      options.expectWorld,
      (figures) => {
        seeded = figures;
      },
    );
    const authenticator = new Authenticator(new DbAuthDirectory(db));
    const redis = options.redisUrl
      ? new RedisCounterStore(options.redisUrl, options.redisKeyPrefix)
      : undefined;
    // Shared counters from the first request on, unless Redis is down (D25: then per instance).
    await redis?.ready();
    const store = redis ?? new MemoryCounterStore();
    const limiter = new RateLimiter(
      store,
      scaleLimits({ ...DEFAULT_LIMITS, ...options.limits }, options.rateLimits),
    );
    if (options.sandbox) await takeSnapshot(db);
    else await dropSnapshot(db);
    const fragments = new FragmentCache();
    const counts = new CountCache();
    // Writes through any instance clear the caches here (migrations 0013 and 0015 notify on commit,
    // payload: the table). While the LISTEN connection is down nothing cached can be trusted: counts
    // are not cached at all until it is back, when everything is cleared once more.
    stopListening = await db
      .listen(CHANGES_CHANNEL, {
        onNotify: (table) => {
          if (table === SANDBOX_RESET) {
            fragments.clear();
            authenticator.clearCache();
          }
          if (AUTH_TABLES.has(table)) authenticator.clearCache();
          if (!UNCOUNTED_TABLES.has(table)) counts.clear();
        },
        onLost: () => {
          counts.ttlMs = COUNT_TTL_MS.disconnected;
          counts.clear();
          authenticator.clearCache();
        },
        onRestored: () => {
          counts.clear();
          authenticator.clearCache();
          counts.ttlMs = COUNT_TTL_MS.notified;
        },
      })
      .then((stop) => {
        counts.ttlMs = COUNT_TTL_MS.notified;
        return stop;
      });
    const services: Services = {
      db,
      counts,
      fragments,
      searches: new SearchQueries(db),
      authenticator,
      limiter,
      analyticsPageSize: options.analyticsPageSize ?? LIMITS.analyticsPageSize,
    };
    const fixtures = createFixtures(db, authenticator, counts);
    const sandbox: SandboxControl = {
      limits: limiter.limits,
      clearRateLimits: () => limiter.reset(),
      seededWorldId: world.customerId,
      async createWorld(organizations) {
        const tenant = await fixtures.tenant(organizations);
        return {
          id: tenant.customerId,
          customer_token: tenant.customerToken,
          organizations: tenant.organizations,
        };
      },
      dropWorld: (id) => (Number.isInteger(id) ? fixtures.dropTenant(id) : Promise.resolve(false)),
      async reset() {
        await restoreSnapshot(db);
        // This instance at once; the others on the notification restoreSnapshot sends.
        fragments.clear();
        counts.clear();
        authenticator.clearCache();
        await limiter.reset();
      },
    };
    const app = await buildApp(services, {
      logger: options.logger ?? false,
      ...(options.sandbox ? { sandbox } : {}),
      ...(options.docsDir ? { docsDir: options.docsDir } : {}),
      ...(options.publicUrl ? { publicUrl: parsePublicUrl(options.publicUrl) } : {}),
    });
    await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      app,
      db,
      world,
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
    await stopListening?.().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
};
