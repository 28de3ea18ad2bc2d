import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BENCH_DATA_DIR } from '../common/paths.js';

export type Engine = 'postgres' | 'pglite';

/** The world generator's options (apps/server/src/world/options.ts) the bench sets; JSON only. */
export interface BenchWorldOptions {
  /**
   * A size preset of the server (`--size`): the world is seeded as that size (seed and now from
   * here), the counts below only describe it for the report and --world-scale.
   */
  size?: 'demo' | 'large';
  seed: number;
  organizations: number;
  contactsPerOrg: number;
  conversationsPerOrg: number;
  messagesPerConversation: number;
  days: number;
  now: string;
}

/** Raw tokens of the bench world (stored hashed by the server; the same on every run). */
export const BENCH_TOKENS = { organization: 'bench-org-token', customer: 'bench-customer-token' } as const;

/** Raised so a load test measures the server, not its 429s. */
export const BENCH_LIMITS = {
  daily: 1e9,
  burst: { requests: 1e9, windowSeconds: 10 },
  analyticsPerMinute: 1e9,
} as const;

/** The world's present and span: a 93-day analytics query covers all of it. */
const TIME = { days: 90, now: '2025-06-30T12:00:00.000000Z' } as const;

/**
 * PostgreSQL: the server's large world (`--size large`, issue #26): one organization with 100k
 * contacts and 100k conversations (so a search and a list see all of them) and ~1M messages; the
 * generator derives ~32 analytics data points per conversation from that activity, so the
 * analytics table holds ~3M, not 1M.
 */
export const POSTGRES_WORLD: BenchWorldOptions = {
  size: 'large',
  seed: 1,
  organizations: 1,
  contactsPerOrg: 100_000,
  conversationsPerOrg: 100_000,
  messagesPerConversation: 11,
  ...TIME,
};

/**
 * PGlite (WebAssembly, one connection, inside the server process) gets a world 1/50 of that size:
 * at 10k conversations its searches and lists take seconds under 16 clients, and seeding and
 * capturing alone would use a third of the suite's 15 minutes.
 */
export const PGLITE_WORLD: BenchWorldOptions = {
  ...withoutSize(POSTGRES_WORLD),
  contactsPerOrg: 2_000,
  conversationsPerOrg: 2_000,
};

/**
 * The demo size (the CLI's default world: 3 organizations of 150 contacts and 250 conversations,
 * 60 days), at the same present: issue #26 sets its rows beside the large world's.
 */
export const DEMO_WORLD: BenchWorldOptions = {
  size: 'demo',
  seed: 1,
  organizations: 3,
  contactsPerOrg: 150,
  conversationsPerOrg: 250,
  messagesPerConversation: 8,
  days: 60,
  now: TIME.now,
};

/** The world's options as options of its own (a scaled world is no preset). */
export function withoutSize({ size: _size, ...options }: BenchWorldOptions): BenchWorldOptions {
  return options;
}

/** What the server is asked to seed: a preset by its name, else the options themselves. */
export function seedOptionsOf(world: BenchWorldOptions) {
  return world.size ? { size: world.size, seed: world.seed, now: world.now } : { ...world };
}

/** Bumped when the bench changes what it seeds in a way the options do not show. */
const WORLD_FORMAT = 1;

/** Short stable hash of the world's options (and tokens): names the database / data directory. */
export function worldHash(options: BenchWorldOptions): string {
  return createHash('sha256')
    .update(stableJson({ format: WORLD_FORMAT, tokens: BENCH_TOKENS, options }))
    .digest('hex')
    .slice(0, 12);
}

/** JSON with object keys sorted at every level: the same options always give the same text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What seeding cost, stored next to the world so a later run that reuses it can still report it. */
export interface SeedRecord {
  complete: true;
  seededAt: string;
  hash: string;
  options: BenchWorldOptions;
  records: number;
  counts: Record<string, number>;
  /**
   * The seed itself: generating and writing the world in its transaction (the server reports it).
   * Records of earlier runs hold startServer() on the empty database here.
   */
  seconds: number;
  /** startServer() on the empty database: create and open it, migrate, seed, listen. */
  firstStartSeconds?: number;
  /** CPU seconds of the server process during the seed (PGlite: the database's work included). */
  cpuSeconds?: number;
  recordsPerSecond: number;
  /** Peak RSS of the seeding process. */
  peakRss: number;
  machine: { cores: number; memoryBytes: number; node: string };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: database um_bench_<hash>, created once; its COMMENT holds the SeedRecord.

export function postgresDatabaseName(options: BenchWorldOptions): string {
  return `um_bench_${worldHash(options)}`;
}

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const withAdmin = async <T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function postgresVersion(adminUrl: string) {
  return withAdmin(
    adminUrl,
    async (c) => (await c.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]!.v,
  );
}

/** The SeedRecord of an existing, completely seeded database; undefined when it must be (re)seeded. */
export function readPostgresSeed(adminUrl: string, database: string) {
  return withAdmin(adminUrl, async (c) => {
    const { rows } = await c.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [database],
    );
    if (!rows.length) return { exists: false as const };
    try {
      const record = JSON.parse(rows[0]!.comment ?? '') as SeedRecord;
      return { exists: true as const, record: record.complete ? record : undefined };
    } catch {
      return { exists: true as const, record: undefined };
    }
  });
}

/** Drops (when present) and creates the database, empty. */
export function recreatePostgresDatabase(adminUrl: string, database: string) {
  return withAdmin(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${quoteIdent(database)}`);
  });
}

export function writePostgresSeed(adminUrl: string, database: string, record: SeedRecord) {
  return withAdmin(adminUrl, async (c) => {
    const literal = `'${JSON.stringify(record).replace(/'/g, "''")}'`;
    await c.query(`COMMENT ON DATABASE ${quoteIdent(database)} IS ${literal}`);
  });
}

/** Lets PostgreSQL plan with fresh statistics after a bulk load. */
export async function analyzePostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * VACUUM of the tables holding dead rows, before each run of a write scenario: as pgbench does,
 * since a server with autovacuum off (as on the bench machine) would otherwise give each run the
 * dead row versions of the runs before it, and the last run would measure them.
 */
export async function vacuumDeadRows(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables WHERE n_dead_tup > 0`,
    );
    for (const { name } of rows) await client.query(`VACUUM ${name}`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite: data directory apps/bench/.data/pglite-<hash>, and <dir>.seed.json beside it.

export function pgliteDataDir(options: BenchWorldOptions): string {
  return path.join(BENCH_DATA_DIR, `pglite-${worldHash(options)}`);
}

export function readPgliteSeed(dataDir: string): SeedRecord | undefined {
  const file = `${dataDir}.seed.json`;
  if (!existsSync(file) || !existsSync(dataDir)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as SeedRecord;
    return record.complete ? record : undefined;
  } catch {
    return undefined;
  }
}

export function resetPgliteDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.seed.json`, { force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
}

export function writePgliteSeed(dataDir: string, record: SeedRecord): void {
  writeFileSync(`${dataDir}.seed.json`, `${JSON.stringify(record, null, 2)}\n`);
}
