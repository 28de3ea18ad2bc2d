import type { IncomingHttpHeaders } from 'node:http';
import type { AnalyticsMetric, ProviderStateKey } from '@org/model';
import type { z } from 'zod';
import { invalid } from '../core/api-error.js';
import type { Authenticator } from '../core/auth/authenticate.js';
import { addIsoDuration, CLOCK_RANGE, type Clock } from '../core/clock.js';
import type { JsonText } from '../core/json.js';
import type { RateLimits } from '../core/rate-limit/limiter.js';
import type { Services } from '../handlers/services.js';
import type { Db } from '../store/engine/db.js';
import type { DemoWorld } from '../store/seed/demo-world.js';
import { restoreSnapshot } from '../store/snapshot/snapshot.js';
import type { SandboxRecordResource } from './api/record-inputs.js';
import type { SandboxDataPoint, SandboxRecord } from './api/records.js';
import type { ClockSchema, SandboxWorld } from './api/schemas.js';
import { createProviderStates, type ProviderStateDeps, type StateValues } from './provider-states.js';
import { advanceClock, followStoredClock, readClock, type StoredClock, setClock } from './store/clock.js';
import { FIXTURE_TABLES, type Fixtures } from './store/fixtures.js';
import { createSandboxDataPoint, createSandboxRecord, organizationExists } from './store/records.js';

type ClockState = z.infer<typeof ClockSchema>;

/**
 * What the control API acts on, built over the store and the caches of one start (buildSandboxControl
 * below); the composition root (server.ts) gives it to the control API's handlers (sandbox/http).
 */
export interface SandboxControl {
  /** Back to the seeded world (records, ids, counters, every cache), so the next test starts from it. */
  reset(): Promise<void>;
  /** Forgets the rate-limit counters. */
  clearRateLimits(): Promise<void>;
  /** The limits in force (the headers of a preferred error carry them). */
  limits: RateLimits;
  /** A world of its own inside the running server: a customer with organizations, tokens, operators. */
  createWorld(organizations: number): Promise<SandboxWorld>;
  /** Drops a world createWorld made; false when there is none with that id. */
  dropWorld(id: number): Promise<boolean>;
  /** The seeded world's customer (never dropped: a reset restores it). */
  seededWorldId: number;
  /** The seeded world's raw tokens, which the docs site's try-it console prefills. */
  demoTokens: { organization: string; customer: string };
  /** The server's clock, kept in the database so that every instance on it reads the same moment. */
  clock: {
    read(): Promise<ClockState>;
    /** A moment (ISO 8601), or null for real time. */
    set(at: string | null): Promise<ClockState>;
    /** Moves it by an ISO 8601 duration; null when that is not one (or leaves the range of dates). */
    advance(duration: string): Promise<ClockState | null>;
  };
  /**
   * Creates a record of any table in `organization_id`, or else the organization of the request's
   * token (401 for an unknown token); JSON text as the API renders the record.
   */
  createRecord(
    resource: SandboxRecordResource,
    body: Record<string, unknown>,
    headers: IncomingHttpHeaders,
  ): Promise<JsonText<SandboxRecord>>;
  createDataPoint(
    metric: AnalyticsMetric,
    body: Record<string, unknown>,
    headers: IncomingHttpHeaders,
  ): Promise<JsonText<SandboxDataPoint>>;
  /** Sets a provider state of the catalogue up with validated parameters; the values it returns. */
  setUpProviderState(key: ProviderStateKey, params: unknown): Promise<Record<string, string | number>>;
  /**
   * Rate limits a provider state exhausted until the reset: `*` (every group), a group, or
   * `metric:<canonical metric>`; their requests answer 429.
   */
  exhaustedLimits: ReadonlySet<string>;
}

/**
 * The sandbox's clock: set, moved and read in the database, which every instance shares; this
 * instance's clock follows each answer at once (the others on the change notification).
 */
function clockControl(db: Db, clock: Clock): SandboxControl['clock'] {
  const followed = (stored: StoredClock) => {
    followStoredClock(clock, stored);
    return { now: stored.now, frozen: stored.frozen };
  };
  return {
    read: async () => followed(await readClock(db)),
    set: async (at) => followed(await setClock(db, at)),
    async advance(duration) {
      const moved = await advanceClock(db, (now) => {
        const next = addIsoDuration(now, duration);
        return next !== null && next >= CLOCK_RANGE.min && next <= CLOCK_RANGE.max ? next : null;
      });
      return moved && followed(moved);
    },
  };
}

/** The organization a sandbox record is created in: the body's (no token needed), else the token's. */
async function organizationOf(
  db: Db,
  authenticator: Authenticator,
  body: { organization_id?: unknown },
  headers: Record<string, string | string[] | undefined>,
): Promise<number> {
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
}

/** Every cache of this instance forgets what it holds. */
function clearCaches({ fragments, counts, authenticator }: Services): void {
  fragments.clear();
  counts.clear();
  authenticator.clearCache();
}

/**
 * Sets a provider state of the catalogue up. What it wrote is seen by every cache, as the API's own
 * writes are.
 */
function providerStateSetUp(
  deps: ProviderStateDeps,
  services: Services,
): SandboxControl['setUpProviderState'] {
  const providerStates = createProviderStates(deps);
  return async (key, params) => {
    const values = await (providerStates[key] as (p: unknown) => Promise<StateValues>)(params);
    await services.announcer.announce(FIXTURE_TABLES);
    clearCaches(services);
    return values;
  };
}

/**
 * The /_sandbox/ control API's side in the store: resets to the seeded world, provider states,
 * worlds of their own, records made to order and the shared clock. Built on every start (it is only
 * closures over what the start made); only a start with the sandbox gives it to the app's routes.
 */
export function buildSandboxControl(
  services: Services,
  world: DemoWorld,
  fixtures: Fixtures,
  reloadClock: () => Promise<void>,
): SandboxControl {
  const { db, announcer, authenticator, limiter } = services;
  const clock = clockControl(db, services.clock);
  // Rate limits a provider state exhausted (until the reset), and the states of the catalogue.
  const exhaustedLimits = new Set<string>();
  const setUpProviderState = providerStateSetUp(
    {
      db,
      fixtures,
      world,
      setClock: clock.set,
      exhaust: (scope) => exhaustedLimits.add(scope),
      issuedTokens: [world.customerToken, ...world.organizations.map((o) => o.token)],
    },
    services,
  );
  return {
    exhaustedLimits,
    setUpProviderState,
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
    clock,
    async createRecord(resource, body, headers) {
      const organization = await organizationOf(db, authenticator, body, headers);
      const json = await createSandboxRecord(db, resource, organization, body);
      // A message write updates its conversation's row: announced as a write to conversations.
      await announcer.announce([resource === 'messages' ? 'conversations' : resource]);
      return json;
    },
    async createDataPoint(metric, body, headers) {
      return createSandboxDataPoint(db, metric, await organizationOf(db, authenticator, body, headers), body);
    },
    async reset() {
      await restoreSnapshot(db);
      await reloadClock();
      // This instance at once; the others on the notification restoreSnapshot sends.
      clearCaches(services);
      await limiter.reset();
      exhaustedLimits.clear();
    },
  };
}
