import { formatAnalyticsTime, formatTimestamp, paramDocOf, paramsShapeOf } from '@org/model';
import type * as z from 'zod/v4';

/**
 * How a query parameter travels as a string. Read from the OpenAPI text the model attaches to
 * each parameter (type, format, pattern), so the wire formats are described once, in the model.
 */
export type ParamFormat =
  | 'integer'
  | 'boolean'
  /** v3 filters: YYYY-MM-DDTHH:MM:SS.ffffffZ */
  | 'timestamp'
  /** analytics event_date: YYYY-mm-dd */
  | 'date'
  /** analytics range bounds: YYYY-mm-ddTHH:MM:SS (a string passes as is, e.g. a plain date) */
  | 'analytics-time'
  /** exclude_ids, delete_ids: 12,15,99 */
  | 'comma-list'
  /** analytics id filters: 3+7 */
  | 'plus-list'
  | 'string';

type Shape = Record<string, z.ZodType>;

/** The object shape behind a query schema (the analytics query is an object piped into a transform). */
export function queryShapeOf(schema: z.ZodType | undefined): Shape {
  return paramsShapeOf(schema);
}

const formatOfParam = (schema: z.ZodType): ParamFormat => {
  const doc = paramDocOf(schema) as { type?: string; format?: string; pattern?: string } | undefined;
  if (!doc) return 'string';
  if (doc.type === 'integer') return 'integer';
  if (doc.type === 'boolean') return 'boolean';
  if (doc.format === 'date-time') return 'timestamp';
  if (doc.format === 'date') return 'date';
  const pattern = doc.pattern ?? '';
  if (pattern.includes('[+ ]')) return 'plus-list';
  if (pattern.includes(',')) return 'comma-list';
  if (pattern.includes('T') && pattern.includes('\\d{4}')) return 'analytics-time';
  return 'string';
};

const formatsCache = new WeakMap<z.ZodType, Record<string, ParamFormat>>();

/** The wire format of every parameter of a query schema. */
export function paramFormatsOf(schema: z.ZodType | undefined): Record<string, ParamFormat> {
  if (!schema) return {};
  const cached = formatsCache.get(schema);
  if (cached) return cached;
  const formats = Object.fromEntries(
    Object.entries(queryShapeOf(schema)).map(([key, field]) => [key, formatOfParam(field)]),
  );
  formatsCache.set(schema, formats);
  return formats;
}

const formatDate = (date: Date, format: ParamFormat): string => {
  switch (format) {
    case 'date':
      return date.toISOString().slice(0, 10);
    case 'analytics-time':
      return formatAnalyticsTime(date);
    default:
      return formatTimestamp(date);
  }
};

/** One parameter value as its string form; undefined and null are left out. */
export function formatParamValue(value: unknown, format: ParamFormat): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return formatDate(value, format);
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const parts = value.map((v) => (v instanceof Date ? formatDate(v, format) : String(v)));
    // Keywords (search_query) and analytics ids are plus-separated; id lists comma-separated.
    return parts.join(format === 'comma-list' ? ',' : '+');
  }
  return String(value);
}

/** Keeps commas and colons readable; everything else (including `+`) is percent-encoded. */
const encodeValue = (value: string) => encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':');

/** The query as wire strings, in the order given. */
export function queryValues(
  schema: z.ZodType | undefined,
  query: Readonly<Record<string, unknown>> | undefined,
): Array<[string, string]> {
  if (!query) return [];
  const formats = paramFormatsOf(schema);
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(query)) {
    const text = formatParamValue(value, formats[key] ?? 'string');
    if (text !== undefined) out.push([key, text]);
  }
  return out;
}

/** The query string (without `?`) for a typed query. */
export function serializeQuery(
  schema: z.ZodType | undefined,
  query: Readonly<Record<string, unknown>> | undefined,
): string {
  return queryValues(schema, query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeValue(value)}`)
    .join('&');
}
