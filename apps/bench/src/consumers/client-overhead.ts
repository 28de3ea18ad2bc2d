import { ApiClient } from '@org/client';
import { median } from '../common/stats.js';
import { type CapturedResponse, captureResponses } from '../requests/captured-responses.js';
import { CeilingProcess } from '../requests/ceiling-process.js';
import { withServerProcess } from '../starts/server-process.js';

/** The demo world's 100-item conversation page: what `GET /api/um/v3/conversations/?limit=100` asks. */
const LIST_QUERY = { limit: 100 } as const;

/** The two calls the client bench makes: a single conversation and the 100-conversation page. */
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
      path: pathOf(probe.url('listConversations', { query: LIST_QUERY })),
      call: (client: ApiClient) => client.request('listConversations', { query: LIST_QUERY }),
      validate: (client: ApiClient) =>
        client.request('listConversations', { query: LIST_QUERY, validateResponse: true }),
    },
  };
}

export interface ClientOverhead {
  /** Median time of one sequential request (microseconds). */
  rawUs: number;
  clientUs: number;
  validatingUs: number;
  overheadUs: number;
  validationUs: number;
  /** The body's size as the server sent it (bytes). */
  bytes?: number;
}

export interface ClientBenchResult {
  get: ClientOverhead;
  list: ClientOverhead;
}

/** The demo world's answers to the client bench's calls, as a reference server on it sends them. */
export interface DemoWorldCalls {
  token: string;
  conversationId: number;
  captured: CapturedResponse[];
}

/**
 * Starts the reference server as `reference-server --memory` does (its own demo world), and captures
 * the list page and the first conversation on it byte for byte, as the ceiling server replays them.
 */
export async function captureDemoWorldCalls(): Promise<DemoWorldCalls> {
  return withServerProcess({ memory: true }, async (server) => {
    const token = server.ready.world.organizations[0]!.token;
    const headers = { Authorization: token, Accept: 'application/json' };
    const [list] = await captureResponses(
      server.url,
      [{ method: 'GET', path: clientCalls(0).list.path }],
      headers,
    );
    if (list?.status !== 200) throw new Error(`the demo world's conversation page answered ${list?.status}`);
    const page = JSON.parse(list.body.toString('utf8')) as { results: { id: number }[] };
    const conversationId = page.results[0]!.id;
    const [get] = await captureResponses(
      server.url,
      [{ method: 'GET', path: clientCalls(conversationId).get.path }],
      headers,
    );
    if (get?.status !== 200)
      throw new Error(`the demo world's conversation ${conversationId} answered ${get?.status}`);
    return { token, conversationId, captured: [get, list] };
  });
}

const timeUs = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return (performance.now() - start) * 1000;
};

/**
 * The client's cost on the demo world's own answers (issue #40 item 5: the page exactly as the server
 * sends it): captured from a reference server on its demo world, replayed by the ceiling server in its
 * own process, so the server's share is small and constant.
 */
export async function runClientBench(rounds = 3): Promise<ClientBenchResult> {
  const calls = await captureDemoWorldCalls();
  const ceiling = await CeilingProcess.start(calls.captured);
  try {
    const result = await measureClientOverhead(ceiling.url, calls.token, calls.conversationId, rounds);
    const [get, list] = calls.captured;
    return {
      get: { ...result.get, bytes: get!.body.length },
      list: { ...result.list, bytes: list!.body.length },
    };
  } finally {
    await ceiling.stop();
  }
}

/**
 * Sequential calls against a local server that answers from memory (the ceiling server with the
 * captured bodies): raw fetch + res.text() + JSON.parse against client.request(), interleaved call
 * by call; medians of the call times.
 */
export async function measureClientOverhead(
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
