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
import { assembledJson, type JsonPart, type JsonParts } from '../core/json.js';
import { linkTo, type RequestOrigin } from '../core/links.js';
import { type PointPage, pageFromDays } from './analytics-days.js';
import { type PointKey, type PointRead, readPoints } from './analytics-read.js';
import type { Db } from './engine/db.js';
import { parseTimestamp } from './engine/type-parsers.js';

export { dataPointJson, POINT_COLUMNS, type PointRow } from './analytics-read.js';

/** Analytics cursors: the (time, id) of the last point served, opaque to clients. */
function encodeCursor(row: PointKey) {
  return Buffer.from(`${parseTimestamp(row.time)}|${row.id}`).toString('base64url');
}
/** What encodeCursor writes: a UTC timestamp as the db layer prints it, and an int4 id. */
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|(\d{1,10})$/;
const MAX_INT4 = LIMITS.maxId;
function decodeCursor(cursor: string) {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  const [, time, id] = match ?? [];
  // A tampered cursor is a 400, never a database error: a real instant and an id of the column's range.
  const instant = time ? Date.parse(time) : Number.NaN;
  const real = !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 19) === time!.slice(0, 19);
  if (!time || !id || !real || Number(id) > MAX_INT4)
    throw invalid({ cursor: ['Not a cursor of this API; use the `next` link of a response.'] });
  return { time, id: Number(id) };
}

const RESULTS_OPEN = '{"results":[';
const COMMA = ',';

export interface DataPointScope {
  /** Organizations the token may see. */
  visibleOrganizationIds: number[];
}

/**
 * The data points of one metric in the range, filtered (AND of filters, OR within an id list),
 * time ascending then id, at most `pageSize` (the request's limit within the server's page size)
 * with a `next` link when more exist.
 */
export async function queryDataPoints(
  db: Db,
  metric: AnalyticsMetric,
  query: AnalyticsQuery,
  scope: DataPointScope,
  origin: RequestOrigin,
  pageSize: number = LIMITS.analyticsPageSize,
): Promise<JsonParts<AnalyticsResponse>> {
  const info: MetricInfo = ANALYTICS_METRICS[metric];
  const orgs = query.organization_id
    ? scope.visibleOrganizationIds.filter((id) => query.organization_id!.includes(id))
    : scope.visibleOrganizationIds;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const selection = { metric: canonicalMetric(metric), info, orgs, query, after };
  const read = (from: Date, to: Date, room: number, byDay = false) =>
    readPoints(db, selection, from, to, room, { byDay });
  const page =
    (dayRendersServe(metric, orgs)
      ? await pageFromDays(
          {
            db,
            metric: selection.metric,
            organizationId: orgs[0]!,
            filter: filterKey(query),
            from: query.from,
            to: query.to,
            afterTime: after?.time,
            read,
          },
          pageSize,
        )
      : undefined) ?? readPage(await read(query.from, query.to, pageSize), pageSize);
  const next = page.more
    ? `,"next":${JSON.stringify(linkTo(origin, { cursor: encodeCursor(page.last!) }))}`
    : '';
  // Written part by part (a day's text each), as text: one 2 MB string per page, joined and then
  // encoded, cost as much memory again as 16 concurrent pages hold, and a buffer per day (about 22 KB
  // each on the large world) was a native allocation each that the process kept after the page was
  // sent; the socket encodes each text as it writes it (D80). Points written as text by
  // dataPointJson (checked against the model's per-metric schema in tests).
  const parts: JsonPart[] = [RESULTS_OPEN];
  for (const part of page.parts) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(part);
  }
  parts.push(`]${next}}`);
  return assembledJson(parts);
}

/**
 * Whether stored day renders hold this request's points: one organization, rendered as the
 * stored metric is. Filtered requests have renders of their own (0020), by filterKey.
 */
function dayRendersServe(metric: AnalyticsMetric, orgs: number[]) {
  return (
    orgs.length === 1 &&
    (ANALYTICS_METRICS[metric] as MetricInfo).kind ===
      (ANALYTICS_METRICS[canonicalMetric(metric)] as MetricInfo).kind
  );
}

/** The filters of points of a request as one key, the same for the same filters: '' without any. */
function filterKey(query: AnalyticsQuery): string {
  const ids = (list: number[] | undefined) =>
    list?.length ? [...new Set(list)].sort((a, b) => a - b) : undefined;
  const key = {
    operator_group_id: ids(query.operator_group_id),
    operator_id: ids(query.operator_id),
    operator_mode: query.operator_mode,
    um_widget_id: ids(query.um_widget_id),
  };
  return Object.values(key).some((v) => v !== undefined) ? JSON.stringify(key) : '';
}

/** The page of one read. */
function readPage(read: PointRead, pageSize: number): PointPage {
  const days = read.days.filter((day) => day.points > 0);
  return {
    parts: days.map((day) => day.json),
    last: days[days.length - 1]?.last,
    more: read.read > pageSize,
  };
}
