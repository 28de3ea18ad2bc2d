import type { WorldOptions } from '@org/demo-world';
import type { OperatorRole } from '@org/model';
import { hashToken } from '../../core/auth/tokens.js';
import type { Db } from '../engine/db.js';
import { syncIdSequences } from '../engine/reset-db.js';
import { ensureStatistics } from '../engine/statistics.js';
import { keepInSnapshot } from '../snapshot/snapshot.js';

/** What a client of the reference server needs: ids and raw tokens of the demo world. */
export interface DemoWorld {
  customerId: number;
  customerToken: string;
  organizations: Array<{
    id: number;
    name: string;
    token: string;
    operators: Record<OperatorRole, number> & { bot?: number };
  }>;
}

/** What a seed wrote and how long it took (the seed only, not opening or migrating the database). */
export interface SeedingFigures {
  records: number;
  seconds: number;
  /** CPU seconds of this process meanwhile (on PGlite the database's work too; wall time depends on the machine's load). */
  cpuSeconds: number;
}

/** Options of the demo world generator (world/options.ts), plus a size preset. */
export interface SeedOptions extends Omit<WorldOptions, 'tokens'> {
  /**
   * tiny: a few records per organization (tests); small: dozens; demo: the default world; large:
   * one organization with 100,000 contacts, 100,000 conversations and 1.1M messages (PostgreSQL
   * only: LARGE_WORLD_NEEDS_POSTGRES).
   */
  size?: 'tiny' | 'small' | 'demo' | 'large';
}

/** Size presets of the demo world; explicit WorldOptions win over them. */
export const WORLD_SIZES = {
  tiny: { organizations: 2, contactsPerOrg: 8, conversationsPerOrg: 12, messagesPerConversation: 4, days: 7 },
  small: {
    organizations: 3,
    contactsPerOrg: 40,
    conversationsPerOrg: 60,
    messagesPerConversation: 6,
    days: 30,
  },
  demo: {},
  // One organization, so its lists and searches see all 100,000 conversations (issue #26); the
  // analytics points follow from the activity (~32 per conversation), as in every size.
  large: {
    organizations: 1,
    contactsPerOrg: 100_000,
    conversationsPerOrg: 100_000,
    messagesPerConversation: 11,
    days: 90,
  },
} as const satisfies Record<NonNullable<SeedOptions['size']>, WorldOptions>;

/**
 * Why PGlite refuses the large world: its ~5M records would be generated into, and then held by, a
 * database inside the server's own process, far above the memory it is meant to keep (300 MB).
 */
export const LARGE_WORLD_NEEDS_POSTGRES =
  'the large world (about 5 million records) is served on PostgreSQL only (--database-url): PGlite keeps its database inside the server process, which would hold far more than 300 MB';

/** Seeds the demo world (apps/server/src/world) with the given raw tokens. */
export async function seedDemoWorld(
  db: Db,
  { size = 'demo', ...options }: SeedOptions,
  tokens: { organization: string; customer: string },
): Promise<SeedingFigures> {
  const world: WorldOptions = { ...WORLD_SIZES[size], ...options };
  const organizations = world.organizations ?? 3;
  // The generator (and faker) load only when a world is seeded: a start on a prebuilt or existing
  // world never needs them.
  const { seedWorld } = await import('./seed-world.js');
  const cpuBefore = process.cpuUsage();
  const summary = await seedWorld(db, {
    ...world,
    tokens: {
      customer: tokens.customer,
      organizations: Array.from({ length: organizations }, (_, i) => orgToken(tokens.organization, i)),
    },
  });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    records: summary.totalRecords,
    seconds: summary.seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/**
 * The present of a world generated now: the start of the current minute (UTC), so nothing lies
 * after the server's clock and recent filters show data.
 */
export function currentMinute() {
  return `${new Date().toISOString().slice(0, 16)}:00.000000Z`;
}

/** Default raw tokens; a harness passes its own. Demo data only: never use these in production. */
export const DEFAULT_TOKENS = { customer: 'demo-customer-token', organization: 'demo-org-token' } as const;

/** The raw token of the organization at `index`: the base, then base-2, base-3 ... */
export function orgToken(base: string, index: number) {
  return index === 0 ? base : `${base}-${index + 1}`;
}

/**
 * Creates the tenancy every request needs (customer, organizations, tokens, a widget, operators of
 * each role and a bot) when the database has none. Records beyond that come from the demo world
 * generator or from fixtures.
 */
const createTenancy = async (db: Db, tokens: { organization: string; customer: string }, organizations = 2) =>
  db.transaction(async (tx) => {
    await tx.query(`INSERT INTO customers (id, name) VALUES (1, 'Demo Customer')`);
    for (let i = 0; i < organizations; i++) {
      const org = i + 1;
      await tx.query('INSERT INTO organizations (id, customer_id, name, is_default) VALUES ($1, 1, $2, $3)', [
        org,
        `Demo Organization ${org}`,
        i === 0,
      ]);
      await tx.query(
        `INSERT INTO api_tokens (organization_id, customer_id, kind, token_sha256, label) VALUES ($1, 1, 'organization', $2, 'demo')`,
        [org, hashToken(orgToken(tokens.organization, i))],
      );
      await tx.query(
        `INSERT INTO um_widgets (organization_id, name, language_name) VALUES ($1, 'Website', 'English')`,
        [org],
      );
      await tx.query(`INSERT INTO operator_groups (organization_id, name) VALUES ($1, 'Support')`, [org]);
      const roles: Array<[OperatorRole, boolean, string]> = [
        ['admin', false, 'Ada Admin'],
        ['operator', false, 'Otto Operator'],
        ['restricted', false, 'Rita Restricted'],
        ['operator', true, 'Botty'],
      ];
      for (const [role, isBot, name] of roles)
        await tx.query(
          `INSERT INTO operators (organization_id, name, display_name, email, role, is_bot, status, total_slots)
           VALUES ($1, $2, $3, $4, $5, $6, 'online', 5)`,
          [
            org,
            name,
            name.split(' ')[0],
            `${name.split(' ')[0]!.toLowerCase()}.${org}@example.com`,
            role,
            isBot,
          ],
        );
    }
    await tx.query(
      `INSERT INTO api_tokens (organization_id, customer_id, kind, token_sha256, label) VALUES (1, 1, 'customer', $1, 'demo')`,
      [hashToken(tokens.customer)],
    );
    await syncIdSequences(tx);
  });

/** Reads the world's ids back (a second start reuses the data; tokens are known, never read back). */
export async function describeWorld(
  db: Db,
  tokens: { organization: string; customer: string },
): Promise<DemoWorld> {
  const customer = (await db.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 1'))[0]!;
  const orgs = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM organizations WHERE customer_id = $1 ORDER BY id',
    [customer.id],
  );
  const operators = await db.query<{
    id: number;
    organization_id: number;
    role: OperatorRole;
    is_bot: boolean;
  }>('SELECT id, organization_id, role, is_bot FROM operators ORDER BY id');
  return {
    customerId: customer.id,
    customerToken: tokens.customer,
    organizations: orgs.map((org, i) => {
      const mine = operators.filter((o) => o.organization_id === org.id);
      const humanOf = (role: OperatorRole) => mine.find((o) => o.role === role && !o.is_bot)?.id ?? 0;
      const bot = mine.find((o) => o.is_bot)?.id;
      return {
        id: org.id,
        name: org.name,
        token: orgToken(tokens.organization, i),
        operators: {
          admin: humanOf('admin'),
          operator: humanOf('operator'),
          restricted: humanOf('restricted'),
          ...(bot ? { bot } : {}),
        },
      };
    }),
  };
}

/** A start that seeded fewer records leaves the planner statistics to later starts. */
const STATISTICS_FROM_RECORDS = 5_000;

/** Advisory lock key of seeding (migrations hold another, store/migrate.ts). */
const SEED_LOCK_KEY = 72_010_004;

/** The options a world was seeded with, as far as a later start can ask for them. */
export interface WorldIdentity {
  seed?: number;
  size?: NonNullable<SeedOptions['size']>;
}

/**
 * Stops a start whose seed or size differ from the world the database already holds: applying them
 * would mean regenerating the world and dropping the data it keeps.
 */
export class WorldMismatchError extends Error {}

// Kept as the customers table's comment: no migration, and it lives and dies with the data.
const IDENTITY_PREFIX = 'demo world ';

const recordIdentity = async (db: Db, identity: WorldIdentity) =>
  db.exec(
    `COMMENT ON TABLE customers IS '${IDENTITY_PREFIX}${JSON.stringify(identity).replaceAll("'", "''")}'`,
  );

const readIdentity = async (db: Db): Promise<WorldIdentity | undefined> => {
  const [row] = await db.query<{ comment: string | null }>(
    `SELECT obj_description('customers'::regclass, 'pg_class') AS comment`,
  );
  const comment = row?.comment ?? '';
  return comment.startsWith(IDENTITY_PREFIX) ? JSON.parse(comment.slice(IDENTITY_PREFIX.length)) : undefined;
};

/**
 * Makes the raw tokens this start prints valid on an existing database: each organization's
 * token (base, base-2 ...) and the customer token are stored when their hash is not there yet.
 * Earlier tokens keep working; a token that already belongs elsewhere stops the start.
 */
const ensureTokens = async (db: Db, tokens: { organization: string; customer: string }) => {
  const orgs = await db.query<{ id: number; customer_id: number; is_default: boolean }>(
    'SELECT id, customer_id, is_default FROM organizations WHERE customer_id = (SELECT min(id) FROM customers) ORDER BY id',
  );
  const wanted = orgs.map((org, i) => ({
    raw: orgToken(tokens.organization, i),
    kind: 'organization',
    org,
  }));
  const home = orgs.find((org) => org.is_default) ?? orgs[0];
  if (home) wanted.push({ raw: tokens.customer, kind: 'customer', org: home });
  let added = false;
  for (const { raw, kind, org } of wanted) {
    const hash = hashToken(raw);
    const [held] = await db.query<{ organization_id: number; kind: string }>(
      'SELECT organization_id, kind FROM api_tokens WHERE token_sha256 = $1',
      [hash],
    );
    if (!held) {
      await db.query(
        `INSERT INTO api_tokens (organization_id, customer_id, kind, token_sha256, label) VALUES ($1, $2, $3, $4, 'start option')`,
        [org.id, org.customer_id, kind, hash],
      );
      added = true;
    } else if (held.kind !== kind || (kind === 'organization' && held.organization_id !== org.id))
      throw new WorldMismatchError(
        `the token "${raw}" already belongs to another ${held.kind === 'customer' ? 'customer token' : `organization (${held.organization_id})`}: choose another`,
      );
  }
  // A world loaded with its sandbox snapshot (prebuilt) keeps the tokens through a reset.
  if (added) await keepInSnapshot(db, 'api_tokens');
};

/**
 * Seeds on first start (tenancy only when seed is false); returns the world either way. On a
 * database that already holds a world, `expect` (the seed and size a caller asked for explicitly)
 * must match the world's, and the given tokens are made valid, so the tokens a start prints work.
 */
export async function ensureDemoWorld(
  db: Db,
  seed: false | SeedOptions,
  tokenOptions: { organization?: string; customer?: string },
  expect: WorldIdentity = {},
  /** Called when the world is about to be generated (not when the database holds one). */
  onSeeding?: () => void,
  /** Told what this start's seed wrote; undefined when the database held a world already. */
  onSeeded?: (figures: SeedingFigures | undefined) => void,
): Promise<DemoWorld> {
  const tokens = {
    organization: tokenOptions.organization ?? DEFAULT_TOKENS.organization,
    customer: tokenOptions.customer ?? DEFAULT_TOKENS.customer,
  };
  const empty = async (q: Db) => !(await q.query('SELECT 1 FROM customers LIMIT 1')).length;
  // Instances starting together on an empty database: one seeds under the lock, the others wait
  // and then find the world (checked again once the lock is held). The seed is one transaction,
  // so a crash leaves the database empty, never half a world.
  let seededNow = false;
  let seeded: SeedingFigures | undefined;
  if (await empty(db))
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      if (!(await empty(tx))) return;
      seededNow = true;
      if (seed === false) await createTenancy(tx, tokens);
      else {
        onSeeding?.();
        seeded = await seedDemoWorld(tx, seed, tokens);
        const { DEFAULT_WORLD_OPTIONS } = await import('@org/demo-world');
        await recordIdentity(tx, {
          seed: seed.seed ?? DEFAULT_WORLD_OPTIONS.seed,
          size: seed.size ?? 'demo',
        });
      }
    });
  if (!seededNow) {
    const asked = Object.entries(expect).filter(([, value]) => value !== undefined);
    if (asked.length) {
      const held = (await readIdentity(db)) ?? {};
      const differs = asked.filter(([key, value]) => held[key as keyof WorldIdentity] !== value);
      if (differs.length)
        throw new WorldMismatchError(
          `the database already holds a demo world (${held.seed === undefined ? 'seed and size unknown' : `seed ${held.seed}, size ${held.size}`}); ${differs.map(([key, value]) => `--${key} ${value}`).join(' and ')} would need a new one: use a fresh --data-dir or --memory, or leave the option out to reuse this world`,
        );
    }
    await ensureTokens(db, tokens);
  }
  // A test's small world is planned well enough without; VACUUM costs ~200 ms of CPU on PGlite.
  if (!seeded || seeded.records >= STATISTICS_FROM_RECORDS) await ensureStatistics(db);
  const world = await describeWorld(db, tokens);
  onSeeded?.(seeded);
  return world;
}
