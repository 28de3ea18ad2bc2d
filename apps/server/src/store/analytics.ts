import {
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  type AnalyticsQuery,
  type AnalyticsResponse,
  canonicalMetric,
  LIMITS,
  type MetricInfo,
} from '@org/model';
import { invalid } from '../core/api-error.js';
import { assembledJson, type JsonText } from '../core/json.js';
import { linkTo, type RequestOrigin } from '../core/links.js';
import { type PointKey, type PointPage, pageFromDays } from './analytics-days.js';
import type { Db } from './engine/db.js';
import { parseTimestamp } from './engine/type-parsers.js';
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
export const dataPointJson = (row: PointRow, info: MetricInfo): string => {
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
};

/** D14 cursors: the (time, id) of the last point served, opaque to clients. */
const encodeCursor = (row: PointKey) =>
  Buffer.from(`${parseTimestamp(row.time)}|${row.id}`).toString('base64url');
/** What encodeCursor writes: a UTC timestamp as the db layer prints it, and an int4 id. */
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|(\d{1,10})$/;
const MAX_INT4 = LIMITS.maxId;
const decodeCursor = (cursor: string) => {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  const [, time, id] = match ?? [];
  // A tampered cursor is a 400, never a database error: a real instant and an id of the column's range.
  const instant = time ? Date.parse(time) : Number.NaN;
  const real = !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 19) === time!.slice(0, 19);
  if (!time || !id || !real || Number(id) > MAX_INT4)
    throw invalid({ cursor: ['Not a cursor of this API; use the `next` link of a response.'] });
  return { time, id: Number(id) };
};

/**
 * A bound of the range as the database reads it: epoch seconds, so any date the query schema
 * accepts works (an ISO string of year 10000, the end of 9999-12-31, is not valid input for it).
 */
const epochSeconds = (d: Date) => d.getTime() / 1000;

export interface DataPointScope {
  /** Organizations the token may see. */
  visibleOrganizationIds: number[];
}

/**
 * The data points of one metric in the range, filtered (AND of filters, OR within an id list),
 * time ascending then id (D14), at most `pageSize` with a `next` link when more exist.
 */
export const queryDataPoints = async (
  db: Db,
  metric: AnalyticsMetric,
  query: AnalyticsQuery,
  scope: DataPointScope,
  origin: RequestOrigin,
  pageSize: number = LIMITS.analyticsPageSize,
): Promise<JsonText<AnalyticsResponse>> => {
  const info: MetricInfo = ANALYTICS_METRICS[metric];
  const orgs = query.organization_id
    ? scope.visibleOrganizationIds.filter((id) => query.organization_id!.includes(id))
    : scope.visibleOrganizationIds;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = (from: Date, to: Date, limit: number) =>
    pointRows(db, metric, orgs, { ...query, from, to }, after, limit);
  const render = (row: PointRow) => dataPointJson(row, info);
  const page =
    (dayRendersServe(metric, orgs, query)
      ? await pageFromDays(
          {
            db,
            metric: canonicalMetric(metric),
            organizationId: orgs[0]!,
            from: query.from,
            to: query.to,
            afterTime: after?.time,
            rows,
            render,
          },
          pageSize,
        )
      : undefined) ?? rowsPage(await rows(query.from, query.to, pageSize + 1), pageSize, render);
  const results = page.parts.join(',');
  const next = page.more
    ? `,"next":${JSON.stringify(linkTo(origin, { cursor: encodeCursor(page.last!) }))}`
    : '';
  // Points written as text by dataPointJson (checked against the model's per-metric schema in tests).
  return assembledJson(`{"results":[${results}]${next}}`);
};

/**
 * Whether stored day renders (D54) hold this request's points: one organization and no filter on
 * the points themselves (a render holds all of a day's points), rendered as the stored metric is.
 */
const dayRendersServe = (metric: AnalyticsMetric, orgs: number[], query: AnalyticsQuery) =>
  orgs.length === 1 &&
  !query.um_widget_id &&
  !query.operator_id &&
  !query.operator_group_id &&
  query.operator_mode !== 'human' &&
  query.operator_mode !== 'bot' &&
  (ANALYTICS_METRICS[metric] as MetricInfo).kind ===
    (ANALYTICS_METRICS[canonicalMetric(metric)] as MetricInfo).kind;

/** A page of the first `pageSize` rows; more when there were more. */
const rowsPage = (rows: PointRow[], pageSize: number, render: (row: PointRow) => string): PointPage => {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    parts: page.length ? [page.map(render).join(',')] : [],
    last: last && { time: last.time, id: last.id },
    more: rows.length > pageSize,
  };
};

/** The points of the range [query.from, query.to) after the cursor, filtered, in order, at most `limit`. */
const pointRows = (
  db: Db,
  metric: AnalyticsMetric,
  orgs: number[],
  query: AnalyticsQuery,
  after: { time: string; id: number } | undefined,
  limit: number,
): Promise<PointRow[]> => {
  const p = new Params();
  // One organization (the usual case): its index range read in order, no sort. Several: one
  // ordered range per organization (metric, organization_id, time, id), merged; an
  // `organization_id = ANY (...)` condition would make PostgreSQL sort the whole range instead.
  const single = orgs.length === 1;
  const where = [
    `metric = ${p.add(canonicalMetric(metric))}`,
    single ? `organization_id = ${p.add(orgs[0])}` : 'organization_id = o.id',
    `time >= to_timestamp(${p.add(epochSeconds(query.from))}::double precision)`,
    `time < to_timestamp(${p.add(epochSeconds(query.to))}::double precision)`,
  ];
  if (query.um_widget_id) where.push(`um_widget_ids && ${p.add(query.um_widget_id)}::int[]`);
  if (query.operator_id) where.push(`operator_id = ANY (${p.add(query.operator_id)}::int[])`);
  if (query.operator_group_id)
    where.push(`operator_group_id = ANY (${p.add(query.operator_group_id)}::int[])`);
  if (query.operator_mode === 'human')
    where.push('coalesce(human_interaction, NOT is_chatbot_metric AND operator_id IS NOT NULL)');
  if (query.operator_mode === 'bot') where.push('coalesce(chatbot_interaction, is_chatbot_metric)');
  if (after) where.push(`(time, id) > (${p.add(after.time)}::timestamptz, ${p.add(after.id)})`);
  const range = `SELECT * FROM analytics_data_points WHERE ${where.join(' AND ')}
        ORDER BY time, id LIMIT ${limit}`;
  return db.query<PointRow>(
    `SELECT ${POINT_COLUMNS}
       FROM ${single ? `(${range}) AS d` : `unnest(${p.add(orgs)}::int[]) AS o(id) CROSS JOIN LATERAL (${range}) AS d`}
      ORDER BY d.time, d.id LIMIT ${limit}`,
    p.values,
  );
};
