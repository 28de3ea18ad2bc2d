import type { AnalyticsMetric, AnalyticsQuery, EndpointDefinition } from '@org/model';
import { queryDataPoints } from '../analytics/query-data-points.js';
import { type Handler, ok } from './types.js';

/** One handler serves every metric endpoint; the metric comes from the path. */
export const analyticsHandler: Handler<EndpointDefinition> = async ({ auth, query, origin, services }) => {
  const metric = /\/analytics\/([^/]+)\//.exec(origin.path)![1] as AnalyticsMetric;
  return ok(
    await queryDataPoints(
      services.db,
      metric,
      query as AnalyticsQuery,
      { visibleOrganizationIds: auth.visibleOrganizationIds },
      origin,
      services.analyticsPageSize,
    ),
  );
};
