import type { HarHeader } from '../../src/har/read-har.js';

/** An exchange sent to a server and recorded as a HAR writer takes it. */
export interface Recorded {
  readonly startedAt: Date;
  readonly timeMs: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: HarHeader[];
    readonly body?: string;
  };
  readonly response: {
    readonly status: number;
    readonly headers: HarHeader[];
    readonly body: string;
    readonly size: number;
  };
}

export interface RequestSpec {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** Sends one request with fetch and keeps the exchange (headers as they went and came). */
export async function record(baseUrl: string, spec: RequestSpec): Promise<Recorded> {
  const url = `${baseUrl}${spec.path}`;
  const method = spec.method ?? 'GET';
  const requestHeaders = Object.entries(spec.headers ?? {}).map(([name, value]) => ({ name, value }));
  const startedAt = new Date();
  const started = performance.now();
  const answer = await fetch(url, {
    method,
    headers: spec.headers ?? {},
    ...(spec.body === undefined ? {} : { body: spec.body }),
  });
  const body = await answer.text();
  return {
    startedAt,
    timeMs: performance.now() - started,
    request: {
      method,
      url,
      headers: requestHeaders,
      ...(spec.body === undefined ? {} : { body: spec.body }),
    },
    response: {
      status: answer.status,
      headers: [...answer.headers].map(([name, value]) => ({ name, value })),
      body,
      size: Buffer.byteLength(body),
    },
  };
}

/** The ids of a list's first page. */
export function idsOf(recorded: Recorded): number[] {
  const results = (JSON.parse(recorded.response.body) as { results?: Array<{ id: number }> }).results ?? [];
  return results.map((r) => r.id);
}
