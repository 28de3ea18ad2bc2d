import { LIMITS } from '@org/model';
import type { RecordedRequest } from './fake-fetch.js';
import { json } from './fake-fetch.js';

/** A D6 offset list of `total` items {id}: count is the true total, links stop at the 10,000 cap. */
export function offsetList(total: number, cap: number = LIMITS.offsetPage.maxReachable) {
  return ({ url }: RecordedRequest) => {
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const reachable = Math.min(total, cap);
    const results = Array.from({ length: Math.max(0, Math.min(limit, reachable - offset)) }, (_, i) => ({
      id: total - offset - i,
    }));
    const link = (o: number) => {
      const next = new URL(url);
      next.searchParams.set('limit', String(limit));
      next.searchParams.set('offset', String(o));
      return next.href;
    };
    return json({
      count: total,
      next: offset + limit < reachable ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      results,
    });
  };
}

/** A D7 cursor list of ids 1..total, ascending; cursor = the last id of the previous page. */
export function cursorList(total: number, withCount = true) {
  return ({ url }: RecordedRequest) => {
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const after = Number(url.searchParams.get('cursor') ?? 0);
    const ids = Array.from({ length: total }, (_, i) => i + 1)
      .filter((id) => id > after)
      .slice(0, limit);
    const last = ids[ids.length - 1];
    const next = new URL(url);
    next.searchParams.set('cursor', String(last));
    return json({
      next: last !== undefined && last < total ? next.href : null,
      previous: null,
      results: ids.map((id) => ({ id })),
      ...(withCount ? { count: total } : {}),
    });
  };
}
