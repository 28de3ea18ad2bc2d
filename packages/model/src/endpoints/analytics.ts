import * as z from 'zod/v4';
import { dataPointExample } from '../examples.js';
import { AnalyticsQuerySchema } from '../query/analytics.js';
import { stringParam } from '../query/params.js';
import {
  AnalyticsResponseSchema,
  analyticsResponseSchemaOf,
  dataPointSchemaFor,
} from '../records/analytics.js';
import {
  ANALYTICS_METRIC_NAMES,
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  type MetricInfo,
} from '../records/analytics-metrics.js';
import { servedAs } from '../resources.js';
import { type EndpointDefinition, endpoint } from './define.js';

const ANALYTICS = servedAs('analyticsDataPoints');

export const ANALYTICS_VERSION = 'v1';
export function analyticsPath(metric: string, version: string | null = ANALYTICS_VERSION) {
  return version ? `/api/um/${version}/analytics/${metric}/` : `/api/um/analytics/${metric}/`;
}

const metricEndpoint = <M extends AnalyticsMetric>(metric: M) => {
  const info: MetricInfo = ANALYTICS_METRICS[metric];
  return endpoint({
    method: 'GET',
    path: analyticsPath(metric) as `/api/um/v1/analytics/${M}/`,
    ...ANALYTICS,
    metric,
    summary: metric,
    description: `Tracks: ${info.tracks}. value: ${info.value}. value_str: ${info.valueStr}.${
      info.aliasOf ? ` Second spelling of ${info.aliasOf}; both serve the same data (D14).` : ''
    }`,
    query: AnalyticsQuerySchema,
    success: { 200: analyticsResponseSchemaOf(dataPointSchemaFor(metric)) },
    decisions: ['D2', 'D14', ...(info.decided ? (['D21'] as const) : [])],
    example: {
      query: { event_date_from: '2024-03-01', event_date_to: '2024-03-31', organization_id: '7' },
      response: { results: [] },
    },
  });
};

type MetricEndpoints = {
  readonly [M in AnalyticsMetric as `analytics_${M}`]: ReturnType<typeof metricEndpoint<M>>;
};

/** One GET endpoint per metric under /api/um/v1/analytics/<metric>/ (both spellings of the alias). */
export const analyticsEndpoints = Object.fromEntries(
  ANALYTICS_METRIC_NAMES.map((metric) => [`analytics_${metric}`, metricEndpoint(metric)]),
) as unknown as MetricEndpoints;

/** The path without a version segment serves the latest version; an unknown metric answers 404. */
export const latestAnalyticsEndpoints = {
  analyticsLatest: endpoint({
    method: 'GET',
    path: '/api/um/analytics/{metric}/',
    ...ANALYTICS,
    summary: 'Any metric, latest version',
    description: `Serves /api/um/${ANALYTICS_VERSION}/analytics/<metric>/ (the latest version). An unknown metric answers 404.`,
    params: z
      .object({
        // A plain string in the document, so that a request for an unknown metric (404) is allowed.
        metric: stringParam(
          `Metric name: one of the Analytics operations (${ANALYTICS_METRIC_NAMES.length} metrics); an unknown metric answers 404.`,
          { pattern: '^um_[a-z_]+$', example: 'um_conversation_duration' },
        ).refine(
          (v): v is AnalyticsMetric => (ANALYTICS_METRIC_NAMES as readonly string[]).includes(v ?? ''),
          'Unknown metric.',
        ),
      })
      .strict(),
    query: AnalyticsQuerySchema,
    success: { 200: AnalyticsResponseSchema },
    decisions: ['D13', 'D14'],
    example: {
      params: { metric: 'um_conversation_duration' },
      query: { event_date: '2024-03-14' },
      response: { results: [dataPointExample] },
    },
  }),
} as const;

export type AnalyticsEndpoint = EndpointDefinition;
