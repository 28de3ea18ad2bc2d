import { ApiClient } from '@org/client';
import { median } from '../common/stats.js';
import type { BenchRequest } from '../requests/load-generator.js';

/** The two calls the client bench makes: a single conversation and a 100-conversation page. */
export function clientCalls(conversationId: number) {
  const probe = new ApiClient({ baseUrl: 'http://127.0.0.1' });
  const pathOf = (url: string) => url.slice('http://127.0.0.1'.length);
  return {
    get: {
      path: pathOf(probe.url('getConversation', { params: { id: conversationId } })),
      call: (client: ApiClient) => client.request('getConversation', { params: { id: conversationId } }),
      validate: (client: ApiClient) =>
        client.request('getConversation', { params: { id: conversationId }, validateResponse: true }),
    },
    list: {
      path: pathOf(probe.url('listConversations', { query: { limit: 100, ordering: '-id' } })),
      call: (client: ApiClient) =>
        client.request('listConversations', { query: { limit: 100, ordering: '-id' } }),
      validate: (client: ApiClient) =>
        client.request('listConversations', {
          query: { limit: 100, ordering: '-id' },
          validateResponse: true,
        }),
    },
  };
}

/** What the ceiling server must have captured for the client bench. */
export function clientBenchRequests(conversationId: number): BenchRequest[] {
  const calls = clientCalls(conversationId);
  return [
    { method: 'GET', path: calls.get.path },
    { method: 'GET', path: calls.list.path },
  ];
}

export interface ClientOverhead {
  /** Median time of one sequential request (microseconds). */
  rawUs: number;
  clientUs: number;
  validatingUs: number;
  overheadUs: number;
  validationUs: number;
}

export interface ClientBenchResult {
  get: ClientOverhead;
  list: ClientOverhead;
}

const timeUs = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return (performance.now() - start) * 1000;
};

/**
 * Sequential calls against a local server that answers from memory (the ceiling server with the
 * captured bodies), so the server's share is small and constant: raw fetch + res.text() +
 * JSON.parse against client.request(), interleaved call by call; medians of the call times.
 */
export async function runClientBench(
  baseUrl: string,
  token: string,
  conversationId: number,
  rounds = 3,
): Promise<ClientBenchResult> {
  const client = new ApiClient({ baseUrl, token, retry: false });
  const calls = clientCalls(conversationId);
  const headers = { Accept: 'application/json', Authorization: token };
  const raw = (path: string) => async () =>
    JSON.parse(await (await fetch(`${baseUrl}${path}`, { headers })).text());
  interface Call {
    path: string;
    call: (client: ApiClient) => Promise<unknown>;
    validate: (client: ApiClient) => Promise<unknown>;
  }
  const one = async (call: Call, n: number): Promise<ClientOverhead> => {
    const samples = { raw: [] as number[], client: [] as number[], validating: [] as number[] };
    const rawCall = raw(call.path);
    const callClient = () => call.call(client);
    const callValidating = () => call.validate(client);
    for (let i = 0; i < n / 2; i++) {
      await rawCall();
      await callClient();
      await callValidating();
    }
    // The three kinds interleaved call by call, in rotating order, so drift and the garbage one
    // call leaves for the next (GC debt, CPU frequency, the other processes) hit all three alike.
    const kinds = [
      [samples.raw, rawCall],
      [samples.client, callClient],
      [samples.validating, callValidating],
    ] as const;
    for (let i = 0; i < n * rounds; i++)
      for (let k = 0; k < kinds.length; k++) {
        const [into, call] = kinds[(i + k) % kinds.length]!;
        into.push(await timeUs(call));
      }
    const rawUs = median(samples.raw);
    const clientUs = median(samples.client);
    const validatingUs = median(samples.validating);
    return {
      rawUs,
      clientUs,
      validatingUs,
      overheadUs: clientUs - rawUs,
      validationUs: validatingUs - clientUs,
    };
  };
  return { get: await one(calls.get, 400), list: await one(calls.list, 100) };
}
