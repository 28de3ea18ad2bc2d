import { endpointList, fillPath, RATE_LIMIT_HEADER_NAMES as H } from '@org/model';
import { openApiDocument } from '@org/model/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server.js';

type Obj = Record<string, any>;
const doc = openApiDocument() as unknown as Obj;

/** The headers the document lists for an operation's answer of a status. */
const documentedHeaders = (path: string, method: string, status: number): string[] => {
  const response = doc.paths[path][method.toLowerCase()].responses[status] as Obj | undefined;
  expect(response, `${method} ${path} documents ${status}`).toBeDefined();
  const named = response!.$ref ? doc.components.responses[response!.$ref.split('/').pop()] : response;
  return Object.keys(named.headers ?? {});
};

/** Whether an answer carries the rate-limit headers exactly when the document lists them. */
const expectAsDocumented = (path: string, method: string, response: Response) => {
  const listed = documentedHeaders(path, method, response.status).includes(H.limit);
  expect(response.headers.has(H.limit), `${method} ${path} ${response.status}: rate-limit headers`).toBe(
    listed,
  );
};

let server: RunningServer;
let token: string;
beforeAll(async () => {
  server = await startServer({ seed: false, memory: true });
  token = server.world.organizations[0]!.token;
});
afterAll(() => server?.close());

const send = (method: string, url: string) =>
  fetch(new URL(url, server.url), {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  });

describe('rate-limit headers: sent exactly where the document lists them', () => {
  const withId = endpointList().filter(([, ep]) => ep.path.includes('{id}'));

  it(`a path id that is not percent-encoding (%zz) answers 400, counted, on each of the ${withId.length} operations`, async () => {
    expect(withId.length).toBeGreaterThan(10);
    for (const [, ep] of withId) {
      const response = await send(ep.method, ep.path.replace('{id}', '%zz'));
      expect(response.status, `${ep.method} ${ep.path}`).toBe(400);
      expectAsDocumented(ep.path, ep.method, response);
    }
  });

  it('a malformed id, a missing record and an unknown token are answered as documented', async () => {
    const path = '/api/um/v3/conversations/{id}/';
    for (const url of [fillPath(path, { id: 'abc' }), fillPath(path, { id: 999999 })])
      expectAsDocumented(path, 'GET', await send('GET', url));
    const anonymous = await fetch(new URL(fillPath(path, { id: 1 }), server.url));
    expect(anonymous.status).toBe(401);
    expectAsDocumented(path, 'GET', anonymous);
  });

  it('an unknown analytics metric (also %zz) answers 404 before counting, as documented', async () => {
    const path = '/api/um/analytics/{metric}/';
    for (const metric of ['um_nope', '%zz']) {
      const response = await send('GET', path.replace('{metric}', metric));
      expect(response.status, metric).toBe(404);
      expectAsDocumented(path, 'GET', response);
    }
    const bad = await send('GET', `${path.replace('{metric}', 'um_conversation_duration')}?event_date=x`);
    expect(bad.status).toBe(400);
    expectAsDocumented(path, 'GET', bad);
  });

  it('a retired v2 path answers 410, and 400 for a path that is not percent-encoding, uncounted', async () => {
    const path = '/api/um/v2/{resource}/';
    for (const [url, status] of [
      ['/api/um/v2/conversations/', 410],
      ['/api/um/v2/%zz/', 400],
    ] as const) {
      const response = await send('GET', url);
      expect(response.status, url).toBe(status);
      expectAsDocumented(path, 'GET', response);
    }
  });
});
