import { invalid } from './core/api-error.js';
import type { Authenticator } from './core/auth/authenticate.js';
import { addIsoDuration, CLOCK_RANGE, type Clock } from './core/clock.js';
import type { Services } from './handlers/services.js';
import type { SandboxControl } from './http/sandbox.js';
import { createProviderStates, type ProviderStateDeps, type StateValues } from './provider-states.js';
import { followStoredClock } from './start-clock.js';
import type { Db } from './store/engine/db.js';
import { advanceClock, readClock, type StoredClock, setClock } from './store/sandbox/clock.js';
import { FIXTURE_TABLES, type Fixtures } from './store/sandbox/fixtures.js';
import { createSandboxDataPoint, createSandboxRecord, organizationExists } from './store/sandbox/records.js';
import { restoreSnapshot } from './store/sandbox/snapshot.js';
import type { DemoWorld } from './store/seed/demo-world.js';

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
