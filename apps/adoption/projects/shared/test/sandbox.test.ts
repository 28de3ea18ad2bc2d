// A team's test file against the reference server: useReferenceServer() with its defaults starts one
// sandbox for the file and resets it before each test.
import { createClient } from '@org/client';
import { useReferenceServer } from '@org/reference-server/vitest';
import { expect, it } from 'vitest';

const server = useReferenceServer();
const client = () => createClient({ baseUrl: server.url, token: server.token, validateResponses: true });

it('lists the conversations of the seeded world', async () => {
  const page = await client().request('listConversations', { query: { limit: 2 } });
  expect(page.results).toHaveLength(2);
});

it('deletes a note, and a reset brings it back', async () => {
  const { results } = await client().request('listNotes', { query: { limit: 1 } });
  const note = results[0]!;
  await client().request('deleteNote', { params: { id: note.id } });
  await expect(client().request('getNote', { params: { id: note.id } })).rejects.toMatchObject({
    status: 404,
  });
  await server.reset();
  expect((await client().request('getNote', { params: { id: note.id } })).id).toBe(note.id);
});
