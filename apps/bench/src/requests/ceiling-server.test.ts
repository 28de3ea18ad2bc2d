import { afterEach, describe, expect, it } from 'vitest';
import type { CapturedResponse } from './captured-responses.js';
import { createCeilingServer, listenCeiling } from './ceiling-server.js';

describe('ceiling server', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('replays the captured bytes, status and headers by method and URL', async () => {
    const body = Buffer.from('{"results":[1,2,3]}');
    const captured: CapturedResponse[] = [
      { method: 'GET', path: '/a/?x=1', status: 200, headers: { 'content-type': 'application/json' }, body },
      { method: 'PATCH', path: '/a/', status: 201, headers: { 'x-test': 'yes' }, body: Buffer.from('{}') },
    ];
    const server = createCeilingServer(captured);
    const url = await listenCeiling(server);
    close = () => new Promise((resolve) => server.close(() => resolve()));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const hit = await fetch(`${url}/a/?x=1`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('content-type')).toBe('application/json');
    expect(hit.headers.get('content-length')).toBe(String(body.length));
    expect(Buffer.from(await hit.arrayBuffer()).equals(body)).toBe(true);

    const patch = await fetch(`${url}/a/`, { method: 'PATCH', body: '{"topics":[]}' });
    expect(patch.status).toBe(201);
    expect(patch.headers.get('x-test')).toBe('yes');
    await patch.text();

    const miss = await fetch(`${url}/a/?x=2`);
    expect(miss.status).toBe(404);
    await miss.text();
  });
});
