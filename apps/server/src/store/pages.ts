import { type CursorPage, LIMITS, type OffsetPage } from '@org/model';
import type { CountCache } from '../core/count-cache.js';
import { assembledJson, type JsonParts, type JsonText } from '../core/json.js';
import { linkTo, type RequestOrigin } from '../core/links.js';
import type { Db } from './engine/db.js';
import {
  type FragmentCache,
  type FragmentRow,
  type FragmentTable,
  fragmentsOf,
  jsonArrayOf,
} from './fragments.js';
import { type Selection, whereOf } from './sql.js';

type Render<T> = (ids: number[]) => Promise<Map<number, JsonText<T>>>;
const MAX_REACHABLE = LIMITS.offsetPage.maxReachable;

/** What building a page needs: the database and the two process caches. */
export interface PageDeps {
  db: Db;
  counts: CountCache;
  fragments: FragmentCache;
}

function link(value: string | null) {
  return value === null ? 'null' : JSON.stringify(value);
}

/** The count of a selection, through the count cache. */
function countOf(deps: PageDeps, sel: Selection, values: unknown[]) {
  const sql = `SELECT count(*)::int AS count FROM ${sel.from} ${whereOf(sel)}`;
  return deps.counts.get(`${sql}\u0000${JSON.stringify(values)}`, async () => {
    // Planned for its values: a count is run once per cache period, and the best index for it
    // depends on how many rows the filter matches.
    const result = await deps.db.query<{ count: number }>(sql, values);
    return result[0]?.count ?? 0;
  });
}

/**
 * The ids and versions of one offset page, in order; LIMIT and OFFSET are the last two parameters.
 * Deferred join: the offset is walked in the ordering's index alone (index-only), and only the
 * page's rows are read for their versions. No index carries the version, so a write that changes no
 * indexed column is a HOT update, with no new index entries; see decision D60 (writes to a
 * conversation stay off its indexes).
 */
function pageSql(sel: Selection, table: FragmentTable, orderBy: string) {
  const n = sel.params.values.length;
  return `SELECT t.id, t.version
         FROM unnest(ARRAY(SELECT ${sel.alias}.id FROM ${sel.from} ${whereOf(sel)}
                           ORDER BY ${orderBy} LIMIT $${n + 1} OFFSET $${n + 2}))
              WITH ORDINALITY AS p(id, n)
         JOIN ${table.name} t ON t.id = p.id
        ORDER BY p.n`;
}

/** One generic plan for selections the indexes serve whatever the values; else planned per values. */
function pageRows(db: Db, sel: Selection, sql: string, values: unknown[]) {
  return sel.indexServed ? db.queryPrepared<FragmentRow>(sql, values) : db.query<FragmentRow>(sql, values);
}

/**
 * The ids and versions of an offset page, kept with the counts: dropped by every write to a
 * counted table, through this instance at once and through another on its change notification. A
 * page's records are still served at their current versions' renders.
 */
function cachedPageRows(
  deps: PageDeps,
  sel: Selection,
  table: FragmentTable,
  orderBy: string,
  limit: number,
  offset: number,
) {
  const sql = pageSql(sel, table, orderBy);
  const values = [...sel.params.values, limit, offset];
  return deps.counts.get(`rows\u0000${sql}\u0000${JSON.stringify(values)}`, () =>
    pageRows(deps.db, sel, sql, values),
  );
}

/** An offset page with the true count; items past offset 10,000 are never returned. */
export async function offsetPage<T>(
  deps: PageDeps,
  sel: Selection,
  table: FragmentTable,
  { limit, offset, orderBy }: { limit: number; offset: number; orderBy: string },
  origin: RequestOrigin,
  render: Render<T>,
): Promise<JsonParts<OffsetPage<T>>> {
  const reachableLimit = Math.max(0, Math.min(limit, MAX_REACHABLE - offset));
  const [count, rows] = await Promise.all([
    countOf(deps, sel, sel.params.values),
    reachableLimit > 0 ? cachedPageRows(deps, sel, table, orderBy, reachableLimit, offset) : [],
  ]);
  const end = Math.min(count, MAX_REACHABLE);
  const next = offset + limit < end ? linkTo(origin, { offset: offset + limit, limit }) : null;
  const previous =
    offset > 0 ? linkTo(origin, { offset: Math.max(0, Math.min(offset, end) - limit) || null, limit }) : null;
  const fragments = await fragmentsOf(deps.db, deps.fragments, table, rows, render);
  return assembledJson([
    Buffer.from(`{"count":${count},"next":${link(next)},"previous":${link(previous)},"results":`),
    ...jsonArrayOf(fragments),
    CLOSE_OBJECT,
  ]);
}
const CLOSE_OBJECT = Buffer.from('}');

export interface CursorOptions<C extends boolean = boolean> {
  limit: number;
  /** The raw cursor: an id, or `-id` for "before". */
  cursor: string | undefined;
  descending: boolean;
  withCount: C;
  /** Turns a cursor value into the key; undefined when it is not a valid key. */
  keyOf?: (cursor: string) => number | undefined;
  /** Further columns the cursor of a row is built from (e.g. `m.part_id`). */
  extraColumns?: string;
  /** The cursor value naming a row (default its id). */
  cursorOf?: (row: FragmentRow & Record<string, unknown>) => string;
}

/**
 * A cursor page's statement, its rows kept with the counts: the tables cursor pages read
 * (conversations, contacts, messages through their conversation's row) announce every write. The
 * rows are shared: callers copy before changing them.
 */
function cachedQuery<T extends object>(deps: PageDeps, sql: string, values: unknown[]) {
  return deps.counts.get(`query\u0000${sql}\u0000${JSON.stringify(values)}`, () =>
    deps.db.query<T>(sql, values),
  );
}

/** A cursor page in id order (or another key); `next`/`previous` carry the same limit and filters. */
export async function cursorPage<T, C extends boolean>(
  deps: PageDeps,
  sel: Selection,
  table: FragmentTable,
  options: CursorOptions<C>,
  origin: RequestOrigin,
  render: Render<T>,
): Promise<JsonParts<C extends true ? CursorPage<T> & { count: number } : Omit<CursorPage<T>, 'count'>>> {
  const key = `${sel.alias}.${table.idColumn ?? 'id'}`;
  const before = options.cursor?.startsWith('-') ?? false;
  const rawKey = options.cursor?.replace(/^-/, '');
  const cursorKey = rawKey === undefined ? undefined : options.keyOf ? options.keyOf(rawKey) : Number(rawKey);
  const filterValues = [...sel.params.values];
  // Walking "after" goes in the page order; walking "before" goes the other way, then flips.
  const walkDescending = before ? !options.descending : options.descending;
  const keyCond =
    cursorKey === undefined ? [] : [`${key} ${walkDescending ? '<' : '>'} ${sel.params.add(cursorKey)}`];
  const rows = await cachedQuery<FragmentRow & Record<string, unknown>>(
    deps,
    `SELECT ${key} AS id, ${sel.version ?? `${sel.alias}.version`} ${options.extraColumns ? `, ${options.extraColumns}` : ''}
       FROM ${sel.from} ${whereOf(sel, keyCond)}
      ORDER BY ${key} ${walkDescending ? 'DESC' : 'ASC'} LIMIT ${options.limit + 1}`,
    sel.params.values,
  );
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  // Walking after a cursor, something may precede the page or not (a cursor before every record).
  const precedes = async (row: FragmentRow) => {
    const values = [...filterValues, row.id];
    const cmp = options.descending ? '>' : '<';
    const found = await cachedQuery(
      deps,
      `SELECT 1 FROM ${sel.from} ${whereOf(sel, [`${key} ${cmp} $${values.length}`])} LIMIT 1`,
      values,
    );
    return found.length > 0;
  };
  const hasAfter = before ? cursorKey !== undefined : more;
  const hasBefore = before ? more : cursorKey !== undefined && !!first && (await precedes(first));
  const cursorOf = options.cursorOf ?? ((r) => String(r.id));
  const next = hasAfter && last ? linkTo(origin, { cursor: cursorOf(last), limit: options.limit }) : null;
  const previous =
    hasBefore && first ? linkTo(origin, { cursor: `-${cursorOf(first)}`, limit: options.limit }) : null;
  const countPart = options.withCount ? `"count":${await countOf(deps, sel, filterValues)},` : '';
  const fragments = await fragmentsOf(deps.db, deps.fragments, table, page, render);
  return assembledJson([
    Buffer.from(`{${countPart}"next":${link(next)},"previous":${link(previous)},"results":`),
    ...jsonArrayOf(fragments),
    CLOSE_OBJECT,
  ]);
}
