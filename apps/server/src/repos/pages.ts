import { LIMITS } from '@org/model';
import type { Db } from '../db/db.js';
import { linkTo, type RequestOrigin } from '../http/links.js';
import type { CountCache } from './count-cache.js';
import { type FragmentRow, type FragmentTable, fragmentsOf } from './fragments.js';
import { type Selection, whereOf } from './sql.js';

type Render = (ids: number[]) => Promise<Map<number, string>>;
const MAX_REACHABLE = LIMITS.offsetPage.maxReachable;

const json = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/** D6: an offset page with the true count; items past offset 10,000 are never returned. */
export const offsetPage = async (
  db: Db,
  counts: CountCache,
  sel: Selection,
  table: FragmentTable,
  { limit, offset, orderBy }: { limit: number; offset: number; orderBy: string },
  origin: RequestOrigin,
  render: Render,
): Promise<string> => {
  const where = whereOf(sel);
  const reachableLimit = Math.max(0, Math.min(limit, MAX_REACHABLE - offset));
  const countSql = `SELECT count(*)::int AS count FROM ${sel.from} ${where}`;
  const [count, rows] = await Promise.all([
    counts.get(`${countSql}\u0000${JSON.stringify(sel.params.values)}`, async () => {
      const result = await db.query<{ count: number }>(countSql, sel.params.values);
      return result[0]?.count ?? 0;
    }),
    reachableLimit > 0
      ? db.query<FragmentRow>(
          `SELECT ${sel.alias}.id, ${sel.alias}.version, ${sel.alias}.rendered_json FROM ${sel.from} ${where}
            ORDER BY ${orderBy} LIMIT ${reachableLimit} OFFSET ${offset}`,
          sel.params.values,
        )
      : Promise.resolve([] as FragmentRow[]),
  ]);
  const end = Math.min(count, MAX_REACHABLE);
  const next = offset + limit < end ? linkTo(origin, { offset: offset + limit, limit }) : null;
  const previous =
    offset > 0 ? linkTo(origin, { offset: Math.max(0, Math.min(offset, end) - limit) || null, limit }) : null;
  const fragments = await fragmentsOf(db, table, rows, render);
  return `{"count":${count},"next":${json(next)},"previous":${json(previous)},"results":[${fragments.join(',')}]}`;
};

export interface CursorOptions {
  limit: number;
  /** The raw cursor: an id, or `-id` for "before" (D7). */
  cursor: string | undefined;
  descending: boolean;
  withCount: boolean;
  /** Turns a cursor value into the key; undefined when it is not a valid key. */
  keyOf?: (cursor: string) => number | undefined;
  /** Further columns the cursor of a row is built from (e.g. `m.part_id`). */
  extraColumns?: string;
  /** The cursor value naming a row (default its id). */
  cursorOf?: (row: FragmentRow & { key: number } & Record<string, unknown>) => string;
}

/** D7: a cursor page in id order (or another key); `next`/`previous` carry the same limit and filters. */
export const cursorPage = async (
  db: Db,
  sel: Selection,
  table: FragmentTable,
  options: CursorOptions,
  origin: RequestOrigin,
  render: Render,
): Promise<string> => {
  const key = `${sel.alias}.${table.idColumn ?? 'id'}`;
  const before = options.cursor?.startsWith('-') ?? false;
  const rawKey = options.cursor?.replace(/^-/, '');
  const cursorKey = rawKey === undefined ? undefined : options.keyOf ? options.keyOf(rawKey) : Number(rawKey);
  // Walking "after" goes in the page order; walking "before" goes the other way, then flips.
  const walkDescending = before ? !options.descending : options.descending;
  const cmp = walkDescending ? '<' : '>';
  const params = sel.params;
  const keyCond = cursorKey === undefined ? [] : [`${key} ${cmp} ${params.add(cursorKey)}`];
  const rows = await db.query<FragmentRow & { key: number } & Record<string, unknown>>(
    `SELECT ${key} AS id, ${sel.alias}.version, ${sel.alias}.rendered_json, ${key} AS key
       ${options.extraColumns ? `, ${options.extraColumns}` : ''} FROM ${sel.from}
      ${whereOf(sel, keyCond)} ORDER BY ${key} ${walkDescending ? 'DESC' : 'ASC'} LIMIT ${options.limit + 1}`,
    params.values,
  );
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  if (before) page.reverse();
  const cursorOf = options.cursorOf ?? ((r) => String(r.id));
  const first = page[0];
  const last = page[page.length - 1];
  const hasAfter = before ? cursorKey !== undefined : more;
  const hasBefore = before ? more : cursorKey !== undefined && page.length > 0;
  const next = hasAfter && last ? linkTo(origin, { cursor: cursorOf(last), limit: options.limit }) : null;
  const previous =
    hasBefore && first ? linkTo(origin, { cursor: `-${cursorOf(first)}`, limit: options.limit }) : null;
  const countPart = options.withCount
    ? `"count":${
        (
          await db.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM ${sel.from} ${whereOf(sel)}`,
            params.values.slice(0, params.values.length - keyCond.length),
          )
        )[0]?.count ?? 0
      },`
    : '';
  const fragments = await fragmentsOf(db, table, page, render);
  return `{${countPart}"next":${json(next)},"previous":${json(previous)},"results":[${fragments.join(',')}]}`;
};
