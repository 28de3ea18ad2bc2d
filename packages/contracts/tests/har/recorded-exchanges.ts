import type { HarHeader } from '../../src/har/read-har.js';

/** An exchange sent to a server and recorded as a HAR writer takes it. */
export interface Recorded {
  readonly startedAt: Date;
  readonly timeMs: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: HarHeader[];
    readonly body?: string;
  };
  readonly response: {
    readonly status: number;
    readonly headers: HarHeader[];
    readonly body: string;
    readonly size: number;
  };
}

export interface RequestSpec {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** Sends one request with fetch and keeps the exchange (headers as they went and came). */
export async function record(baseUrl: string, spec: RequestSpec): Promise<Recorded> {
  const url = `${baseUrl}${spec.path}`;
  const method = spec.method ?? 'GET';
  const requestHeaders = Object.entries(spec.headers ?? {}).map(([name, value]) => ({ name, value }));
  const startedAt = new Date();
  const started = performance.now();
  const answer = await fetch(url, {
    method,
    headers: spec.headers ?? {},
    ...(spec.body === undefined ? {} : { body: spec.body }),
  });
  const body = await answer.text();
  return {
    startedAt,
    timeMs: performance.now() - started,
    request: {
      method,
      url,
      headers: requestHeaders,
      ...(spec.body === undefined ? {} : { body: spec.body }),
    },
    response: {
      status: answer.status,
      headers: [...answer.headers].map(([name, value]) => ({ name, value })),
      body,
      size: Buffer.byteLength(body),
    },
  };
}

/** The ids of a list's first page. */
export function idsOf(recorded: Recorded): number[] {
  const results = (JSON.parse(recorded.response.body) as { results?: Array<{ id: number }> }).results ?? [];
  return results.map((r) => r.id);
}

/** Real exchanges with a seeded reference server: reads of every kind the drifts touch, a write, a 404, a 415. */
export async function recordSession(url: string, token: string): Promise<Recorded[]> {
  const auth = { Authorization: token };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const contacts = await record(url, { path: '/api/um/v3/contact_identities/?limit=5', headers: auth });
  const contact = idsOf(contacts)[0]!;
  const noteBody = JSON.stringify({ contact_identity_id: contact, body: 'Call back after the invoice run.' });
  const created = await record(url, {
    method: 'POST',
    path: '/api/um/v3/notes/',
    headers: json,
    body: noteBody,
  });
  const note = (JSON.parse(created.response.body) as { id: number }).id;
  const operators = await record(url, { path: '/api/um/v3/operators/', headers: auth });
  const conversations = await record(url, { path: '/api/um/v3/conversations/?limit=3', headers: auth });
  const conversation = idsOf(conversations)[0]!;
  return [
    contacts,
    created,
    operators,
    conversations,
    await record(url, { path: `/api/um/v3/contact_identities/${contact}/`, headers: auth }),
    await record(url, { path: `/api/um/v3/notes/?contact_identity_id=${contact}`, headers: auth }),
    await record(url, { path: `/api/um/v3/notes/${note}/`, headers: auth }),
    await record(url, { path: `/api/um/v3/operators/${idsOf(operators)[0]}/`, headers: auth }),
    await record(url, { path: `/api/um/v3/conversations/${conversation}/`, headers: auth }),
    await record(url, { path: `/api/um/v3/conversations/${conversation}/messages/?limit=2`, headers: auth }),
    await record(url, { path: '/api/um/v3/notes/2147483000/', headers: auth }),
    await record(url, {
      method: 'POST',
      path: '/api/um/v3/notes/',
      headers: { ...auth, 'Content-Type': 'text/plain' },
      body: noteBody,
    }),
  ];
}
