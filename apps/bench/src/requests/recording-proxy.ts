import http from 'node:http';
import { listenCeiling } from './ceiling-server.js';
import type { BenchRequest } from './load-generator.js';

/** Headers a connection owns, not the request: the load generator sets its own. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A request as the proxy received it: method, target as sent, the request's own headers, the body. */
const recordOf = (req: http.IncomingMessage, body: Buffer): BenchRequest => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers,
    ...(body.length ? { body: body.toString('utf8') } : {}),
  };
};

export interface RecordingProxy {
  url: string;
  /** Every request received, in the order they arrived. */
  requests: BenchRequest[];
  close(): Promise<void>;
}

/**
 * A tiny proxy to `target` (127.0.0.1) that records every request it forwards: what a client sent,
 * to be replayed without the client. The Host header is forwarded as sent, so the links the server
 * builds lead back through the proxy; a request line up to 1 MB is taken (the server judges it).
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const { hostname, port } = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const requests: BenchRequest[] = [];
  const server = http.createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push(recordOf(req, body));
      const failed = (error: Error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recording proxy: ${error.message}`);
      };
      try {
        const upstream = http.request(
          { host: hostname, port, method: req.method, path: req.url, headers: req.headers, agent },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', failed);
        upstream.end(body);
      } catch (error) {
        // Node's client refuses some request lines and header values outright (thrown, not emitted).
        failed(error as Error);
      }
    });
  });
  const url = await listenCeiling(server);
  return {
    url,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
