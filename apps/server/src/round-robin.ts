import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';

/** One address in front of several instances of a deployment, as a load balancer is, for tests. */
export interface RoundRobin {
  /** e.g. http://127.0.0.1:43121 */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A proxy on a free port of 127.0.0.1 that sends each request to the next of `upstreams` in turn,
 * unchanged (its Host header too, so the links an answer builds name this address), and streams the
 * answer back: a test of two instances on one database talks to them as a client of the deployment.
 */
export async function startRoundRobin(upstreams: readonly string[]): Promise<RoundRobin> {
  let next = 0;
  const server: Server = createServer(function forward(req, res) {
    const upstream = new URL(upstreams[next++ % upstreams.length]!);
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`${upstream.origin}: ${error.message}`);
    });
    req.pipe(out);
  });
  await once(server.listen(0, '127.0.0.1'), 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      // Keep-alive connections would hold close() open until they time out.
      server.closeAllConnections();
      await promisify(server.close.bind(server))();
    },
  };
}
