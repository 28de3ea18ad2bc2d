import type { AnalyticsQuery, MetricInfo } from '@org/model';
import type { Db } from './engine/db.js';
import { Params } from './sql.js';

/** The columns of a data point as dataPointJson reads them (alias `d`). */
export const POINT_COLUMNS = `d.id, d.organization_id, d.um_widget_ids::text AS um_widget_ids, d.operator_id,
            d.operator_group_id, d.time::text AS time, d.value, d.value_str, d.conversation_id,
            d.conversation_part_id, d.conversation_session_id, d.is_chatbot_metric,
            d.chatbot_interaction, d.human_interaction`;

export interface PointRow {
  id: number;
  organization_id: number;
  /** The array as PostgreSQL prints it (`{1,2}`): turned into JSON without parsing. */
  um_widget_ids: string;
  operator_id: number | null;
  operator_group_id: number | null;
  /** As PostgreSQL prints a timestamptz in UTC (`2025-06-30 12:34:56.789+00`): sliced, not parsed. */
  time: string;
  value: number;
  value_str: string;
  conversation_id: number | null;
  conversation_part_id: number | null;
  conversation_session_id: number | null;
  is_chatbot_metric: boolean;
  chatbot_interaction: boolean | null;
  human_interaction: boolean | null;
}

/**
 * Section 2's presence rules: what a data point of this kind of metric carries, written straight
 * to JSON text (a page holds up to 10,000 points; building and stringifying an object per point
 * was most of a 93-day response's server time). The model's AnalyticsDataPoint schema checks the
 * result in the tests.
 */
export function dataPointJson(row: PointRow, info: MetricInfo): string {
  let json = `{"um_widget_id":[${row.um_widget_ids.slice(1, -1)}],"organization_id":${row.organization_id}`;
  if (info.kind !== 'missed')
    json += `,"operator_id":${row.operator_id},"operator_group_id":${row.operator_group_id}`;
  json += `,"time":"${row.time.slice(0, 10)}T${row.time.slice(11, 19)}"`;
  json += `,"value":${Number.isFinite(row.value) ? row.value : null}`;
  json += `,"value_str":${JSON.stringify(row.value_str)}`;
  if (row.conversation_id !== null) json += `,"conversation_id":${row.conversation_id}`;
  if (row.conversation_part_id !== null) json += `,"conversation_part_id":${row.conversation_part_id}`;
  if (row.conversation_session_id !== null)
    json += `,"conversation_session_id":${row.conversation_session_id}`;
  json += `,"is_chatbot_metric":${row.is_chatbot_metric}`;
  if (row.chatbot_interaction !== null) json += `,"chatbot_interaction":${row.chatbot_interaction}`;
  if (row.human_interaction !== null) json += `,"human_interaction":${row.human_interaction}`;
  return `${json}}`;
}

/**
 * dataPointJson in SQL (alias `p`), the same text: parsing 10,000 rows of 14 columns in the pg
 * driver was most of a page's server time. A number prints as JavaScript prints it only
 * where PostgreSQL's shortest form (extra_float_digits > 0) has no exponent either (JavaScript:
 * below 1e21 and from 1e-6; PostgreSQL: below 1e15 and from 1e-4); VALUE_AS_JS tells the rows
 * outside, rendered by dataPointJson instead. `p.time_text`: the time as POINT_COLUMNS reads it.
 */
function pointJsonSql(info: MetricInfo) {
  return `'{"um_widget_id":[' || array_to_string(p.um_widget_ids, ',')
    || '],"organization_id":' || p.organization_id
    ${info.kind === 'missed' ? '' : `|| ',"operator_id":' || coalesce(p.operator_id::text, 'null') || ',"operator_group_id":' || coalesce(p.operator_group_id::text, 'null')`}
    || ',"time":"' || left(p.time_text, 10) || 'T' || substr(p.time_text, 12, 8)
    || '","value":' || CASE WHEN p.value = 'NaN' OR abs(p.value) = 'Infinity' THEN 'null' WHEN p.value = 0 THEN '0' ELSE p.value::text END
    || ',"value_str":' || to_json(p.value_str)::text
    || coalesce(',"conversation_id":' || p.conversation_id, '')
    || coalesce(',"conversation_part_id":' || p.conversation_part_id, '')
    || coalesce(',"conversation_session_id":' || p.conversation_session_id, '')
    || ',"is_chatbot_metric":' || p.is_chatbot_metric
    || coalesce(',"chatbot_interaction":' || p.chatbot_interaction, '')
    || coalesce(',"human_interaction":' || p.human_interaction, '') || '}'`;
}
const VALUE_AS_JS = `p.value = 0 OR p.value = 'NaN' OR abs(p.value) = 'Infinity' OR (abs(p.value) >= 1e-4 AND abs(p.value) < 1e15)`;

/** The (time, id) of a point as the row query prints them: what a `next` cursor is made of. */
export interface PointKey {
  time: string;
  id: number;
}

/** The points of one UTC day among those read, as JSON text. */
export interface DayText {
  /** YYYY-MM-DD */
  day: string;
  /** The day's points within the room, joined with commas ('' when none). */
  json: string;
  points: number;
  last: PointKey | undefined;
}

/** The first points of a range, by day: at most `room` in the days, `read` (up to room + 1) read. */
export interface PointRead {
  days: DayText[];
  read: number;
}

/** What to read: one metric (its stored name), organizations, range, filters, and the cursor. */
export interface PointSelection {
  metric: string;
  info: MetricInfo;
  orgs: number[];
  query: AnalyticsQuery;
  after: PointKey | undefined;
}

/**
 * A bound of the range as the database reads it: epoch seconds, so any date the query schema
 * accepts works (an ISO string of year 10000, the end of 9999-12-31, is not valid input for it).
 */
function epochSeconds(d: Date) {
  return d.getTime() / 1000;
}

/** The selected points in [from, to) (after the cursor), time ascending then id, at most `limit`. */
function orderedPoints(sel: PointSelection, from: Date, to: Date, limit: number, p: Params): string {
  const { query, orgs } = sel;
  // One organization (the usual case): its index range read in order, no sort. Several: one
  // ordered range per organization (metric, organization_id, time, id), merged; an
  // `organization_id = ANY (...)` condition would make PostgreSQL sort the whole range instead.
  const single = orgs.length === 1;
  const where = [
    `metric = ${p.add(sel.metric)}`,
    single ? `organization_id = ${p.add(orgs[0])}` : 'organization_id = o.id',
    `time >= to_timestamp(${p.add(epochSeconds(from))}::double precision)`,
    `time < to_timestamp(${p.add(epochSeconds(to))}::double precision)`,
  ];
  if (query.um_widget_id) where.push(`um_widget_ids && ${p.add(query.um_widget_id)}::int[]`);
  if (query.operator_id) where.push(`operator_id = ANY (${p.add(query.operator_id)}::int[])`);
  if (query.operator_group_id)
    where.push(`operator_group_id = ANY (${p.add(query.operator_group_id)}::int[])`);
  if (query.operator_mode === 'human')
    where.push('coalesce(human_interaction, NOT is_chatbot_metric AND operator_id IS NOT NULL)');
  if (query.operator_mode === 'bot') where.push('coalesce(chatbot_interaction, is_chatbot_metric)');
  if (sel.after) where.push(`(time, id) > (${p.add(sel.after.time)}::timestamptz, ${p.add(sel.after.id)})`);
  const range = `SELECT * FROM analytics_data_points WHERE ${where.join(' AND ')}
        ORDER BY time, id LIMIT ${limit}`;
  return `SELECT d.* FROM ${single ? `(${range}) AS d` : `unnest(${p.add(orgs)}::int[]) AS o(id) CROSS JOIN LATERAL (${range}) AS d`}
      ORDER BY d.time, d.id LIMIT ${limit}`;
}

interface DayTextRow {
  day: string;
  json: string | null;
  points: number;
  others: number;
  last_time: string | null;
  last_id: number | null;
  /** Null: no point (the one group of an empty read). */
  read: number | null;
  shortest: boolean;
}

/**
 * The first `room` points in [from, to), rendered by the database, and whether there are more (one
 * more point is read). `byDay`: grouped by UTC day (to store whole days); otherwise one group
 * (day ''), joined in the order the subquery reads them, which spares sorting the rendered texts
 * (a third of the statement). Rows are read and rendered here only when a value would print
 * otherwise in PostgreSQL (see pointJsonSql).
 */
export async function readPoints(
  db: Db,
  sel: PointSelection,
  from: Date,
  to: Date,
  room: number,
  { byDay = false }: { byDay?: boolean } = {},
): Promise<PointRead> {
  const p = new Params();
  const ordered = orderedPoints(sel, from, to, room + 1, p);
  const inRoom = `p.n <= ${p.add(room)}`;
  // The last point in the room, of its day when by day.
  const isLast = `(p.n = ${p.add(room)} OR p.ends)`;
  const ends = byDay
    ? `coalesce((lead(d.time) OVER () AT TIME ZONE 'UTC')::date <> (d.time AT TIME ZONE 'UTC')::date, true)`
    : 'lead(d.id) OVER () IS NULL';
  const rows = await db.query<DayTextRow>(
    `SELECT ${byDay ? `(p.time AT TIME ZONE 'UTC')::date::text` : "''"} AS day,
            string_agg(${pointJsonSql(sel.info)}, ',' ${byDay ? 'ORDER BY p.n' : ''}) FILTER (WHERE ${inRoom}) AS json,
            count(*) FILTER (WHERE ${inRoom})::int AS points,
            count(*) FILTER (WHERE ${inRoom} AND NOT (${VALUE_AS_JS}))::int AS others,
            max(p.time_text) FILTER (WHERE ${inRoom} AND ${isLast}) AS last_time,
            max(p.id) FILTER (WHERE ${inRoom} AND ${isLast}) AS last_id,
            max(p.n)::int AS read,
            current_setting('extra_float_digits')::int > 0 AS shortest
       FROM (SELECT d.*, d.time::text AS time_text, row_number() OVER () AS n, ${ends} AS ends
               FROM (${ordered}) AS d) AS p
      ${byDay ? 'GROUP BY 1 ORDER BY 1' : ''}`,
    p.values,
  );
  const found = rows.filter((r) => r.read !== null);
  if (found.some((r) => r.others > 0 || !r.shortest)) return readRows(db, sel, from, to, room);
  return {
    days: found.map((r) => ({
      day: r.day,
      json: r.json ?? '',
      points: r.points,
      last: r.last_time === null ? undefined : { time: r.last_time, id: r.last_id! },
    })),
    read: found.reduce((read, r) => Math.max(read, r.read!), 0),
  };
}

/** readPoints from rows rendered by dataPointJson. */
async function readRows(db: Db, sel: PointSelection, from: Date, to: Date, room: number): Promise<PointRead> {
  const p = new Params();
  const rows = await db.query<PointRow>(
    `SELECT ${POINT_COLUMNS} FROM (${orderedPoints(sel, from, to, room + 1, p)}) AS d ORDER BY d.time, d.id`,
    p.values,
  );
  const days: DayText[] = [];
  let day: { day: string; rows: PointRow[] } | undefined;
  const close = () => {
    if (!day) return;
    const page = day.rows;
    const last = page[page.length - 1];
    days.push({
      day: day.day,
      json: page.map((row) => dataPointJson(row, sel.info)).join(','),
      points: page.length,
      last: last && { time: last.time, id: last.id },
    });
  };
  for (const [i, row] of rows.entries()) {
    const name = row.time.slice(0, 10);
    if (day?.day !== name) {
      close();
      day = { day: name, rows: [] };
    }
    if (i < room) day.rows.push(row);
  }
  close();
  return { days, read: rows.length };
}
