import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the proxy received it. */
export interface ProxiedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** An answer, from upstream or made up by a fault. */
export interface ProxiedAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * A fault planted between the fuzzer and the reference server: `request` may answer by itself or
 * change the request before it goes upstream; `answer` may change what upstream answered.
 */
export interface Fault {
  readonly request?: (req: ProxiedRequest) => ProxiedAnswer | ProxiedRequest;
  readonly answer?: (req: ProxiedRequest, answer: ProxiedAnswer) => ProxiedAnswer | Promise<ProxiedAnswer>;
}

/** Headers that belong to one hop, not to the message. */
const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

function headersOf(source: Iterable<[string, string | string[] | undefined]>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of source)
    if (value !== undefined && !HOP.has(name.toLowerCase())) headers[name.toLowerCase()] = String(value);
  return headers;
}

async function received(req: IncomingMessage): Promise<ProxiedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = req.url ?? '/';
  return {
    method: req.method ?? 'GET',
    url,
    path: url.split('?')[0]!,
    headers: headersOf(Object.entries(req.headers)),
    body: Buffer.concat(chunks).toString('utf8'),
  };
}

async function forwarded(upstream: string, req: ProxiedRequest): Promise<ProxiedAnswer> {
  const res = await fetch(`${upstream}${req.url}`, {
    method: req.method,
    headers: req.headers,
    ...(req.body && req.method !== 'GET' && req.method !== 'HEAD' ? { body: req.body } : {}),
    redirect: 'manual',
  });
  return { status: res.status, headers: headersOf(res.headers.entries()), body: await res.text() };
}

async function answerOf(
  upstream: string,
  fault: Fault | undefined,
  req: ProxiedRequest,
): Promise<ProxiedAnswer> {
  const changed = fault?.request?.(req) ?? req;
  if ('status' in changed) return changed;
  const answer = await forwarded(upstream, changed);
  return fault?.answer ? fault.answer(changed, answer) : answer;
}

export interface FaultProxy {
  readonly url: string;
  close(): Promise<void>;
}

/** A proxy on a free port of 127.0.0.1 in front of `upstream`, with one fault planted (or none). */
export async function startFaultProxy(upstream: string, fault: Fault | undefined): Promise<FaultProxy> {
  const server: Server = createServer((req, res) => {
    received(req)
      .then((request) => answerOf(upstream, fault, request))
      .then(({ status, headers, body }) => {
        res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      })
      .catch((error: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
