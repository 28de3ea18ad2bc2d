// One file of a suite of many: a runner copies it under other names to make fifty. With the suite's
// global setup (vitest.config.ts beside it), it borrows its worker's sandbox instead of starting one.
import { useReferenceServer } from '@org/reference-server/vitest';
import { beforeAll, expect, it } from 'vitest';

const api = useReferenceServer();

const call = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, api.url), { ...init, headers: { Authorization: api.token, ...init.headers } });
const conversations = async () =>
  (await (await call('/api/um/v3/conversations/?limit=1&ordering=id')).json()) as {
    count: number;
    results: Array<{ id: number }>;
  };

let seeded: number;

// Every file deletes a conversation and leaves it deleted: the file before this one did too. Read
// before any test, the count is the seeded world's only if that file's writes are gone already.
beforeAll(async () => {
  seeded = (await conversations()).count;
});

it('begins with the seeded world and a journal of its own, whatever the file before it left', async () => {
  expect((await conversations()).count).toBe(seeded);
  expect((await api.exchanges()).map((e) => e.operation)).toEqual(['listConversations', 'listConversations']);
  const first = (await conversations()).results[0]!;
  const deleted = await call(`/api/um/v3/conversations/${first.id}/`, { method: 'DELETE' });
  expect(deleted.status).toBe(204);
  expect((await conversations()).count).toBe(seeded - 1);
});

it('starts each test from the seeded world', async () => {
  expect((await conversations()).count).toBe(seeded);
  // The file's own exchanges, across the reset before this test: its beforeAll's, then each test's.
  const operations = (await api.exchanges()).map((e) => e.operation);
  expect(operations.filter((op) => op === 'deleteConversation')).toHaveLength(1);
  expect(operations).toHaveLength(6);
});
