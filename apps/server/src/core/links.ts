import { ApiError } from './api-error.js';

/** Where a request came from, to build absolute page links from its own host. */
export interface RequestOrigin {
  /** e.g. http://127.0.0.1:3000 */
  origin: string;
  /** Path without the query string. */
  path: string;
  /** The raw query parameters as received (filters are carried into links unchanged). */
  query: URLSearchParams;
}

/** The same request with some parameters replaced (null removes one). */
export function linkTo(from: RequestOrigin, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(from.query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return `${from.origin}${from.path}${qs ? `?${qs}` : ''}`;
}

/** A hostname (RFC 1123 labels), an IPv4 address or a bracketed IPv6 address, with an optional port. */
const VALID_HOST =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?))*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a Host header makes a valid URL origin: the shape above, and what WHATWG URL parsing
 * (the clients' and the links' reader) accepts, so that a port beyond 65535 is refused rather than
 * written into a `next` link no client can follow.
 */
function isValidHost(protocol: string, host: string | undefined): host is string {
  if (!host || host.length > 255 || !VALID_HOST.test(host)) return false;
  try {
    return new URL(`${protocol}://${host}`).host !== '';
  } catch {
    return false;
  }
}

/**
 * The origin links are built from. A configured public URL wins; otherwise the request's Host
 * header, which must be a valid host (400 otherwise), so an empty or odd Host never reaches a link.
 */
export function originFor(publicUrl: string | undefined, protocol: string, host: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  if (!isValidHost(protocol, host))
    throw new ApiError(
      'invalid',
      'Invalid Host header: expected a hostname or IP address with an optional port.',
      {
        Host: ['Expected a hostname or IP address with an optional port.'],
      },
    );
  return `${protocol}://${host}`;
}

/** A start option or CLI value naming the public URL: an absolute http(s) URL without query or fragment. */
export function parsePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`public URL "${value}" is not an absolute URL`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
    throw new Error(`public URL "${value}" must be an http(s) URL without query or fragment`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
