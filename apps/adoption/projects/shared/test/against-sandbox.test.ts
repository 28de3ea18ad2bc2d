// A team's tests against a sandbox started apart (`reference-server --sandbox`), as a CI job runs
// them before `contracts coverage --journal $SANDBOX_URL`: the sandbox is reset once, at the start,
// so that its journal holds this run's exchanges. Skipped without SANDBOX_URL (the project's plain
// `vitest run` starts its own servers with useReferenceServer()).
import { createClient } from '@org/client';
import { beforeAll, describe, expect, it } from 'vitest';

const url = process.env.SANDBOX_URL;
/** The token the bin's demo world issues with no option. */
const client = () => createClient({ baseUrl: url!, token: 'demo-org-token' });

describe.runIf(url)('the conversations screen against a running sandbox', () => {
  beforeAll(async () => {
    const reset = await fetch(new URL('/_sandbox/reset', url), { method: 'POST' });
    expect(reset.status).toBe(204);
  });

  it('lists the conversations and opens the first', async () => {
    const page = await client().request('listConversations', { query: { limit: 2 } });
    const first = await client().request('getConversation', { params: { id: page.results[0]!.id } });
    expect(first.id).toBe(page.results[0]!.id);
  });

  it('shows a conversation that is not there as missing', async () => {
    await expect(
      client().request('getConversation', { params: { id: 2_000_000_000 } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
