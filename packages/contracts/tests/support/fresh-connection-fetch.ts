import { request } from 'node:http';
import type { FetchLike } from '@org/client';

/**
 * A fetch that opens a new connection per request. Pact starts a mock server per interaction on a
 * random port; when the OS hands out a port again, the global fetch would reuse its pooled
 * keep-alive socket to the previous (closed) mock server and the request would never reach the
 * new one. Plain node:http without an agent has no pool.
 */
export const freshConnectionFetch: FetchLike = (input, init) =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const req = request(input, { method: init.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        const status = res.statusCode ?? 0;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers: responseHeaders }));
      });
    });
    req.on('error', reject);
    init.signal?.addEventListener('abort', () => req.destroy(init.signal?.reason as Error), { once: true });
    if (typeof init.body === 'string') req.write(init.body);
    req.end();
  });
