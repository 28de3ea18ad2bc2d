import * as z from 'zod/v4';
import { decided } from '../decisions.js';
import { LIMITS } from '../limits.js';
import { doc } from '../openapi-meta.js';
import { ANALYTICS_TIME_PATTERN, DATE_PATTERN, parseDate, parseInstant } from '../primitives.js';
import { OPERATOR_MODES } from '../records/analytics-metrics.js';
import { intParam, plusIdsParam, stringParam } from './params.js';

const DAY_MS = 86_400_000;
/** The analytics page size as the descriptions write it. */
const PAGE_SIZE_TEXT = LIMITS.analyticsPageSize.toLocaleString('en-US');

/** A date (YYYY-mm-dd) or a timestamp (YYYY-mm-ddTHH:MM:SS), UTC. */
const dateOrTimestamp = (description: string) =>
  stringParam(description, {
    // One group around the alternation: `^A|B$` would admit anything that starts like A.
    pattern: `^(?:${DATE_PATTERN.source.slice(1, -1)}|${ANALYTICS_TIME_PATTERN.source.slice(1, -1)})$`,
    example: '2024-03-01',
  });

export type AnalyticsBound = { date: Date; dateOnly: boolean };
const parseBound = (v: string): AnalyticsBound | undefined => {
  if (DATE_PATTERN.test(v)) {
    const date = parseDate(v);
    return date && { date, dateOnly: true };
  }
  if (ANALYTICS_TIME_PATTERN.test(v)) {
    const date = parseInstant(`${v}Z`);
    return date && { date, dateOnly: false };
  }
  return undefined;
};

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

const rawAnalyticsQuery = {
  organization_id: plusIdsParam('Only data of these organizations (ids separated by + or a space; OR).'),
  um_widget_id: plusIdsParam('Only data of these widgets (ids separated by + or a space; OR).'),
  operator_id: plusIdsParam('Only data of these operators (ids separated by + or a space; OR).'),
  operator_group_id: plusIdsParam('Only data of these operator groups (ids separated by + or a space; OR).'),
  event_date: stringParam('Events of that UTC day (YYYY-mm-dd); default the current UTC day.', {
    format: 'date',
    example: '2024-03-14',
  }),
  event_date_from: dateOrTimestamp(
    'Start of the range (date or timestamp, UTC); alone it means that single day.',
  ),
  event_date_to: dateOrTimestamp(
    'End of the range (date: the whole day; timestamp: inclusive), UTC; alone it means that single day.',
  ),
  operator_mode: stringParam(
    `\`human\` (${OPERATOR_MODES.human}) or \`bot\` (${OPERATOR_MODES.bot}); any other value (empty too) gives all operators.`,
    {},
    { allowEmpty: true },
  ),
  limit: intParam({
    description: `Data points per response; default ${PAGE_SIZE_TEXT}; larger than ${PAGE_SIZE_TEXT} is replaced by ${PAGE_SIZE_TEXT} (D14). The \`next\` link keeps it.`,
    min: 1,
    clampTo: LIMITS.analyticsPageSize,
    default: LIMITS.analyticsPageSize,
    decision: 'D14',
  }),
  cursor: doc(
    stringParam('Continuation of a response that had more data points than its limit (from `next`).'),
    {
      ...decided('D14'),
    },
  ),
};

/**
 * The analytics query: filters plus the resolved time range [from, to) — the 93-day cap, inverted
 * ranges and malformed dates are rejected here, with the field that is wrong.
 */
export const AnalyticsQuerySchema = z
  .object(rawAnalyticsQuery)
  .strict()
  .transform((q, ctx) => {
    const bound = (field: 'event_date_from' | 'event_date_to') => {
      const raw = q[field];
      if (raw === undefined) return undefined;
      const parsed = parseBound(raw);
      if (!parsed)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Expected YYYY-mm-dd or YYYY-mm-ddTHH:MM:SS.',
        });
      return parsed ?? null;
    };
    let from: Date;
    let to: Date;
    if (q.event_date !== undefined) {
      const day = parseDate(q.event_date);
      if (!day) {
        ctx.addIssue({ code: 'custom', path: ['event_date'], message: 'Expected a date YYYY-mm-dd.' });
        return z.NEVER;
      }
      if (q.event_date_from !== undefined || q.event_date_to !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['event_date'],
          message: 'Give either event_date or event_date_from/event_date_to, not both.',
        });
        return z.NEVER;
      }
      from = day;
      to = new Date(day.getTime() + DAY_MS);
    } else {
      const lo = bound('event_date_from');
      const hi = bound('event_date_to');
      if (lo === null || hi === null) return z.NEVER;
      if (lo && hi) {
        from = lo.date;
        to = hi.dateOnly ? new Date(hi.date.getTime() + DAY_MS) : new Date(hi.date.getTime() + 1000);
      } else if (lo || hi) {
        // One bound alone: the range is that single day.
        from = startOfUtcDay((lo ?? hi)!.date);
        to = new Date(from.getTime() + DAY_MS);
      } else {
        from = startOfUtcDay(new Date());
        to = new Date(from.getTime() + DAY_MS);
      }
    }
    if (to <= from) {
      ctx.addIssue({
        code: 'custom',
        path: ['event_date_to'],
        message: 'event_date_to is before event_date_from.',
      });
      return z.NEVER;
    }
    if (to.getTime() - from.getTime() > LIMITS.analyticsMaxRangeDays * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['event_date_to'],
        message: `A request can cover at most ${LIMITS.analyticsMaxRangeDays} days.`,
      });
      return z.NEVER;
    }
    const operatorMode: keyof typeof OPERATOR_MODES | undefined =
      q.operator_mode === 'human' || q.operator_mode === 'bot' ? q.operator_mode : undefined;
    return {
      organization_id: q.organization_id,
      um_widget_id: q.um_widget_id,
      operator_id: q.operator_id,
      operator_group_id: q.operator_group_id,
      operator_mode: operatorMode,
      limit: q.limit,
      cursor: q.cursor,
      from,
      to,
    };
  });
export type AnalyticsQuery = z.output<typeof AnalyticsQuerySchema>;
/** The parameters of the analytics query, for documentation and clients. */
export const ANALYTICS_QUERY_PARAMS = rawAnalyticsQuery;
