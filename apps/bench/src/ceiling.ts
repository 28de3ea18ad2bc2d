import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BenchRequest } from './load.js';

/** One real response, captured from the server, to be replayed byte for byte by the ceiling server. */
export interface CapturedResponse {
  method: string;
  path: string;
  status: number;
  /** Response headers as the server sent them, minus hop-by-hop ones (connection, date, ...). */
  headers: Record<string, string>;
  body: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

export const requestKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Requests each URL once (a few at a time) and keeps status, headers and body bytes. */
export const captureResponses = async (
  baseUrl: string,
  requests: readonly BenchRequest[],
  headers: Record<string, string>,
  concurrency = 4,
): Promise<CapturedResponse[]> => {
  const unique = new Map<string, BenchRequest>();
  for (const req of requests)
    if (!unique.has(requestKey(req.method, req.path))) unique.set(requestKey(req.method, req.path), req);
  const queue = [...unique.values()];
  const captured = new Map<string, CapturedResponse>();
  const capture = async (req: BenchRequest) => {
    const res = await fetch(`${baseUrl}${req.path}`, {
      method: req.method,
      headers: {
        ...headers,
        ...req.headers,
        ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(req.body !== undefined ? { body: req.body } : {}),
      signal: AbortSignal.timeout(120_000),
    });
    const body = Buffer.from(await res.arrayBuffer());
    const kept: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
    });
    captured.set(requestKey(req.method, req.path), {
      method: req.method,
      path: req.path,
      status: res.status,
      headers: kept,
      body,
    });
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let req = queue.shift(); req; req = queue.shift()) await capture(req);
    }),
  );
  // In request order, whatever order the answers came in.
  return [...unique.keys()].map((key) => captured.get(key)!);
};

/**
 * The ceiling: a raw node:http server that answers each captured URL with its pre-serialised bytes
 * (status line and headers prepared once, body a ready Buffer). Whatever the real server does per
 * request on top of this is what the ratio in the table measures.
 */
export const createCeilingServer = (responses: readonly CapturedResponse[]): http.Server => {
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
};

/** Starts the ceiling server on 127.0.0.1, port 0; resolves to its base URL. */
export const listenCeiling = async (server: http.Server): Promise<string> => {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
};
