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

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A page served from stored day renders (D54): the partial first day from rows, then whole days as
 * stored text while they fit, then rows again from the first day that does not fit (the page ends
 * in it) or is not rendered yet (rendered from those rows and stored), or after the last whole day.
 * The same points in the same order as one row query over the range, so the same text. Undefined
 * when the range (after the cursor) holds no whole UTC day.
 */
export const pageFromDays = async (src: DaySource, pageSize: number): Promise<PointPage | undefined> => {
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

  if (take(await src.read(src.from, new Date(firstDay), pageSize, false), pageSize)) {
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
  const rest = await src.read(new Date(restFrom), src.to, room, unrendered.length > 0);
  if (unrendered.length) await storeDays(src, unrendered, rest, rest.read > room);
  page.more = take(rest, room);
  return page;
};

/**
 * The whole days [firstDay, endDay), each with its generation, count and last point when rendered,
 * and its text while every day up to it is rendered and they all fit in `room` points.
 */
const readDays = (src: DaySource, firstDay: number, endDay: number, room: number) =>
  src.db.query<DayRow>(
    `SELECT g.day::date::text AS day, coalesce(r.generation, 0) AS generation, r.points,
            r.last_time::text AS last_time, r.last_id,
            CASE WHEN bool_and(r.json IS NOT NULL) OVER w AND sum(r.points) OVER w <= $5 THEN r.json END AS json
       FROM generate_series($3::timestamp, $4::timestamp, interval '1 day') AS g(day)
       LEFT JOIN analytics_day_renders r ON r.metric = $1 AND r.organization_id = $2 AND r.day = g.day::date
     WINDOW w AS (ORDER BY g.day)
      ORDER BY g.day`,
    [src.metric, src.organizationId, isoDay(firstDay), isoDay(endDay - DAY_MS), room],
  );

/**
 * Stores the renders of the unrendered days that `rest` (read from the first of them on, in order)
 * holds whole: all of them, or when more points were read than fit, those before the last day read
 * (the day of that extra point).
 * Each is stored on the generation read before the rows, so a write since leaves it unstored.
 */
const storeDays = async (src: DaySource, days: DayRow[], rest: PointRead, cut: boolean) => {
  const byDay = new Map(rest.days.map((day) => [day.day, day]));
  const lastDay = rest.days[rest.days.length - 1]?.day;
  const whole = days.filter((d) => !cut || d.day < lastDay!);
  if (!whole.length) return;
  const of = whole.map((d) => byDay.get(d.day));
  try {
    await src.db.query(
      `${ASYNC_COMMIT}
       INSERT INTO analytics_day_renders AS r (metric, organization_id, day, generation, points, last_time, last_id, json)
       SELECT $1, $2, u.day, u.generation, u.points, u.last_time, u.last_id, u.json
         FROM async_commit,
              unnest($3::date[], $4::int[], $5::int[], $6::timestamptz[], $7::int[], $8::text[])
                AS u(day, generation, points, last_time, last_id, json)
        ORDER BY u.day
       ON CONFLICT (metric, organization_id, day) DO UPDATE
          SET points = excluded.points, last_time = excluded.last_time, last_id = excluded.last_id, json = excluded.json
        WHERE r.generation = excluded.generation AND r.json IS NULL`,
      [
        src.metric,
        src.organizationId,
        whole.map((d) => d.day),
        whole.map((d) => d.generation),
        of.map((day) => day?.points ?? 0),
        of.map((day) => day?.last?.time ?? null),
        of.map((day) => day?.last?.id ?? null),
        of.map((day) => day?.json ?? ''),
      ],
    );
  } catch {
    // A concurrent store of the same days: the next read renders them again.
  }
};
