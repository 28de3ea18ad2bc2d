// A team's test of its retry handling: the sandbox answers the first PATCH 503 with Retry-After: 0
// (Prefer), the client retries once and succeeds, and the journal shows what the PATCH sent.
import { createClient, type FetchLike } from '@org/client';
import { useReferenceServer } from '@org/reference-server/vitest';
import { expect, it } from 'vitest';

const server = useReferenceServer();

it('retries a forced 503 once and succeeds; the journal has the PATCH payload', async () => {
  const plain = createClient({ baseUrl: server.url, token: server.token });
  const [conversation] = (await plain.request('listConversations', { query: { limit: 1 } })).results;
  // Topic texts; an unknown text creates the topic.
  const topics = ['billing', 'refund'];
  let sent = 0;
  const failFirst: FetchLike = (input, init) => {
    sent += 1;
    const headers = new Headers(init.headers);
    if (sent === 1) headers.set('Prefer', 'code=503, retry-after=0');
    return fetch(input, { ...init, headers });
  };
  const client = createClient({ baseUrl: server.url, token: server.token, fetch: failFirst });
  const updated = await client.request('updateConversation', {
    params: { id: conversation!.id },
    body: { topics },
  });
  expect(updated.id).toBe(conversation!.id);
  expect(sent).toBe(2);
  const patches = await server.journal({ method: 'PATCH' });
  expect(patches.map((entry) => entry.status).sort()).toEqual([200, 503]);
  const answered = patches.find((entry) => entry.status === 200);
  expect(answered!.request.body).toEqual({ topics });
  expect(answered!.response.body).toMatchObject({ id: conversation!.id });
});
