import { LIMITS } from '@org/model';
import { invalid, notFound } from '../core/api-error.js';
import type { RequestOrigin } from '../core/links.js';
import type { Db } from '../store/engine/db.js';
import type { FragmentTable } from '../store/fragments.js';
import { cursorPage, offsetPage } from '../store/pages.js';
import { orderByOf, type Selection } from '../store/sql.js';
import { type Resource, TABLES } from '../store/tables.js';
import { type HandlerContext, type HandlerResult, noContent, ok } from './types.js';

/** D9: a single-resource request for an excluded id answers 404. */
export const assertNotExcluded = (id: number, excluded: number[] | undefined, what: string) => {
  if (excluded?.includes(id)) throw notFound(what);
};

/** D11: a search orders by rank (ties by id descending) unless the request named an ordering. */
export const listOrder = (sel: Selection, ordering: string, origin: RequestOrigin): string =>
  sel.rank && !origin.query.has('ordering')
    ? `${sel.rank} DESC, ${sel.alias}.id DESC`
    : orderByOf(sel.alias, ordering);

/**
 * D8: a bulk DELETE removes at most `limit` matching rows in the default order (delete_ids: exactly
 * those ids, whatever the filters and limit; exclude_ids still wins), in one transaction.
 * `keep` names rows a bulk delete never removes (ongoing conversations).
 */
export const bulkDeleteOf =
  <F>(resource: ListedResource<F>, keep: string[] = []) =>
  async ({
    auth,
    query,
    services,
  }: Pick<HandlerContext, 'auth' | 'services'> & {
    query: F & {
      limit: number;
      delete_ids?: number[] | undefined;
      exclude_ids?: number[] | undefined;
      search_query?: string[] | undefined;
    };
  }): Promise<HandlerResult> => {
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
    if (query.delete_ids)
      sel.where.push(`${sel.alias}.id = ANY (${sel.params.add(query.delete_ids)}::int[])`);
    const where = [...sel.where, ...keep];
    await services.db.transaction((tx) =>
      tx.query(
        `DELETE FROM ${resource.table.name} WHERE id IN (
           SELECT ${sel.alias}.id FROM ${sel.from} WHERE ${where.join(' AND ')}
           ORDER BY ${sel.alias}.id DESC ${query.delete_ids ? '' : `LIMIT ${query.limit}`} FOR UPDATE)`,
        sel.params.values,
      ),
    );
    return noContent();
  };

/** Throws 404 unless the record is in the organization. */
export const assertExists = async (db: Db, resource: Resource, organizationId: number, id: number) => {
  const rows = await db.query(`SELECT 1 FROM ${TABLES[resource]} WHERE organization_id = $1 AND id = $2`, [
    organizationId,
    id,
  ]);
  if (!rows.length) throw notFound(resource);
};

/** What a single-resource handler reads (every such endpoint takes an id and exclude_ids). */
type SingleResourceContext = Pick<HandlerContext, 'auth' | 'services'> & {
  params: { id: number };
  query: { exclude_ids?: number[] | undefined };
};

/** A single-resource DELETE: 404 when excluded (D9) or not in the organization, else 204. */
export const deleteOne =
  (resource: Resource) =>
  async ({ auth, params, query, services }: SingleResourceContext): Promise<HandlerResult> => {
    assertNotExcluded(params.id, query.exclude_ids, resource);
    const rows = await services.db.query(
      `DELETE FROM ${TABLES[resource]} WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [auth.organizationId, params.id],
    );
    if (!rows.length) throw notFound(resource);
    return noContent();
  };

/** A searchable resource listed by offset and cursor pages (conversations, contacts). */
export interface ListedResource<F> {
  table: FragmentTable;
  select: (organizationId: number, filters: F & { search_tsquery?: string | null | undefined }) => Selection;
  /** The selection pages read ids and versions from, when it differs (default: select). */
  pageSelect?: (
    organizationId: number,
    filters: F & { search_tsquery?: string | null | undefined },
  ) => Selection;
  render: (db: Db, ids: number[]) => Promise<Map<number, string>>;
}

type ListContext<Q> = Pick<HandlerContext, 'auth' | 'origin' | 'services'> & { query: Q };

/** What both list kinds read pages through: the page selection, and the renderer on this database. */
const pagesOf = <F>(resource: ListedResource<F>, services: ListContext<unknown>['services']) => ({
  select: resource.pageSelect ?? resource.select,
  render: (ids: number[]) => resource.render(services.db, ids),
});

/** The offset list of a resource: filters AND-combined, search ranked unless ordered (D6, D11). */
export const offsetList =
  <F>(resource: ListedResource<F>) =>
  async ({
    auth,
    query,
    origin,
    services,
  }: ListContext<
    F & { ordering: string; limit: number; offset: number; search_query?: string[] | undefined }
  >) => {
    const pages = pagesOf(resource, services);
    const sel = pages.select(auth.organizationId, {
      ...query,
      search_tsquery: await services.searches.of(query.search_query),
    });
    const page = {
      limit: query.limit,
      offset: query.offset,
      orderBy: listOrder(sel, query.ordering, origin),
    };
    return ok(await offsetPage(services, sel, resource.table, page, origin, pages.render));
  };

/** The cursor list of a resource (the all endpoints): id order only, with the total count (D7). */
export const cursorList =
  <F>(resource: ListedResource<F>) =>
  async ({
    auth,
    query,
    origin,
    services,
  }: ListContext<F & { ordering: string; limit: number; cursor?: string | undefined }>) => {
    const pages = pagesOf(resource, services);
    const sel = pages.select(auth.organizationId, query);
    const options = {
      limit: query.limit,
      cursor: query.cursor,
      descending: query.ordering === '-id',
      withCount: true,
    };
    return ok(await cursorPage(services, sel, resource.table, options, origin, pages.render));
  };
