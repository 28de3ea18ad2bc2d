import type { BenchRequest } from './load-generator.js';

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

export function requestKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Requests each URL once (a few at a time) and keeps status, headers and body bytes. */
export async function captureResponses(
  baseUrl: string,
  requests: readonly BenchRequest[],
  headers: Record<string, string>,
  concurrency = 4,
): Promise<CapturedResponse[]> {
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
}
