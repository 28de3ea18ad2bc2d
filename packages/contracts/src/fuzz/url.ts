import type { FuzzRequest } from './generate.js';

/** The request as a URL (query values percent-encoded unless marked raw). */
export function urlOf(baseUrl: string, req: FuzzRequest): string {
  const path = req.pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(req.pathParams[name] ?? ''),
  );
  const query = req.query
    .map((q) => `${encodeURIComponent(q.name)}=${q.raw ? q.value : encodeURIComponent(q.value)}`)
    .join('&');
  return `${baseUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}
