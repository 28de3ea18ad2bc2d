import type { CursorPage, OffsetPage } from '@org/model';
import { LIMITS } from '@org/model';
import { invalid, notFound } from '../core/api-error.js';
import type { Json } from '../core/json.js';
import type { FragmentTable } from '../store/fragments.js';
import { bulkDelete, deleteRecord, listOrder, recordExists } from '../store/lists.js';
import { cursorPage, offsetPage } from '../store/pages.js';
import type { ListedResource } from '../store/resources.js';
import type { HandlerContext } from './types.js';
import { noContent, ok } from './types.js';

/** A single-resource request for an excluded id answers 404, as for an id that is not there. */
export function assertNotExcluded(id: number, excluded: number[] | undefined, what: string) {
  if (excluded?.includes(id)) throw notFound(what);
}

type Context = Pick<HandlerContext, 'auth' | 'services'>;

/**
 * A bulk DELETE removes at most `limit` matching rows in the default order (delete_ids: exactly
 * those ids, whatever the filters and limit; exclude_ids still wins), in one transaction.
 */
export function bulkDeleteOf<F, T>(resource: ListedResource<F, T>) {
  return async function bulkDeleteHandler({
    auth,
    query,
    services,
  }: Context & {
    query: F & {
      limit: number;
      delete_ids?: number[] | undefined;
      exclude_ids?: number[] | undefined;
      search_query?: string[] | undefined;
    };
  }) {
    const max = LIMITS.bulkDelete.maxLimit;
    if (query.delete_ids && query.delete_ids.length > max)
      throw invalid({ delete_ids: [`At most ${max} ids per request.`] });
    const sel = resource.select(
      auth.organizationId,
      query.delete_ids
        ? // Every filter is optional: delete_ids keeps only exclude_ids.
          ({ exclude_ids: query.exclude_ids } as unknown as F & { search_tsquery?: undefined })
        : { ...query, search_tsquery: await services.searches.of(query.search_query) },
    );
    await bulkDelete(services.db, resource.table, auth.organizationId, sel, {
      ids: query.delete_ids,
      limit: query.limit,
      keep: resource.bulkDeleteKeeps ?? [],
    });
    return noContent();
  };
}

/** Throws 404 unless the record is in the organization (a table whose writes are announced, 0013). */
export async function assertExists(
  { auth, services }: Context,
  table: FragmentTable,
  id: number,
  what: string,
) {
  // Kept with the counts, so asking again costs no statement: dropped by every announced write,
  // deletes included.
  const exists = await services.counts.get(
    `exists\u0000${table.name}\u0000${auth.organizationId}\u0000${id}`,
    () => recordExists(services.db, table, auth.organizationId, id),
  );
  if (!exists) throw notFound(what);
}

/** What a single-resource handler reads (every such endpoint takes an id and exclude_ids). */
type SingleResourceContext = Context & {
  params: { id: number };
  query: { exclude_ids?: number[] | undefined };
};

/** A single-resource DELETE: 404 when excluded or not in the organization, else 204. */
export function deleteOne(table: FragmentTable, what: string) {
  return async function deleteOneHandler({ auth, params, query, services }: SingleResourceContext) {
    assertNotExcluded(params.id, query.exclude_ids, what);
    if (!(await deleteRecord(services.db, table, auth.organizationId, params.id))) throw notFound(what);
    return noContent();
  };
}

/**
 * A single-resource endpoint that answers one record: 404 when the id is excluded, or when `answer`
 * finds no such record in the organization (null), else 200 with the record it gave.
 */
export function answerOne<C extends SingleResourceContext, T>(
  what: string,
  answer: (ctx: C) => Promise<Json<T> | null>,
) {
  return async function answerOneHandler(ctx: C) {
    assertNotExcluded(ctx.params.id, ctx.query.exclude_ids, what);
    const json = await answer(ctx);
    if (json === null) throw notFound(what);
    return ok<T>(json);
  };
}

type ListContext<Q> = Pick<HandlerContext, 'auth' | 'origin' | 'services'> & { query: Q };

/** What both list kinds read pages through: the page selection, and the renderer on this database. */
function pagesOf<F, T>(resource: ListedResource<F, T>, services: ListContext<unknown>['services']) {
  return {
    select: resource.pageSelect ?? resource.select,
    render: (ids: number[]) => resource.render(services.db, ids),
  };
}

/** The offset list of a resource: filters AND-combined, search ranked unless ordered. */
export function offsetList<F, T>(resource: ListedResource<F, T>) {
  return async function offsetListHandler({
    auth,
    query,
    origin,
    services,
  }: ListContext<
    F & { ordering: string; limit: number; offset: number; search_query?: string[] | undefined }
  >) {
    const pages = pagesOf(resource, services);
    const sel = pages.select(auth.organizationId, {
      ...query,
      search_tsquery: await services.searches.of(query.search_query),
    });
    const page = {
      limit: query.limit,
      offset: query.offset,
      orderBy: listOrder(sel, query.ordering, origin.query.has('ordering')),
    };
    return ok<OffsetPage<T>>(await offsetPage(services, sel, resource.table, page, origin, pages.render));
  };
}

/** The cursor list of a resource (the all endpoints): id order only, with the total count. */
export function cursorList<F, T>(resource: ListedResource<F, T>) {
  return async function cursorListHandler({
    auth,
    query,
    origin,
    services,
  }: ListContext<F & { ordering: string; limit: number; cursor?: string | undefined }>) {
    const pages = pagesOf(resource, services);
    const sel = pages.select(auth.organizationId, query);
    const options = {
      limit: query.limit,
      cursor: query.cursor,
      descending: query.ordering === '-id',
      withCount: true as const,
    };
    return ok<CursorPage<T> & { count: number }>(
      await cursorPage(services, sel, resource.table, options, origin, pages.render),
    );
  };
}
