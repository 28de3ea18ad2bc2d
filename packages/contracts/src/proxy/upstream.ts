import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import * as tls from 'node:tls';
import { errorBody } from '@org/model';

/** Headers of one hop (RFC 9110 §7.6.1): a proxy does not pass them on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The hop-by-hop headers of a message: the fixed ones and those its Connection header names. */
function hopHeadersOf(connection: string | string[] | undefined): Set<string> {
  const named = [connection ?? []]
    .flat()
    .flatMap((value) => value.split(',').map((n) => n.trim().toLowerCase()));
  return new Set([...HOP_BY_HOP, ...named.filter(Boolean)]);
}

/** Raw headers (name, value, name, value...) as received, case and order kept, hop-by-hop ones left out. */
export function endToEndRawHeaders(
  raw: readonly string[],
  connection: string | string[] | undefined,
): string[] {
  const hop = hopHeadersOf(connection);
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (!hop.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

/** A request's headers for the upstream: end-to-end ones as sent, Host the upstream's. */
export function upstreamHeaders(
  headers: IncomingHttpHeaders,
  raw: readonly string[],
  host: string,
): string[] {
  const out = endToEndRawHeaders(raw, headers.connection).filter((_, i, all) =>
    i % 2 === 0 ? all[i]!.toLowerCase() !== 'host' : all[i - 1]!.toLowerCase() !== 'host',
  );
  return ['Host', host, ...out];
}

/**
 * The certificate authorities an https upstream is verified with: Node's (its bundled ones and
 * NODE_EXTRA_CA_CERTS) and the system's, where this Node can read them (22.15 and later); older
 * ones use Node's own, NODE_EXTRA_CA_CERTS included.
 */
function certificateAuthorities(): string[] | undefined {
  const read = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  if (!read) return undefined;
  return [...new Set([...read('default'), ...read('system')])];
}

export interface Upstream {
  /** The upstream's origin and base path, as given (`https://staging.example.com`). */
  readonly base: string;
  /** A request to the upstream, its path appended to the base path. */
  request(method: string, path: string, headers: string[]): ClientRequest;
  close(): void;
}

export function upstreamOf(base: string): Upstream {
  const url = new URL(base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--upstream must be an http:// or https:// URL, not ${base}`);
  const https = url.protocol === 'https:';
  const ca = https ? certificateAuthorities() : undefined;
  const agent = https
    ? new HttpsAgent({ keepAlive: true, ...(ca ? { ca } : {}) })
    : new HttpAgent({ keepAlive: true });
  const prefix = url.pathname.replace(/\/+$/, '');
  const send = https ? httpsRequest : httpRequest;
  return {
    base: `${url.origin}${prefix}`,
    request(method, path, headers) {
      return send({
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        method,
        path: `${prefix}${path}`,
        headers,
        agent,
        ...(https ? { servername: url.hostname } : {}),
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** Why the upstream gave no answer: it could not be reached (502), or did not answer in time (504). */
export class UpstreamTimeout extends Error {}

/** The answer the proxy gives when the upstream gave none: the API's error body, naming the upstream. */
export function gatewayAnswer(
  upstream: string,
  error: Error,
  timeoutMs: number,
): { status: number; body: string } {
  if (error instanceof UpstreamTimeout)
    return {
      status: 504,
      body: JSON.stringify(
        errorBody(
          'unavailable',
          `The upstream ${upstream} did not answer within ${timeoutMs} ms (contracts proxy).`,
        ),
      ),
    };
  const reason = (error as NodeJS.ErrnoException).code ?? error.message;
  return {
    status: 502,
    body: JSON.stringify(
      errorBody('unavailable', `The upstream ${upstream} could not be reached: ${reason} (contracts proxy).`),
    ),
  };
}
