import type { EndpointDefinition, EndpointId } from '@org/model';

/**
 * Code samples of one operation, generated from its entry of the endpoint table (method, path and
 * example), in the three ways a reader calls the API: curl, fetch and @org/client. Every sample reads
 * the server's address and the token from the environment (API, TOKEN), as the getting-started guide
 * sets them, so the same text runs against any server.
 */
export interface OperationSamples {
  readonly curl: string;
  readonly fetch: string;
  readonly client: string;
}

const fillPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/\{(\w+)\}/g, function paramValue(_match, name: string) {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: the example has no value for {${name}}`);
    return encodeURIComponent(String(value));
  });

/** The path and query of the example request, as a client sends it. */
export function exampleTarget(endpoint: EndpointDefinition): string {
  const query = new URLSearchParams(endpoint.example.query ?? {}).toString();
  return `${fillPath(endpoint.path, endpoint.example.params)}${query ? `?${query}` : ''}`;
}

const hasBody = (endpoint: EndpointDefinition): boolean => endpoint.example.body !== undefined;

const curlSample = (endpoint: EndpointDefinition): string => {
  const lines = [
    `curl -sS -X ${endpoint.method} "$API${exampleTarget(endpoint)}"`,
    '-H "Authorization: $TOKEN"',
  ];
  if (hasBody(endpoint)) {
    lines.push('-H "Content-Type: application/json"', `-d '${JSON.stringify(endpoint.example.body)}'`);
  }
  return lines.join(' \\\n  ');
};

const fetchSample = (endpoint: EndpointDefinition): string => {
  const headers = hasBody(endpoint)
    ? "{ Authorization: process.env.TOKEN ?? '', 'Content-Type': 'application/json' }"
    : "{ Authorization: process.env.TOKEN ?? '' }";
  const init = [`  method: '${endpoint.method}',`, `  headers: ${headers},`];
  if (hasBody(endpoint)) init.push(`  body: JSON.stringify(${JSON.stringify(endpoint.example.body)}),`);
  const answer =
    endpoint.success[204] !== undefined ? 'response.status' : 'response.status, await response.json()';
  return [
    `const response = await fetch(\`\${process.env.API}${exampleTarget(endpoint)}\`, {`,
    ...init,
    '});',
    `console.log(${answer});`,
  ].join('\n');
};

/**
 * The example's query values are text as sent; the client takes friendlier values (numbers, id lists,
 * booleans) and writes them back the same way, so the sample shows those.
 */
const friendlyQueryValue = (text: string, integer: boolean): unknown => {
  if (integer && /^\d+$/.test(text)) return Number(text);
  if (integer && /^\d+(?:,\d+)+$/.test(text)) return text.split(',').map(Number);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
};

const friendlyQuery = (
  query: Record<string, string>,
  integers: ReadonlySet<string>,
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(query).map(([name, text]) => [name, friendlyQueryValue(text, integers.has(name))]),
  );

const clientInput = (endpoint: EndpointDefinition, integers: ReadonlySet<string>): string => {
  const parts: string[] = [];
  const { params, query, body } = endpoint.example;
  if (params && Object.keys(params).length > 0) parts.push(`params: ${JSON.stringify(params)}`);
  if (query && Object.keys(query).length > 0)
    parts.push(`query: ${JSON.stringify(friendlyQuery(query, integers))}`);
  if (body !== undefined) parts.push(`body: ${JSON.stringify(body)}`);
  return parts.length > 0 ? `, { ${parts.join(', ')} }` : '';
};

const clientSample = (id: EndpointId, endpoint: EndpointDefinition, integers: ReadonlySet<string>): string =>
  [
    "import { createClient } from '@org/client';",
    '',
    "const client = createClient({ baseUrl: process.env.API ?? 'http://127.0.0.1:3000', token: process.env.TOKEN });",
    `const { status${endpoint.success[204] !== undefined ? '' : ', data'} } = await client.send('${id}'${clientInput(endpoint, integers)});`,
    `console.log(status${endpoint.success[204] !== undefined ? '' : ', data'});`,
  ].join('\n');

/**
 * The samples of one operation; `integerQuery` names its query parameters the document types as
 * integers (the client takes numbers for those, text for the rest).
 */
export function samplesOf(
  id: EndpointId,
  endpoint: EndpointDefinition,
  integerQuery: ReadonlySet<string> = new Set(),
): OperationSamples {
  return {
    curl: curlSample(endpoint),
    fetch: fetchSample(endpoint),
    client: clientSample(id, endpoint, integerQuery),
  };
}
