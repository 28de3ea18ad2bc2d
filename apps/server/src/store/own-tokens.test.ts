import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server.js';

// Issue #26: a team's own tokens cost no seeding. The start loads the prebuilt world and adds them
// (as to an existing database), and its sandbox snapshot keeps them, so they still work after a reset.
const TOKENS = { organization: 'team-own-org-token', customer: 'team-own-customer-token' };
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ memory: true, seed: { size: 'tiny' }, sandbox: true, tokens: TOKENS });
});
afterAll(() => server?.close());

const status = async (token: string) =>
  (await fetch(`${server.url}/api/um/v3/conversations/?limit=1`, { headers: { Authorization: token } }))
    .status;

it('starts from the prebuilt world with the tokens added, and keeps them through a reset', async () => {
  expect(server.worldSource).toBe('prebuilt');
  expect(server.world.organizations[0]!.token).toBe(TOKENS.organization);
  expect(await status(TOKENS.organization)).toBe(200);
  const reset = await fetch(`${server.url}/_sandbox/reset`, { method: 'POST' });
  expect(reset.status).toBe(204);
  expect(await status(TOKENS.organization)).toBe(200);
  expect(await status(`${TOKENS.organization}-2`)).toBe(200);
});
