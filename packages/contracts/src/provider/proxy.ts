import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Rewrites a JSON response body (the deliberately broken provider). */
export type BodyRewrite = (body: unknown) => unknown;

/**
 * An HTTP proxy on port 0 in front of one or more servers. The verification routes each
 * interaction to the server its provider state needs (the throttled one for 429s), and a test can
 * install a body rewrite to play a provider that broke the contract.
 */
export class ProviderProxy {
  readonly #server: Server;
  #target: string;
  #rewrite: BodyRewrite | undefined;

  private constructor(target: string) {
    this.#target = target;
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const target = new URL(req.url ?? '/', this.#target);
        const rewrite = this.#rewrite;
        const upstream = request(
          target,
          { method: req.method, headers: { ...req.headers, host: target.host }, agent: false },
          (up) => {
            const body: Buffer[] = [];
            up.on('data', (c: Buffer) => body.push(c));
            up.on('end', () => {
              let payload = Buffer.concat(body);
              const headers = { ...up.headers };
              if (rewrite && payload.length && String(headers['content-type']).includes('json')) {
                payload = Buffer.from(JSON.stringify(rewrite(JSON.parse(payload.toString('utf8')))));
                headers['content-length'] = String(payload.length);
              }
              res.writeHead(up.statusCode ?? 502, headers);
              res.end(payload);
            });
          },
        );
        upstream.on('error', (error) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${error.message}`);
        });
        upstream.end(Buffer.concat(chunks));
      });
    });
  }

  static async start(target: string): Promise<ProviderProxy> {
    const proxy = new ProviderProxy(target);
    await new Promise<void>((resolve) => proxy.#server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Sends the next requests to another server. */
  routeTo(target: string) {
    this.#target = target;
  }

  rewriteBodies(rewrite: BodyRewrite | undefined) {
    this.#rewrite = rewrite;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.#server.close((e) => (e ? reject(e) : resolve())));
  }
}

/** Renames a field wherever it occurs in a JSON value. */
export function renameField(from: string, to: string): BodyRewrite {
  return (body) => {
    const walk = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(walk);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, walk(v)]));
    };
    return walk(body);
  };
}
