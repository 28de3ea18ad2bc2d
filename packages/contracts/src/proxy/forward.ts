import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderBag, RecordedExchange } from '../exchange/types.js';
import { type Capture, captureUpTo, decodedBody } from './capture.js';
import {
  endToEndRawHeaders,
  gatewayAnswer,
  type Upstream,
  UpstreamTimeout,
  upstreamHeaders,
} from './upstream.js';

/** The header `--violations-header` adds to an answer that broke the document (absent otherwise). */
export const VIOLATIONS_HEADER = 'X-Contract-Violations';

/** One exchange the proxy forwarded: what the engine judges, and what the HAR and the report keep. */
export interface ForwardedExchange {
  readonly startedAt: Date;
  readonly timeMs: number;
  /** The request's path and query as the client sent them. */
  readonly url: string;
  readonly method: string;
  readonly exchange: RecordedExchange;
  readonly requestHeaders: ReadonlyArray<readonly [string, string]>;
  readonly responseHeaders: ReadonlyArray<readonly [string, string]>;
  /** Response bytes as sent (encoded, when the upstream compressed them). */
  readonly responseBytes: number;
  /** The answer came from the proxy itself (the upstream gave none): not judged. */
  readonly gateway: boolean;
}

export interface ForwardSettings {
  readonly upstream: Upstream;
  readonly bodyLimitBytes: number;
  readonly timeoutMs: number;
  /**
   * Judges an exchange and returns the header value naming its violations (undefined: none). Called
   * before the answer's head is written only with `violationsHeader`.
   */
  readonly violationsOf: (exchange: RecordedExchange) => string | undefined;
  readonly violationsHeader: boolean;
  /** Called once an exchange is complete (the answer sent), to judge, log and record it. */
  readonly onExchange: (forwarded: ForwardedExchange) => void;
}

function headerBagOf(headers: IncomingHttpHeaders): HeaderBag {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

function pairsOf(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

/** A body as the engine reads it: text when it was kept whole and could be decoded. */
function bodyText(
  capture: Capture,
  contentEncoding: string | string[] | undefined,
): { text: string; whole: boolean } {
  if (!capture.complete) return { text: '', whole: false };
  const decoded = decodedBody(capture.buffer(), [contentEncoding ?? []].flat().join(','));
  return decoded ? { text: decoded.toString('utf8'), whole: true } : { text: '', whole: false };
}

interface ExchangeState {
  readonly req: IncomingMessage;
  readonly started: number;
  readonly startedAt: Date;
  readonly requestBody: Capture;
  /**
   * With --violations-header, the exchange as judged before the head was written. The answer is
   * complete then, or already past the limit (its body unjudged either way), so it is the exchange
   * the end reports too, and its judgement is not made twice.
   */
  judgedAtHead?: RecordedExchange;
}

function recordedExchange(
  state: ExchangeState,
  status: number,
  headers: IncomingHttpHeaders,
  responseBody: Capture,
): RecordedExchange {
  const { req } = state;
  const url = new URL(req.url ?? '/', 'http://proxy.invalid');
  const request = bodyText(state.requestBody, req.headers['content-encoding']);
  const response = bodyText(responseBody, headers['content-encoding']);
  return {
    request: {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: [...url.searchParams],
      headers: headerBagOf(req.headers),
      body: request.text,
      ...(request.whole ? {} : { truncated: true }),
    },
    response: {
      status,
      headers: headerBagOf(headers),
      body: response.text,
      ...(response.whole ? {} : { truncated: true }),
    },
  };
}

/**
 * The request handler of the proxy: forwards the request as it came (method, path, headers but the
 * hop-by-hop ones, body streamed), answers with what the upstream sent (status, headers, body
 * streamed) and keeps a copy of both bodies up to the limit for the engine. Without
 * `violationsHeader` the answer is not held back at all; with it, a body within the limit is held
 * until it is judged, so the header can name what it broke. When the upstream gives no answer the
 * client gets 502 (not reached) or 504 (no answer in time), naming the upstream.
 */
export function forwarderOf(settings: ForwardSettings) {
  const { upstream, bodyLimitBytes, timeoutMs } = settings;
  const host = new URL(upstream.base).host;

  return function forwardExchange(req: IncomingMessage, res: ServerResponse): void {
    const state: ExchangeState = {
      req,
      started: performance.now(),
      startedAt: new Date(),
      requestBody: captureUpTo(bodyLimitBytes),
    };
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const outgoing = upstream.request(method, url, upstreamHeaders(req.headers, req.rawHeaders, host));
    let answered = false;

    function complete(
      status: number,
      headers: IncomingHttpHeaders,
      raw: readonly string[],
      body: Capture,
      gateway: boolean,
    ) {
      settings.onExchange({
        startedAt: state.startedAt,
        timeMs: performance.now() - state.started,
        url,
        method,
        exchange: state.judgedAtHead ?? recordedExchange(state, status, headers, body),
        requestHeaders: pairsOf(req.rawHeaders),
        responseHeaders: pairsOf(raw),
        responseBytes: body.bytes,
        gateway,
      });
    }

    function answerWithoutUpstream(error: Error) {
      if (answered) {
        // The head is sent: the client sees the answer cut short, as it would without the proxy.
        res.destroy(error);
        return;
      }
      // The client went away first (the proxy dropped the upstream request for it): nobody to answer.
      if (res.destroyed) return;
      answered = true;
      const { status, body } = gatewayAnswer(upstream.base, error, timeoutMs);
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      };
      res.writeHead(status, headers);
      res.end(body);
      const capture = captureUpTo(bodyLimitBytes);
      capture.add(Buffer.from(body));
      complete(status, headers, Object.entries(headers).flat(), capture, true);
    }

    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new UpstreamTimeout('timeout')));
    outgoing.on('error', answerWithoutUpstream);
    outgoing.on('response', function relayAnswer(incoming) {
      answered = true;
      const status = incoming.statusCode ?? 502;
      const raw = endToEndRawHeaders(incoming.rawHeaders, incoming.headers.connection);
      const body = captureUpTo(bodyLimitBytes);
      incoming.on('error', (error) => res.destroy(error));
      res.on('finish', () => complete(status, incoming.headers, raw, body, false));
      if (!settings.violationsHeader) {
        res.writeHead(status, incoming.statusMessage, raw);
        incoming.on('data', (chunk: Buffer) => body.add(chunk));
        incoming.pipe(res);
        return;
      }
      holdUntilJudged(incoming, res, status, raw, body, state);
    });

    /** With --violations-header: the head waits for the body (up to the limit) to be judged. */
    function holdUntilJudged(
      incoming: IncomingMessage,
      out: ServerResponse,
      status: number,
      raw: string[],
      body: Capture,
      exchangeState: ExchangeState,
    ) {
      const held: Buffer[] = [];
      let flowing = false;
      function writeHead() {
        exchangeState.judgedAtHead = recordedExchange(exchangeState, status, incoming.headers, body);
        const violations = settings.violationsOf(exchangeState.judgedAtHead);
        out.writeHead(
          status,
          incoming.statusMessage,
          violations ? [...raw, VIOLATIONS_HEADER, violations] : raw,
        );
        for (const chunk of held) out.write(chunk);
        held.length = 0;
      }
      incoming.on('data', (chunk: Buffer) => {
        body.add(chunk);
        if (flowing) {
          if (!out.write(chunk)) incoming.pause();
          return;
        }
        held.push(chunk);
        if (!body.complete) {
          // Past the limit: the body is not judged; what the head and status broke still is.
          flowing = true;
          writeHead();
        }
      });
      out.on('drain', () => incoming.resume());
      incoming.on('end', () => {
        if (!flowing) writeHead();
        out.end();
      });
    }

    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.on('data', (chunk: Buffer) => state.requestBody.add(chunk));
    req.on('error', () => outgoing.destroy());
    req.pipe(outgoing);
  };
}
