import { appendFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { OpenApiDocument } from '../document/openapi-document.js';
import { type Judgement, judgeExchange } from '../exchange/judge-exchange.js';
import { judgedDocumentOf, publishedDocument } from '../exchange/judged-document.js';
import { redactBody, redactedValue, redactUrl } from '../exchange/redact.js';
import { type ExchangeReport, exchangeTally } from '../exchange/report.js';
import type { RecordedExchange } from '../exchange/types.js';
import { type ExchangeLogLine, exchangeLogLine, violationsHeaderValue } from './exchange-log.js';
import { type ForwardedExchange, forwarderOf } from './forward.js';
import { type HarWriter, harWriter } from './har-writer.js';
import { upstreamOf } from './upstream.js';

/** Bodies up to this size are judged by default: an analytics page of 10,000 points is about 2 MB. */
export const DEFAULT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** How long the upstream may take to answer (or stay silent within an answer) by default. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ProxyOptions {
  /** The deployment the proxy forwards to: `https://staging.example.com`. */
  readonly upstream: string;
  /** The port to listen on; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The address to listen on; default 127.0.0.1. */
  readonly host?: string;
  /** The OpenAPI 3.0 document; default the one published with @org/model. */
  readonly document?: OpenApiDocument;
  /** Response bodies as documented: a property the document does not declare is a finding. */
  readonly strict?: boolean;
  /** Add `X-Contract-Violations` to answers that broke the document (off: clients get exactly the upstream's answer). */
  readonly violationsHeader?: boolean;
  /** Bodies larger than this are streamed through without being judged; default 4 MiB. */
  readonly bodyLimitBytes?: number;
  /** ms the upstream may take to answer; default 30,000. */
  readonly timeoutMs?: number;
  /** Write the exchanges as HAR 1.2 to this file (redacted), for `contracts check-har`. */
  readonly har?: string;
  /** Called with each exchange that broke the document (redacted). */
  readonly onViolation?: (line: ExchangeLogLine) => void;
}

export interface ValidatingProxy {
  /** Where it listens: `http://127.0.0.1:38411`. */
  readonly url: string;
  /** The report so far. */
  report(): ExchangeReport;
  /** Stops listening, ends open connections and the HAR file; resolves with the report. */
  close(): Promise<ExchangeReport>;
}

/** What the HAR keeps of an exchange: headers and bodies redacted, bodies past the limit left out. */
function harInputOf(upstream: string, forwarded: ForwardedExchange) {
  const { exchange } = forwarded;
  const headers = (pairs: ReadonlyArray<readonly [string, string]>) =>
    pairs.map(([name, value]) => ({ name, value: redactedValue(name, value) }));
  const requestBody = exchange.request.truncated ? undefined : exchange.request.body;
  return {
    startedAt: forwarded.startedAt,
    timeMs: forwarded.timeMs,
    request: {
      method: forwarded.method,
      // The path as the client sent it, which is the API's (an upstream base path is the deployment's).
      url: `${new URL(upstream).origin}${redactUrl(forwarded.url)}`,
      headers: headers(forwarded.requestHeaders),
      ...(requestBody ? { body: redactBody(requestBody) } : {}),
    },
    response: {
      status: exchange.response.status,
      headers: headers(forwarded.responseHeaders),
      body: exchange.response.truncated ? undefined : redactBody(exchange.response.body),
      size: forwarded.responseBytes,
    },
  };
}

/** Keeps track of open sockets, so that close ends kept-alive connections instead of waiting on them. */
function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

/**
 * Starts a validating proxy: every request goes to the upstream unchanged and every answer back
 * unchanged, and each exchange is judged against the document by the exchange engine on the way.
 */
export async function startValidatingProxy(options: ProxyOptions): Promise<ValidatingProxy> {
  const upstream = upstreamOf(options.upstream);
  const judged = judgedDocumentOf(options.document ?? (await publishedDocument()));
  const strict = options.strict === true;
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const tally = exchangeTally({ sources: [upstream.base], strict, bodyLimitBytes });
  const har: HarWriter | undefined = options.har ? harWriter(options.har) : undefined;
  // With --violations-header an exchange is judged before its head is sent, and that judgement is
  // the one the log, the report and the tally use at its end.
  const judgements = new WeakMap<RecordedExchange, Judgement>();
  function judge(exchange: RecordedExchange): Judgement {
    let judgement = judgements.get(exchange);
    if (!judgement) {
      judgement = judgeExchange(judged, exchange, { strict });
      judgements.set(exchange, judgement);
    }
    return judgement;
  }

  const forward = forwarderOf({
    upstream,
    bodyLimitBytes,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    violationsHeader: options.violationsHeader === true,
    violationsOf: (exchange) => violationsHeaderValue(judge(exchange)),
    onExchange: function judgeForwarded(forwarded) {
      // The proxy's own 502 and 504 say nothing of the platform: recorded, not judged.
      if (!forwarded.gateway) {
        const judgement = judge(forwarded.exchange);
        const bodyNotJudged = forwarded.exchange.response.truncated === true;
        tally.add(judgement, {
          method: judgement.method,
          url: forwarded.url,
          ...(bodyNotJudged ? { bodyNotJudged } : {}),
        });
        const line = exchangeLogLine(judgement, forwarded.url, forwarded.startedAt);
        if (line) options.onViolation?.(line);
      }
      har?.add(harInputOf(upstream.base, forwarded));
    },
  });

  const server = createServer(function proxyRequest(req, res) {
    try {
      forward(req, res);
    } catch (error) {
      // Never a crash: a request that could not even be forwarded is the proxy's 502.
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`contracts proxy: ${(error as Error).message}`);
    }
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const sockets = trackSockets(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<ExchangeReport> | undefined;

  return {
    url: `http://${hostname}:${address.port}`,
    report: () => tally.report(),
    close() {
      closed ??= new Promise<ExchangeReport>((resolve) => {
        server.close(() => {
          upstream.close();
          har?.close();
          resolve(tally.report());
        });
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}

/** Appends log lines to a file, one JSON document a line. */
export function fileLog(file: string): (line: ExchangeLogLine) => void {
  return function appendLogLine(line) {
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}
