import { useReferenceServer } from '@org/reference-server/vitest';
import { beforeAll, describe, expect, it } from 'vitest';

// One sandbox for this file: started before its tests, back to the seeded world before each one.
const api = useReferenceServer();

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${api.url}${path}`, {
    ...init,
    headers: { Authorization: api.token, 'Content-Type': 'application/json', ...init.headers },
  });

const conversationCount = async () => (await (await call('/api/um/v3/conversations/?limit=1')).json()).count;
let seeded: number;
beforeAll(async () => {
  seeded = await conversationCount();
});

describe('our conversation cleanup job', () => {
  it('deletes the conversations it is given', async () => {
    const page = await (await call('/api/um/v3/conversations/?limit=2')).json();
    for (const conversation of page.results)
      expect((await call(`/api/um/v3/conversations/${conversation.id}/`, { method: 'DELETE' })).status).toBe(
        204,
      );
    expect(await conversationCount()).toBe(seeded - 2);
  });

  it('starts from the seeded world in every test, whatever ran before', async () => {
    expect(await conversationCount()).toBe(seeded);
  });

  it('handles the 429 a busy server answers', async () => {
    const response = await call('/api/um/v3/conversations/', {
      headers: { Prefer: 'code=429, retry-after=0' },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('0');
  });

  it('tags a conversation with one PATCH whose payload is exactly the new topics', async () => {
    const [conversation] = (await (await call('/api/um/v3/conversations/?limit=1')).json()).results;
    await call(`/api/um/v3/conversations/${conversation.id}/`, {
      method: 'PATCH',
      body: JSON.stringify({ topics: ['billing', 'refund'] }),
    });
    // The journal has every exchange since the reset: the request as sent, the answer as received.
    const [patch, ...others] = await api.journal({ method: 'PATCH' });
    expect(others).toHaveLength(0);
    expect(patch?.path).toBe(`/api/um/v3/conversations/${conversation.id}/`);
    expect(patch?.request.body).toEqual({ topics: ['billing', 'refund'] });
    expect(patch?.request.headers.authorization).toBe('[redacted]');
    expect(patch?.status).toBe(200);
    expect(patch?.response.body).toMatchObject({ id: conversation.id });
  });
});
