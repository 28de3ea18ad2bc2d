// The helper as a team's test file uses it: exchanges() spans the file's tests, across the reset
// before each one, while journal() holds those since the last reset.
import { expect, it } from 'vitest';
import { useReferenceServer } from './vitest.js';

const server = useReferenceServer();

const get = (path: string) =>
  fetch(new URL(path, server.url), { headers: { Authorization: server.token } }).then((r) => r.status);
const seen = (entries: Array<{ operation: string | null; status: number }>) =>
  entries.map((e) => `${e.operation} ${e.status}`);

it('journals a first test', async () => {
  expect(await get('/api/um/v3/notes/?limit=1')).toBe(200);
  expect(seen(await server.journal())).toEqual(['listNotes 200']);
});

it("keeps the earlier tests' exchanges in exchanges() when the reset before each test empties the journal", async () => {
  expect(await get('/api/um/v3/notes/999999/')).toBe(404);
  expect(seen(await server.journal())).toEqual(['getNote 404']);
  expect(seen(await server.exchanges())).toEqual(['listNotes 200', 'getNote 404']);
});

it("keeps a test's exchanges across its own reset(), and exchanges() reads without keeping twice", async () => {
  expect(await get('/api/um/v3/operators/')).toBe(200);
  await server.reset();
  expect(await server.journal()).toEqual([]);
  expect(seen(await server.exchanges())).toEqual(['listNotes 200', 'getNote 404', 'listOperators 200']);
  expect(await server.exchanges()).toHaveLength(3);
});
