import type { FuzzRequest } from './generate.js';
import { urlOf } from './url.js';

/** A byte inside $'...': quotes and backslashes escaped, anything unprintable as \xNN. */
function escapedByte(byte: number): string {
  const c = String.fromCharCode(byte);
  if (c === "'" || c === '\\') return `\\${c}`;
  return byte >= 0x20 && byte < 0x7f ? c : `\\x${byte.toString(16).padStart(2, '0')}`;
}

/** Shell-quotes a value: '...' when it is printable ASCII, $'...' with escapes otherwise. */
function shellQuote(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  return `$'${[...Buffer.from(s, 'utf8')].map(escapedByte).join('')}'`;
}

/** The run's token stays out of the line (it is read from $API_TOKEN); any other Authorization is shown. */
function authorizationArguments(req: FuzzRequest): string[] {
  if (req.auth === 'token') return ['-H "Authorization: $API_TOKEN"'];
  return req.auth === 'none' ? [] : [`-H ${shellQuote(`Authorization: ${req.auth.value}`)}`];
}

function bodyArguments(req: FuzzRequest): string[] {
  if (!req.body) return [];
  return [
    `-H ${shellQuote(`Content-Type: ${req.body.contentType ?? ''}`)}`,
    `--data-binary ${shellQuote(req.body.text)}`,
  ];
}

/** A curl line for the request; the run's token is written as $API_TOKEN. */
export function curlOf(baseUrl: string, req: FuzzRequest): string {
  return [
    'curl -sS -i --globoff --path-as-is',
    `-X ${req.method}`,
    shellQuote(urlOf(baseUrl, req)),
    ...Object.entries(req.headers).map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`),
    ...authorizationArguments(req),
    ...bodyArguments(req),
  ].join(' ');
}
