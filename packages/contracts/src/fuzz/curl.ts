import type { FuzzRequest } from './generate.js';
import { urlOf } from './url.js';

/** A byte inside $'...': quotes and backslashes escaped, anything unprintable as \xNN. */
function escapedByte(byte: number): string {
  const c = String.fromCharCode(byte);
  if (c === "'" || c === '\\') return `\\${c}`;
  return byte >= 0x20 && byte < 0x7f ? c : `\\x${byte.toString(16).padStart(2, '0')}`;
}

/** Shell-quotes a value: '...' when it is printable ASCII, $'...' with escapes otherwise. */
export function shellQuote(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  return `$'${[...Buffer.from(s, 'utf8')].map(escapedByte).join('')}'`;
}

/** How a curl line quotes each of its values (a script splices shell variables in). */
export type Quote = (value: string) => string;

/**
 * The run's token stays out of the line (it is read from $API_TOKEN, the other organization's from
 * $OTHER_API_TOKEN); any other Authorization is shown.
 */
function authorizationArguments(req: FuzzRequest, quote: Quote, tokenVariable: string): string[] {
  if (req.auth === 'token') return [`-H "Authorization: $${tokenVariable}"`];
  return req.auth === 'none' ? [] : [`-H ${quote(`Authorization: ${req.auth.value}`)}`];
}

function bodyArguments(req: FuzzRequest, quote: Quote): string[] {
  if (!req.body) return [];
  return [
    `-H ${quote(`Content-Type: ${req.body.contentType ?? ''}`)}`,
    `--data-binary ${quote(req.body.text)}`,
  ];
}

/** The arguments of a curl command for the request after its options: method, URL, headers, body. */
export function curlArguments(
  baseUrl: string,
  req: FuzzRequest,
  quote: Quote = shellQuote,
  tokenVariable = 'API_TOKEN',
): string[] {
  return [
    `-X ${req.method}`,
    quote(urlOf(baseUrl, req)),
    ...Object.entries(req.headers).map(([name, value]) => `-H ${quote(`${name}: ${value}`)}`),
    ...authorizationArguments(req, quote, tokenVariable),
    ...bodyArguments(req, quote),
  ];
}

/** A curl line for the request; the run's token is written as $API_TOKEN. */
export function curlOf(baseUrl: string, req: FuzzRequest, tokenVariable = 'API_TOKEN'): string {
  return [
    'curl -sS -i --globoff --path-as-is',
    ...curlArguments(baseUrl, req, shellQuote, tokenVariable),
  ].join(' ');
}
