// The packages from an ES module of a node16 project, as a NodeNext team's .mts files import them:
// TypeScript resolves their `import` conditions and declarations the way Node itself does.
import { createClient, isApiError } from '@org/client';
import { pactMatchersFor } from '@org/contracts';
import { type Conversation, ConversationSchema, ERROR_CODES, type ErrorCode, endpoints } from '@org/model';
import { openApiDocument } from '@org/model/openapi';

export function parse(value: unknown): Conversation {
  return ConversationSchema.parse(value);
}
export const throttled: ErrorCode = 'throttled';
export const status: 429 = ERROR_CODES.throttled.status;
export const path: string = endpoints.listConversations.path;
export const title: string = openApiDocument().info.title;
export const matchersOf: typeof pactMatchersFor = pactMatchersFor;

export async function firstIds(baseUrl: string, token: string): Promise<number[]> {
  const client = createClient({ baseUrl, token });
  const page = await client.request('listConversations', { query: { limit: 2 } });
  return page.results.map((c) => c.id);
}

export function notFound(e: unknown): boolean {
  return isApiError(e) && e.status === 404;
}
