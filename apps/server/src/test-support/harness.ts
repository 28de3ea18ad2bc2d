import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@org/model';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import type { RateLimits } from '../core/rate-limit/limiter.js';
import type { Fixtures } from '../sandbox/store/fixtures.js';
import { type RunningServer, type StartOptions, startServer } from '../server.js';
import type { Db } from '../store/engine/db.js';
import {
  POSTGRES_SKIP_REASON,
  type TemporaryDatabase,
  testDatabaseUrl,
} from '../store/engine/temporary-database.js';
import { createMigratedDatabase } from '../store/migrated-database.js';
import type { DemoWorld } from '../store/seed/demo-world.js';
import { Api } from './api.js';
import { type Engine, useStartedServer } from './started-server.js';

export type { Engine };

/**
 * How long a test waits for what another instance or a listener sees eventually (a notification, a
 * dropped cache): it ends as soon as the check holds, so only a failing run waits this long, and a
 * machine the whole test command shares can take seconds to deliver one.
 */
export const EVENTUALLY = { timeout: 30_000, interval: 20 } as const;

/** Limits no test file reaches by accident (the burst default of 50 per 10 s would). */
export const NO_LIMITS: RateLimits = {
  daily: 1_000_000_000,
  burst: { requests: 1_000_000_000, windowSeconds: 10 },
  analyticsPerMinute: 1_000_000_000,
};

type Organization = DemoWorld['organizations'][number];

export interface TestServer {
  server: RunningServer;
  db: Db;
  fx: Fixtures;
  /** The customer's default organization and a second one of the same customer. */
  org: Organization;
  orgB: Organization;
  /** Organization tokens of org and orgB, and the customer token (default organization: org). */
  api: Api;
  apiB: Api;
  customer: Api;
  /** Any request, unauthenticated unless told otherwise. */
  anonymous: Api;
}

export interface TestServerOptions {
  engine?: Engine;
  start?: Omit<StartOptions, 'seed' | 'databaseUrl' | 'dataDir' | 'memory'>;
}

/**
 * One server per test file (opening the database costs seconds): started in beforeAll, closed in
 * afterAll, its records reset before each test. Operators other than the world's are removed too,
 * so every test sees the same tenancy whatever ran before it.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  const t = {} as TestServer;
  const start = { seed: false as const, limits: NO_LIMITS, ...options.start };
  useStartedServer(options.engine ?? 'pglite', start, started, 'http_test');
  function started(server: RunningServer) {
    const [org, orgB] = server.world.organizations;
    Object.assign(t, {
      server,
      db: server.db,
      fx: server.fixtures,
      org: org!,
      orgB: orgB!,
      api: new Api(server.url, { token: org!.token }),
      apiB: new Api(server.url, { token: orgB!.token }),
      customer: new Api(server.url, { token: server.world.customerToken }),
      anonymous: new Api(server.url, { token: null }),
    } satisfies TestServer);
  }
  beforeEach(async () => {
    await t.server.fixtures.reset();
    const worldOperators = t.server.world.organizations.flatMap((o) => Object.values(o.operators));
    await t.fx.keepOnlyOperators(worldOperators);
  });
  return t;
}

/** Runs a suite against PGlite in memory, and against PostgreSQL when TEST_DATABASE_URL is set. */
export function describeEngines(title: string, suite: (t: TestServer, engine: Engine) => void) {
  describe(`${title} [PGlite]`, () => suite(useTestServer(), 'pglite'));
  describe.skipIf(!testDatabaseUrl)(
    `${title} [PostgreSQL]${testDatabaseUrl ? '' : ` (${POSTGRES_SKIP_REASON})`}`,
    () => suite(useTestServer({ engine: 'postgres' }), 'postgres'),
  );
}

export interface Tenant {
  customerId: number;
  customer: Api;
  organizations: Array<{ id: number; api: Api; operators: Record<OperatorRole, number> }>;
}

/**
 * A fresh customer with organizations, tokens, a widget and an operator of each role: counters
 * (rate limits) and records of its own, whatever other tests did.
 */
export async function newTenant(t: TestServer, organizations = 2): Promise<Tenant> {
  const tenant = await t.fx.tenant(organizations);
  return {
    customerId: tenant.customerId,
    customer: new Api(t.server.url, { token: tenant.customerToken }),
    organizations: tenant.organizations.map(({ id, token, operators }) => ({
      id,
      api: new Api(t.server.url, { token }),
      operators,
    })),
  };
}

/** n records made one after another (ids and creation times ascending): oldest first. */
export async function madeInTurn<T>(n: number, make: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await make());
  return out;
}

/** Sets columns of a row directly (test setup for states the API cannot write, e.g. timestamps). */
export function setColumns(
  t: Pick<TestServer, 'fx'>,
  table: string,
  id: number,
  columns: Record<string, unknown>,
) {
  return t.fx.setColumns(table, id, columns);
}

/**
 * `count` servers sharing a store (one PostgreSQL database, one Redis key prefix): `prepare` runs
 * in beforeAll and gives their common start options; afterAll closes them, then runs `cleanup`.
 */
export function useServers(
  count: number,
  prepare: () => Promise<StartOptions> | StartOptions,
  cleanup?: () => Promise<void>,
): RunningServer[] {
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    const options = await prepare();
    for (let i = 0; i < count; i++) servers.push(await startServer({ seed: false, ...options }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await cleanup?.();
  });
  return servers;
}

/**
 * `count` servers without rate limits on a temporary PostgreSQL database of the test file's own
 * (`name`), dropped after them; `cleanup` runs between. `database()` is that database once started.
 */
export function useServersOnTemporaryDatabase(count: number, name: string, cleanup?: () => Promise<void>) {
  let database: TemporaryDatabase | undefined;
  const servers = useServers(
    count,
    async () => {
      database = await createMigratedDatabase(testDatabaseUrl!, name);
      return { limits: NO_LIMITS, databaseUrl: database.url };
    },
    async () => {
      await cleanup?.();
      await database?.drop();
    },
  );
  return { servers, database: () => database! };
}

/** A Redis key prefix of its own for a test file: a look at its keys, and their removal (nothing else). */
export function redisPrefix(redisUrl: string, name: string) {
  const prefix = `test:rl:${name}:${Date.now().toString(36)}:${randomBytes(4).toString('hex')}:`;
  const inspect = async <T>(look: (redis: Redis, keys: string[]) => Promise<T>): Promise<T> => {
    const redis = new Redis(redisUrl);
    try {
      return await look(redis, await redis.keys(`${prefix}*`));
    } finally {
      redis.disconnect();
    }
  };
  const removeKeys = () =>
    inspect(async (redis, keys) => {
      if (keys.length) await redis.del(...keys);
    });
  return { prefix, inspect, removeKeys };
}
