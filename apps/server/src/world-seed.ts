import type { Db } from './db/db.js';
import type { WorldOptions } from './world/options.js';
import { seedWorld } from './world/seed-world.js';
import { orgToken, type SeedOptions } from './world-setup.js';

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
} as const satisfies Record<NonNullable<SeedOptions['size']>, WorldOptions>;

/** Seeds the demo world (apps/server/src/world) with the given raw tokens. */
export const seedDemoWorld = async (
  db: Db,
  { size = 'demo', ...options }: SeedOptions,
  tokens: { organization: string; customer: string },
): Promise<void> => {
  const world: WorldOptions = { ...WORLD_SIZES[size], ...options };
  const organizations = world.organizations ?? 3;
  await seedWorld(db, {
    ...world,
    tokens: {
      customer: tokens.customer,
      organizations: Array.from({ length: organizations }, (_, i) => orgToken(tokens.organization, i)),
    },
  });
};
