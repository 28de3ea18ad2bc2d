import { isApiError, paramFormatsOf } from '@org/client';
import { type EndpointId, endpointList, LIMITS } from '@org/model';
import { type ConformanceCheck, check, type Violations } from '../check.js';
import type { ConformanceContext } from '../context.js';
import { answerOf, recordVerdicts, verdictsOn } from '../verdicts.js';
import { foundParamsOf } from './collections.js';

interface Page {
  count?: number;
  next: string | null;
  previous: string | null;
  results: Array<{ id: number | string }>;
}

const CAP = LIMITS.offsetPage.maxReachable;
const MAX_LIMIT = LIMITS.offsetPage.maxLimit;

/** A link is an absolute URL on the host that was asked, to the same path, with these parameters. */
const expectLink = (
  ctx: ConformanceContext,
  v: Violations,
  link: string,
  what: string,
  path: string,
  params: Record<string, string>,
) => {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    v.add(`${what} is not an absolute URL: ${link}`);
    return;
  }
  v.expect(
    url.host === new URL(ctx.baseUrl).host,
    `${what} names host ${url.host}, not the one asked (${link})`,
  );
  v.expect(url.pathname === path, `${what} goes to ${url.pathname}, not ${path}`);
  for (const [key, value] of Object.entries(params))
    v.expect(
      url.searchParams.get(key) === value,
      `${what} carries ${key}=${url.searchParams.get(key)}, expected ${value}`,
    );
};

const getPage = async (
  ctx: ConformanceContext,
  v: Violations,
  id: EndpointId,
  what: string,
  urlOrInput: string | object,
) => {
  try {
    if (typeof urlOrInput === 'string') {
      const res = await ctx.raw(urlOrInput, { Authorization: ctx.options.token });
      if (!v.expect(res.status === 200, `${what}: answered ${res.status}`)) return undefined;
      recordVerdicts(v, what, res.headers, await verdictsOn(id, res));
      return res.body as Page;
    }
    const res = await ctx.client.send(id, urlOrInput as never);
    recordVerdicts(v, what, res.headers, await verdictsOn(id, answerOf(res)));
    return res.data as unknown as Page;
  } catch (error) {
    if (isApiError(error)) {
      v.add(`${what}: answered ${error.status} ${error.code ?? ''}`);
      return undefined;
    }
    throw error;
  }
};

const offsetChecks = (id: EndpointId, path: string): ConformanceCheck[] => [
  check(
    'pagination',
    `${id}:links`,
    `${id}: next/previous links keep limit, offset and ordering (D6)`,
    async (ctx, v) => {
      const { params, path: realPath } = foundParamsOf(ctx, v, path);
      const first = await getPage(ctx, v, id, `${id} ?limit=1&ordering=id`, {
        ...(params ? { params } : {}),
        query: { limit: 1, ordering: 'id' },
      });
      if (!first) return;
      v.expect(first.previous === null, `${id}: the first page has a previous link ${first.previous}`);
      if ((first.count ?? 0) < 2) {
        v.expect(first.next === null, `${id}: count ${first.count} but a next link ${first.next}`);
        v.skip(`only ${first.count} item(s): links not followed`);
      }
      if (!v.expect(first.next !== null, `${id}: count ${first.count} with limit 1 but no next link`)) return;
      expectLink(ctx, v, first.next!, `${id} next`, realPath, { limit: '1', offset: '1', ordering: 'id' });
      const second = await getPage(ctx, v, id, `${id} next page`, first.next!);
      if (!second) return;
      v.expect(second.previous !== null, `${id}: the second page has no previous link`);
      if (second.previous)
        expectLink(ctx, v, second.previous, `${id} previous`, realPath, { limit: '1', ordering: 'id' });
      v.expect(
        second.results[0]?.id !== first.results[0]?.id,
        `${id}: the next page repeats item ${first.results[0]?.id}`,
      );
      v.expect(
        second.count === first.count,
        `${id}: count changed from ${first.count} to ${second.count} between pages`,
      );
    },
  ),
  check(
    'pagination',
    `${id}:limit`,
    `${id}: limit above ${MAX_LIMIT} is replaced by ${MAX_LIMIT} (D6)`,
    async (ctx, v) => {
      const { params, path: realPath } = foundParamsOf(ctx, v, path);
      const page = await getPage(ctx, v, id, `${id} ?limit=1000`, {
        ...(params ? { params } : {}),
        query: { limit: 1000 },
      });
      if (!page) return;
      const expected = Math.min(MAX_LIMIT, page.count ?? 0);
      v.expect(
        page.results.length === expected,
        `${id}: limit=1000 gave ${page.results.length} items, expected ${expected}`,
      );
      if (page.next) expectLink(ctx, v, page.next, `${id} next`, realPath, { limit: String(MAX_LIMIT) });
    },
  ),
  check('pagination', `${id}:cap`, `${id}: nothing past offset ${CAP} is reachable (D6)`, async (ctx, v) => {
    const { params } = foundParamsOf(ctx, v, path);
    const withParams = params ? { params } : {};
    const past = await getPage(ctx, v, id, `${id} ?offset=${CAP}`, {
      ...withParams,
      query: { offset: CAP, limit: 10 },
    });
    if (past) {
      v.expect(past.results.length === 0, `${id}: offset=${CAP} returned ${past.results.length} items`);
      v.expect(past.next === null, `${id}: offset=${CAP} has a next link ${past.next}`);
    }
    const edge = await getPage(ctx, v, id, `${id} ?offset=${CAP - 10}&limit=20`, {
      ...withParams,
      query: { offset: CAP - 10, limit: 20 },
    });
    if (edge) {
      v.expect(
        edge.results.length <= 10,
        `${id}: offset=${CAP - 10}&limit=20 returned ${edge.results.length} items (> 10)`,
      );
      v.expect(edge.next === null, `${id}: a next link past the cap: ${edge.next}`);
    }
  }),
];

const cursorCheck = (id: EndpointId, path: string, counted: boolean): ConformanceCheck =>
  check(
    'pagination',
    `${id}:cursor`,
    `${id}: cursor pages follow next to the end without repeats (D7)`,
    async (ctx, v) => {
      const { params, path: realPath } = foundParamsOf(ctx, v, path);
      const seen = new Set<string>();
      let page = await getPage(ctx, v, id, `${id} ?limit=2`, {
        ...(params ? { params } : {}),
        query: { limit: 2 },
      });
      const count = page?.count;
      for (let n = 1; page; n++) {
        for (const item of page.results) {
          v.expect(!seen.has(String(item.id)), `${id}: item ${item.id} appears on two pages`);
          seen.add(String(item.id));
        }
        v.expect(page.results.length <= 2, `${id}: limit=2 gave ${page.results.length} items`);
        if (counted) v.expect(page.count === count, `${id}: count changed from ${count} to ${page.count}`);
        if (!page.next || n >= 5) break;
        expectLink(ctx, v, page.next, `${id} next`, realPath, { limit: '2' });
        page = await getPage(ctx, v, id, `${id} page ${n + 1}`, page.next);
      }
    },
  );

/** Offset lists (conversations, contacts, notes, navigation, operators) and cursor lists (all, messages). */
export function paginationChecks(): ConformanceCheck[] {
  return endpointList().flatMap(([id, ep]) => {
    if (ep.method !== 'GET' || ep.group === 'analytics' || ep.group === null || !ep.query) return [];
    const formats = paramFormatsOf(ep.query);
    if ('offset' in formats) return offsetChecks(id, ep.path);
    if ('cursor' in formats) return [cursorCheck(id, ep.path, ep.path.endsWith('/all/'))];
    return [];
  });
}
