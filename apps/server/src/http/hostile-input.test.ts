import { connect } from 'node:net';
import { RATE_LIMIT_HEADER_NAMES as H, LIMITS, V3 } from '@org/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../server.js';
import { operatorGroupsOf } from '../store/test-support/test-states.js';
import { Api } from '../test-support/api.js';
import { describeEngines, NO_LIMITS } from '../test-support/harness.js';

/**
 * Issue "Hardening", hostile and odd input (input bounds, transport limits, emails, Host headers):
 * every one answered in the API's error body with the rate-limit headers where a counter exists,
 * never a 5xx.
 */

/**
 * One raw HTTP/1.1 exchange: writes `request`, reads until the server closes or `until` holds. The
 * limit only catches a hang: the test command shares the machine.
 */
const raw = (url: string, request: string | Buffer, until?: (text: string) => boolean, timeoutMs = 60_000) =>
  new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close and no complete answer after ${timeoutMs} ms; read: ${text.slice(-300)}`));
    }, timeoutMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (until?.(text)) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ text, closed: false });
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.write(request);
  });

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely here; their shape is asserted
type Any = any;
const b = (response: { body: unknown }) => response.body as Any;

const expectCounted = (response: { headers: Headers }) => {
  for (const name of [H.limit, H.remaining, H.reset])
    expect(response.headers.get(name), name).toMatch(/^\d+$/);
};

describeEngines('hostile input', (t) => {
  it('a JSON body nested 10,000 deep answers 400 naming the depth limit', async () => {
    const contact = await t.fx.contact(t.org.id);
    const rawBody = `{"name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const response = await t.api.request('PATCH', `${V3}/contact_identities/${contact.id}/`, {
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid' });
    expect(b(response).detail).toContain(String(LIMITS.maxJsonDepth));
    expectCounted(response);
  });

  it('strings of indexed fields: the limit is accepted and stored, one more character is 400', async () => {
    const contact = await t.fx.contact(t.org.id);
    // Three UTF-8 bytes per character: the worst case a btree entry must hold.
    const longest = '€'.repeat(LIMITS.maxStringLength);
    for (const field of ['name', 'phone_number', 'mobile_number', 'city']) {
      const ok = await t.api.request('PATCH', `${V3}/contact_identities/${contact.id}/`, {
        body: { [field]: longest },
      });
      expect(ok.status, field).toBe(200);
      const tooLong = await t.api.request('PATCH', `${V3}/contact_identities/${contact.id}/`, {
        body: { [field]: `${longest}€` },
      });
      expect(tooLong.status, field).toBe(400);
      expect(b(tooLong).errors?.[field]?.[0]).toContain(String(LIMITS.maxStringLength));
    }
    const email = `${'a'.repeat(LIMITS.maxStringLength - 12)}@example.org`;
    const upsert = await t.api.request('PUT', `${V3}/contact_identities/`, {
      query: { identifier: 'external_customer_id' },
      body: { external_customer_id: longest, email },
    });
    expect(upsert.status).toBe(201);
    const topics = await t.api.request(
      'PATCH',
      `${V3}/conversations/${(await t.fx.conversation(t.org.id)).id}/`,
      {
        body: { topics: [longest] },
      },
    );
    expect(topics.status).toBe(200);
    const filter = await t.api.request('GET', `${V3}/contact_identities/`, {
      query: { name: 'x'.repeat(LIMITS.maxStringLength + 1) },
    });
    expect(filter.status).toBe(400);
    expect(b(filter).errors).toHaveProperty('name');
  });

  it('emails valid under the documented pattern are accepted', async () => {
    const contact = await t.fx.contact(t.org.id);
    for (const email of ['user@localhost', 'a!b#c@example.org']) {
      const response = await t.api.request('PATCH', `${V3}/contact_identities/${contact.id}/`, {
        body: { email },
      });
      expect(response.status, email).toBe(200);
    }
    const bad = await t.api.request('PATCH', `${V3}/contact_identities/${contact.id}/`, {
      body: { email: 'a b@example.org' },
    });
    expect(bad.status).toBe(400);
  });

  it('PATCH operator_group_ids of another organization or unknown ids answers 400 naming them', async () => {
    const groups = await operatorGroupsOf(t.db, [t.org.id, t.orgB.id]);
    const own = groups.find((g) => Number(g.organization_id) === t.org.id)!;
    const foreign = groups.find((g) => Number(g.organization_id) === t.orgB.id)!;
    const path = `${V3}/operators/${t.org.operators.operator}/`;
    const ok = await t.api.request('PATCH', path, { body: { operator_group_ids: [Number(own.id)] } });
    expect(ok.status).toBe(200);
    expect(b(ok).operator_group_ids).toEqual([Number(own.id)]);
    const bad = await t.api.request('PATCH', path, {
      body: { operator_group_ids: [Number(own.id), Number(foreign.id), 999_999] },
    });
    expect(bad.status).toBe(400);
    expect(b(bad).errors.operator_group_ids[0]).toContain(`${foreign.id}, 999999`);
    expectCounted(bad);
  });

  it('exclude_ids on the messages list leaves those messages out; the conversation id still answers 404', async () => {
    const conversation = await t.fx.conversation(t.org.id, { messages: 3 });
    const path = `${V3}/conversations/${conversation.id}/messages/`;
    const all = await t.api.request('GET', path);
    expect(all.status).toBe(200);
    const ids = b(all).results.map((m: { id: string }) => m.id);
    expect(ids).toHaveLength(3);
    const some = await t.api.request('GET', path, { query: { exclude_ids: `${ids[0]},${ids[2]}` } });
    expect(some.status).toBe(200);
    expect(b(some).results.map((m: { id: string }) => m.id)).toEqual([ids[1]]);
    const own = await t.api.request('GET', path, { query: { exclude_ids: String(conversation.id) } });
    expect(own.status).toBe(404);
    const other = await t.api.request('GET', path, { query: { exclude_ids: String(conversation.id + 1) } });
    expect(other.status).toBe(200);
  });
});

describe('hostile input at the HTTP layer', () => {
  let server: RunningServer;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ seed: false, limits: NO_LIMITS, memory: true });
    token = server.world.organizations[0]!.token;
    api = new Api(server.url, { token });
  });
  afterAll(() => server?.close());

  it('431, 414 and bad percent-encoding answer the error body', async () => {
    const big = await raw(
      server.url,
      `GET ${V3}/notes/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${token}\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`,
    );
    expect(statusOf(big.text)).toBe(431);
    expect(bodyOf(big.text)).toMatchObject({ code: 'headers_too_large' });
    const long = await api.request('GET', `${V3}/notes/${'1'.repeat(200)}/`);
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ code: 'uri_too_long' });
    const bad = await api.request('GET', `${V3}/notes/%zz/`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid' });
  });

  it('every answer after authentication carries the counter headers: 400, 403, 404, 415, a too large body', async () => {
    const responses = [
      await api.request('GET', `${V3}/notes/abc/`),
      await api.as({ token, operatorId: 999_999 }).request('GET', `${V3}/notes/`),
      await api.request('GET', `${V3}/notes/999999/`),
      await api.request('POST', `${V3}/notes/`, { rawBody: '{}', headers: { 'content-type': 'text/plain' } }),
      await api.request('POST', `${V3}/notes/`, { body: { body: 'x'.repeat(LIMITS.maxBodyBytes) } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([400, 403, 404, 415, 400]);
    for (const response of responses) expectCounted(response);
    const anonymous = await new Api(server.url, { token: null }).request('GET', `${V3}/notes/`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get(H.limit)).toBeNull();
  });

  it('a body of 550,000 two-byte characters answers 400 naming the limit in bytes', async () => {
    const response = await api.request('POST', `${V3}/notes/`, {
      rawBody: JSON.stringify({ contact_identity_id: 1, body: 'é'.repeat(550_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid' });
    expect(b(response).detail).toContain(`${LIMITS.maxBodyBytes} bytes`);
    expect(b(response).errors.non_field_errors[0]).toContain(`${LIMITS.maxBodyBytes} bytes`);
  });

  it('any method on a retired v2 path answers 410, undocumented ones included', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect((await api.request(method, '/api/um/v2/conversations/1/')).status, method).toBe(410);
  });

  it('links never reflect an invalid Host; an empty or odd Host answers 400', async () => {
    for (const host of [
      '',
      'attacker.example/evil',
      'a b',
      'x:y:z',
      'attacker.example:99999',
      '[::1]:65536',
    ]) {
      const response = await raw(
        server.url,
        `GET ${V3}/notes/ HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${token}\r\nConnection: close\r\n\r\n`,
      );
      expect(statusOf(response.text), JSON.stringify(host)).toBe(400);
      expect(bodyOf(response.text).code).toBe('invalid');
    }
  });

  it('a connection answers its 1,000 requests, the last with Connection: close, and then closes', async () => {
    const one = `GET ${V3}/operators/?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${token}\r\n\r\n`;
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    let text = '';
    let closed = false;
    /** Checked at every read and at the close: resolves the wait in progress once its condition holds. */
    let check = () => {};
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        check = () => {
          if (done()) resolve();
        };
        check();
      });
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      check();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      check();
    });
    const answers = () => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    // One request at a time, as a client that ignores `Connection: close` sends them.
    for (let sent = 1; sent <= LIMITS.maxRequestsPerConnection + 1 && !closed; sent++) {
      socket.write(one);
      await until(() => closed || answers().length >= sent);
    }
    expect(closed, 'the server closed the connection').toBe(true);
    expect(answers()).toHaveLength(LIMITS.maxRequestsPerConnection);
    expect(answers().every((status) => status === 'HTTP/1.1 200')).toBe(true);
    expect(text.slice(text.lastIndexOf('HTTP/1.1 200'))).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('500 pipelined requests on one connection are all answered, or the connection closes at the limit', async () => {
    const one = `GET ${V3}/operators/?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${token}\r\n\r\n`;
    const answers = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g)?.length ?? 0;
    const result = await raw(server.url, one.repeat(500), (text) => answers(text) >= 500);
    const count = answers(result.text);
    expect(count === 500 || (result.closed && count === LIMITS.maxRequestsPerConnection)).toBe(true);
    expect(result.text.match(/HTTP\/1\.1 200/g)).toHaveLength(count);
  });
});

describe('links from the public URL', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      seed: false,
      limits: NO_LIMITS,
      memory: true,
      publicUrl: 'https://api.example.com/',
    });
  });
  afterAll(() => server?.close());

  it('next links use the public URL whatever the Host header says', async () => {
    const token = server.world.organizations[0]!.token;
    const org = server.world.organizations[0]!.id;
    await server.fixtures.contact(org);
    await server.fixtures.contact(org);
    const response = await raw(
      server.url,
      `GET ${V3}/contact_identities/?limit=1 HTTP/1.1\r\nHost: attacker.example\r\nAuthorization: ${token}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(response.text)).toBe(200);
    expect(bodyOf(response.text).next).toMatch(
      /^https:\/\/api\.example\.com\/api\/um\/v3\/contact_identities\/\?/,
    );
  });
});
