import { isObject } from '../document/json.js';
import type { HeaderBag, RecordedExchange } from '../exchange/types.js';

/** A pact interaction as V2, V3 and V4 files write it (the parts the check reads). */
export interface PactInteraction {
  readonly description?: string;
  readonly type?: string;
  readonly request?: PactMessage & {
    readonly method?: string;
    readonly path?: string;
    readonly query?: string | Record<string, string | readonly string[]>;
  };
  readonly response?: PactMessage & { readonly status?: number };
}

interface PactMessage {
  readonly headers?: Record<string, string | readonly string[]>;
  /** V2/V3: the body itself; V4: `{ content, contentType, encoded }`. */
  readonly body?: unknown;
}

/** Headers of a pact (one string, or a list per name in V4), looked up by any case. */
function headerBagOf(headers: PactMessage['headers']): HeaderBag {
  const byName = new Map(
    Object.entries(headers ?? {}).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
  return { get: (name) => byName.get(name.toLowerCase()) ?? null };
}

/** A V4 body (`{ content, contentType, encoded }`) or an earlier one, as text with its media type. */
function bodyOf(message: PactMessage): { text: string; contentType: string | undefined } {
  const { body } = message;
  if (body === undefined || body === null) return { text: '', contentType: undefined };
  if (isObject(body) && 'content' in body && ('contentType' in body || 'encoded' in body)) {
    const { content, contentType, encoded } = body as {
      content: unknown;
      contentType?: string;
      encoded?: unknown;
    };
    const text =
      typeof content === 'string'
        ? encoded === 'base64' || encoded === true
          ? Buffer.from(content, 'base64').toString('utf8')
          : content
        : JSON.stringify(content);
    return { text, contentType };
  }
  return { text: typeof body === 'string' ? body : JSON.stringify(body), contentType: undefined };
}

/** A V4 body's media type is a header too, where the interaction does not name one. */
function withContentType(headers: HeaderBag, contentType: string | undefined): HeaderBag {
  if (!contentType) return headers;
  return { get: (name) => headers.get(name) ?? (name.toLowerCase() === 'content-type' ? contentType : null) };
}

/** The query of a pact request: a string (V2) or values by name (V3, V4), as ordered pairs. */
function queryOf(
  query: string | Record<string, string | readonly string[]> | undefined,
): Array<[string, string]> {
  if (query === undefined) return [];
  if (typeof query === 'string') return [...new URLSearchParams(query)];
  return Object.entries(query).flatMap(([name, values]) =>
    (Array.isArray(values) ? values : [values]).map((value): [string, string] => [name, String(value)]),
  );
}

/** Whether an interaction is an HTTP request and response (V4 also holds messages). */
export function isHttpInteraction(interaction: PactInteraction): boolean {
  return (
    (interaction.type === undefined || interaction.type === 'Synchronous/HTTP') &&
    typeof interaction.request?.method === 'string' &&
    typeof interaction.request.path === 'string' &&
    typeof interaction.response?.status === 'number'
  );
}

/**
 * An HTTP interaction as a recorded exchange: the request and response it holds (matchers aside:
 * the pact's example values are what the consumer sent and expects).
 */
export function exchangeOfInteraction(interaction: PactInteraction): RecordedExchange {
  const request = interaction.request!;
  const response = interaction.response!;
  const requestBody = bodyOf(request);
  const responseBody = bodyOf(response);
  const [path, search] = request.path!.split('?', 2) as [string, string | undefined];
  return {
    request: {
      method: request.method!,
      path,
      query: [...queryOf(search), ...queryOf(request.query)],
      headers: withContentType(headerBagOf(request.headers), requestBody.contentType),
      body: requestBody.text,
    },
    response: {
      status: response.status!,
      headers: withContentType(headerBagOf(response.headers), responseBody.contentType),
      body: responseBody.text,
    },
  };
}
