import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenCeiling } from './ceiling-server.js';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.js';

describe('recording proxy', () => {
  let proxy: RecordingProxy | undefined;
  let target: http.Server | undefined;
  afterEach(async () => {
    await proxy?.close();
    await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
    proxy = target = undefined;
  });

  it('forwards each request as sent and records it: method, target, its own headers, body', async () => {
    const seen: Array<{ url: string | undefined; host: string | undefined; body: string }> = [];
    target = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ url: req.url, host: req.headers.host, body });
        res.writeHead(req.method === 'POST' ? 201 : 200, {
          'content-type': 'application/json',
          'x-test': 'yes',
        });
        res.end('{"ok":true}');
      });
    });
    proxy = await startRecordingProxy(await listenCeiling(target));

    const got = await fetch(`${proxy.url}/a/?q=%zz&x=1`, { headers: { Authorization: 'token-1' } });
    expect(got.status).toBe(200);
    expect(got.headers.get('x-test')).toBe('yes');
    expect(await got.text()).toBe('{"ok":true}');
    const posted = await fetch(`${proxy.url}/b/`, {
      method: 'POST',
      body: new TextEncoder().encode('{"name":"𝒳\\u0000"}'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(posted.status).toBe(201);
    await posted.text();

    // The Host as sent: links the server builds lead back through the proxy.
    expect(seen.map((s) => [s.url, s.host])).toEqual([
      ['/a/?q=%zz&x=1', new URL(proxy.url).host],
      ['/b/', new URL(proxy.url).host],
    ]);
    expect(seen[1]!.body).toBe('{"name":"𝒳\\u0000"}');
    const [get, post] = proxy.requests;
    expect(get).toMatchObject({
      method: 'GET',
      path: '/a/?q=%zz&x=1',
      headers: { authorization: 'token-1' },
    });
    expect(get).not.toHaveProperty('body');
    expect(post).toMatchObject({ method: 'POST', path: '/b/', body: '{"name":"𝒳\\u0000"}' });
    expect(post!.headers).toMatchObject({ 'content-type': 'text/plain' });
    expect(post!.headers).not.toHaveProperty('authorization');
    for (const hop of ['host', 'connection', 'content-length']) expect(post!.headers).not.toHaveProperty(hop);
  });
});
