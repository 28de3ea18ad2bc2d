/** Where a request came from, to build absolute links from its own host (D6, D7). */
export interface RequestOrigin {
  /** e.g. http://127.0.0.1:3000 */
  origin: string;
  /** Path without the query string. */
  path: string;
  /** The raw query parameters as received (filters are carried into links unchanged). */
  query: URLSearchParams;
}

/** The same request with some parameters replaced (null removes one). */
export const linkTo = (from: RequestOrigin, changes: Record<string, string | number | null>): string => {
  const params = new URLSearchParams(from.query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return `${from.origin}${from.path}${qs ? `?${qs}` : ''}`;
};
