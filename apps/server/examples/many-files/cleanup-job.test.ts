// One file of a suite of many: a runner copies it under other names to make fifty. With the suite's
// global setup (vitest.config.ts beside it), it borrows its worker's sandbox instead of starting one.
import { useReferenceServer } from '@org/reference-server/vitest';
import { expect, it } from 'vitest';

const api = useReferenceServer();

const call = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, api.url), { ...init, headers: { Authorization: api.token, ...init.headers } });
const conversations = async () =>
  (await (await call('/api/um/v3/conversations/?limit=1&ordering=id')).json()) as {
    count: number;
    results: Array<{ id: number }>;
  };

let seeded: number;

it('sees nothing of the files the worker ran before it', async () => {
  // Every file deletes a conversation and leaves it deleted: the file before this one did too.
  expect(await api.exchanges()).toEqual([]);
  const page = await conversations();
  seeded = page.count;
  const deleted = await call(`/api/um/v3/conversations/${page.results[0]!.id}/`, { method: 'DELETE' });
  expect(deleted.status).toBe(204);
  expect((await conversations()).count).toBe(seeded - 1);
});

it('starts each test from the seeded world', async () => {
  expect((await conversations()).count).toBe(seeded);
  expect((await api.exchanges()).map((e) => e.operation)).toEqual([
    'listConversations',
    'deleteConversation',
    'listConversations',
    'listConversations',
  ]);
});
