import type { AnalyticsMetric, AnalyticsQuery, Endpoints } from '@org/model';
import { queryDataPoints } from '../store/analytics.js';
import { type Handler, ok } from './types.js';

/**
 * The metric of a request: the `{metric}` parameter of the unversioned path (D13), otherwise the
 * endpoint's own metric (`analytics_<metric>`). Never parsed from the raw path, which may lack the
 * trailing slash (the router ignores it).
 */
const metricOf = (endpointId: string, params: unknown): AnalyticsMetric =>
  ((params as { metric?: AnalyticsMetric } | undefined)?.metric ??
    endpointId.replace(/^analytics_/, '')) as AnalyticsMetric;

/**
 * One handler serves every metric endpoint; the metric comes from the endpoint or the path
 * parameter. Typed as the unversioned endpoint, whose body is any metric's response.
 */
export const analyticsHandler: Handler<Endpoints['analyticsLatest']> = async ({
  auth,
  params,
  query,
  origin,
  services,
  endpointId,
}) =>
  ok(
    await queryDataPoints(
      services.db,
      metricOf(endpointId, params),
      query as AnalyticsQuery,
      { visibleOrganizationIds: auth.visibleOrganizationIds },
      origin,
      services.analyticsPageSize,
    ),
  );
