/**
 * A project compiled with `exactOptionalPropertyTypes` passes values that may be undefined to the
 * client's options, as environment variables and optional settings are: this must compile
 * (tests/exact-optional.test.ts runs tsc on it).
 */
import { type ClientOptions, createClient, type RetryOptions } from '../../src/index.js';

declare const maybe: {
  number: number | undefined;
  retry: RetryOptions | undefined;
  signal: AbortSignal | undefined;
};

const options: ClientOptions = {
  baseUrl: 'http://127.0.0.1:3000',
  token: process.env.TOKEN,
  organizationId: maybe.number,
  operatorId: maybe.number,
  headers: undefined,
  retry: maybe.retry,
  validation: undefined,
  onWarning: undefined,
};
const client = createClient(options).with({ token: process.env.OTHER_TOKEN });

export async function calls() {
  await client.request('listConversations', {
    query: { limit: maybe.number, status: undefined },
    signal: maybe.signal,
    organizationId: maybe.number,
    operatorId: undefined,
  });
  await client.request('getConversation', { params: { id: 1 }, headers: undefined });
  for await (const page of client.pages(
    'listContacts',
    { query: { limit: maybe.number } },
    { maxPages: maybe.number },
  ))
    return page;
  return undefined;
}
