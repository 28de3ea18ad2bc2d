import type { Db } from './db/db.js';
import type { SeedOptions } from './world-setup.js';

/** Seeds the demo world (apps/server/src/world) with the given raw tokens. */
export const seedDemoWorld = async (
  db: Db,
  _options: SeedOptions,
  _tokens: { organization: string; customer: string },
): Promise<void> => {
  throw new Error(`demo world generator not wired yet (${db.engine})`);
};
