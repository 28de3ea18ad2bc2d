import type { PointKey, PointRead } from './analytics-read.js';
import type { Db } from './engine/db.js';
import { ASYNC_COMMIT } from './sql.js';

const DAY_MS = 86_400_000;

/** A page of points: JSON text parts (each points joined with commas), in order. */
export interface PointPage {
  parts: string[];
  last: PointKey | undefined;
  more: boolean;
}

/** One organization's points of one metric in [from, to), after the cursor's time when paging on. */
export interface DaySource {
  db: Db;
  /** The name the points are stored under. */
  metric: string;
  organizationId: number;
  /** The request's filters of points as one key ('' without any): renders are kept per filter. */
  filter: string;
  from: Date;
  to: Date;
  afterTime: string | undefined;
  /** The first `room` points in [from, to) (after the cursor), by UTC day when `byDay`. */
  read: (from: Date, to: Date, room: number, byDay: boolean) => Promise<PointRead>;
}

interface DayRow {
  day: string;
  generation: number;
  /** Null: not rendered (no row, or a row a write cleared). */
  points: number | null;
  last_time: string | null;
  last_id: number | null;
  /** The render, when it is rendered and fits in the page after the days before it. */
  json: string | null;
}

function isoDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A page served from stored day renders, so that a page of 10,000 points is mostly text read as it
 * is: the partial first day from rows, then whole days as stored text while they fit, then rows
 * again from the first day that does not fit (the page ends in it) or is not rendered yet (rendered
 * from those rows and stored), or after the last whole day. The same points in the same order as one
 * row query over the range, so the same text. Undefined when the range (after the cursor) holds no
 * whole UTC day. How renders stay current, and why filtered requests have their own: see
 * decision D54 (analytics pages from stored day renders).
 */
export async function pageFromDays(src: DaySource, pageSize: number): Promise<PointPage | undefined> {
  // The cursor's time truncated to milliseconds: a day starting after it starts after the cursor.
  const lower = Math.max(src.from.getTime(), src.afterTime ? Date.parse(src.afterTime) + 1 : -Infinity);
  const firstDay = Math.ceil(lower / DAY_MS) * DAY_MS;
  const endDay = Math.floor(src.to.getTime() / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) return undefined;

  const page: PointPage = { parts: [], last: undefined, more: false };
  let count = 0;
  /** Takes the days read; whether more points were read than fit. */
  const take = (read: PointRead, room: number) => {
    for (const day of read.days)
      if (day.points) {
        page.parts.push(day.json);
        count += day.points;
        page.last = day.last;
      }
    return read.read > room;
  };

  // A range that starts (after the cursor) at midnight has no partial first day to read.
  if (lower < firstDay && take(await src.read(src.from, new Date(firstDay), pageSize, false), pageSize)) {
    page.more = true;
    return page;
  }
  const days = await readDays(src, firstDay, endDay, pageSize - count);
  let restFrom = endDay;
  let unrendered: DayRow[] = [];
  for (const [i, day] of days.entries()) {
    if (day.json !== null) {
      if (day.points) {
        page.parts.push(day.json);
        count += day.points;
        page.last = { time: day.last_time!, id: day.last_id! };
      }
      continue;
    }
    restFrom = Date.parse(`${day.day}T00:00:00Z`);
    if (day.points === null) unrendered = days.slice(i).filter((d) => d.points === null);
    break;
  }
  // Read to the end of the range, not the day: a write since the days were read cannot end the page early.
  const room = pageSize - count;
  // Every day rendered and the range ending at midnight: nothing after them to read.
  if (restFrom >= src.to.getTime()) return page;
  const rest = await src.read(new Date(restFrom), src.to, room, unrendered.length > 0);
  if (unrendered.length) await storeDays(src, unrendered, rest, rest.read > room);
  page.more = take(rest, room);
  return page;
}

/**
 * The whole days [firstDay, endDay), each with its generation, count and last point when rendered,
 * and its text while every day up to it is rendered and they all fit in `room` points. A filtered
 * render counts only on its day's current generation (0020).
 */
function readDays(src: DaySource, firstDay: number, endDay: number, room: number) {
  return src.db.query<DayRow>(
    `SELECT g.day::date::text AS day, coalesce(r.generation, 0) AS generation, s.points,
            s.last_time::text AS last_time, s.last_id,
            CASE WHEN bool_and(s.json IS NOT NULL) OVER w AND sum(s.points) OVER w <= $5 THEN s.json END AS json
       FROM generate_series($3::timestamp, $4::timestamp, interval '1 day') AS g(day)
       LEFT JOIN analytics_day_renders r ON r.metric = $1 AND r.organization_id = $2 AND r.day = g.day::date
       ${
         src.filter
           ? `LEFT JOIN analytics_filtered_day_renders s ON s.metric = $1 AND s.organization_id = $2
                AND s.filter = $6 AND s.day = g.day::date AND s.generation = coalesce(r.generation, 0)`
           : 'CROSS JOIN LATERAL (SELECT r.points, r.last_time, r.last_id, r.json) AS s'
       }
     WINDOW w AS (ORDER BY g.day)
      ORDER BY g.day`,
    [
      src.metric,
      src.organizationId,
      isoDay(firstDay),
      isoDay(endDay - DAY_MS),
      room,
      ...(src.filter ? [src.filter] : []),
    ],
  );
}

/**
 * Stores the renders of the unrendered days that `rest` (read from the first of them on, in order)
 * holds whole: all of them, or when more points were read than fit, those before the last day read
 * (the day of that extra point).
 * Each is stored on the generation read before the rows: a write since leaves an unfiltered render
 * unstored, and makes a filtered one of an older generation than its day's, never served.
 */
async function storeDays(src: DaySource, days: DayRow[], rest: PointRead, cut: boolean) {
  const byDay = new Map(rest.days.map((day) => [day.day, day]));
  const lastDay = rest.days[rest.days.length - 1]?.day;
  const whole = days.filter((d) => !cut || d.day < lastDay!);
  if (!whole.length) return;
  const of = whole.map((d) => byDay.get(d.day));
  const values = [
    whole.map((d) => d.day),
    whole.map((d) => d.generation),
    of.map((day) => day?.points ?? 0),
    of.map((day) => day?.last?.time ?? null),
    of.map((day) => day?.last?.id ?? null),
    of.map((day) => day?.json ?? ''),
  ];
  const rows = `unnest($3::date[], $4::int[], $5::int[], $6::timestamptz[], $7::int[], $8::text[])
                AS u(day, generation, points, last_time, last_id, json)`;
  try {
    await src.db.query(
      src.filter
        ? // Any generation: a render of an older one than its day's is not served (readDays).
          `${ASYNC_COMMIT}
       INSERT INTO analytics_filtered_day_renders AS r
              (metric, organization_id, filter, day, generation, points, last_time, last_id, json)
       SELECT $1, $2, $9, u.day, u.generation, u.points, u.last_time, u.last_id, u.json
         FROM async_commit, ${rows}
        ORDER BY u.day
       ON CONFLICT (metric, organization_id, filter, day) DO UPDATE
          SET generation = excluded.generation, points = excluded.points, last_time = excluded.last_time,
              last_id = excluded.last_id, json = excluded.json
        WHERE r.generation < excluded.generation`
        : `${ASYNC_COMMIT}
       INSERT INTO analytics_day_renders AS r (metric, organization_id, day, generation, points, last_time, last_id, json)
       SELECT $1, $2, u.day, u.generation, u.points, u.last_time, u.last_id, u.json
         FROM async_commit, ${rows}
        ORDER BY u.day
       ON CONFLICT (metric, organization_id, day) DO UPDATE
          SET points = excluded.points, last_time = excluded.last_time, last_id = excluded.last_id, json = excluded.json
        WHERE r.generation = excluded.generation AND r.json IS NULL`,
      [src.metric, src.organizationId, ...values, ...(src.filter ? [src.filter] : [])],
    );
  } catch {
    // A concurrent store of the same days: the next read renders them again.
  }
}
