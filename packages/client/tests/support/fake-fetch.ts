import type { FetchLike } from '../../src/index.js';

export interface RecordedRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | undefined;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch double: records every request and answers from a handler. */
export function fakeFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request: RecordedRequest = {
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    return handler(request);
  };
  return { fetch, requests };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Answers from a list, one response per call (the last one repeats). */
export function sequence(...responses: Array<() => Response>): Handler {
  let i = 0;
  return () => responses[Math.min(i++, responses.length - 1)]!();
}
