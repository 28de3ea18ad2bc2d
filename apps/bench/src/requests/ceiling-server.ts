import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CapturedResponse, requestKey } from './captured-responses.js';

/**
 * The ceiling: a raw node:http server that answers each captured URL with its pre-serialised bytes
 * (status line and headers prepared once, body a ready Buffer). Whatever the real server does per
 * request on top of this is what the ratio in the table measures.
 */
export function createCeilingServer(responses: readonly CapturedResponse[]): http.Server {
  // Flat [name, value, name, value, ...] header lists, as writeHead takes them, built once.
  const table = new Map<string, { status: number; headers: string[]; body: Buffer }>();
  for (const r of responses) {
    const headers = [...Object.entries(r.headers).flat(), 'content-length', String(r.body.length)];
    table.set(requestKey(r.method, r.path), { status: r.status, headers, body: r.body });
  }
  const notFound = Buffer.from('{"detail":"Not captured.","code":"not_found"}');
  return http.createServer((req, res) => {
    req.resume();
    const hit = table.get(requestKey(req.method ?? 'GET', req.url ?? '/'));
    if (!hit) {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
      res.end(notFound);
      return;
    }
    res.writeHead(hit.status, hit.headers);
    res.end(hit.body);
  });
}

/** Starts the ceiling server on 127.0.0.1, port 0; resolves to its base URL. */
export async function listenCeiling(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
