import type { TestProject } from 'vitest/node';
import type { StartOptions } from './server.js';
import { SERVER_POOL_KEY, startServerPool } from './server-pool.js';

export { serverStartsIn } from './server-pool.js';

/**
 * vitest's global setup for a suite of many files that call `useReferenceServer()`: one sandbox per
 * worker instead of one per file, each file starting from the seeded world. In vitest.config.ts,
 * `test: { globalSetup: ['@org/reference-server/vitest-setup'] }`; for other start options, a setup
 * file of the team's own: `export default shareReferenceServers({ seed: { size: 'small' } })`.
 */
export function shareReferenceServers(options: StartOptions = {}) {
  return async function setup(project: TestProject) {
    const pool = await startServerPool(options);
    project.provide(SERVER_POOL_KEY, pool.url);
    return function teardown() {
      return pool.close();
    };
  };
}

export default shareReferenceServers();
