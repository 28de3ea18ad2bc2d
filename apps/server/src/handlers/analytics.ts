import {
  type AnalyticsMetric,
  type AnalyticsQuery,
  type EndpointDefinition,
  type Endpoints,
  endpoints,
} from '@org/model';
import { queryDataPoints } from '../store/analytics.js';
import { type Handler, ok } from './types.js';

/**
 * The metric of a request: the `{metric}` parameter of the unversioned path (which serves the latest
 * analytics version of any metric), otherwise the endpoint's own metric (its definition in the model).
 * Never parsed from the raw path, which may lack the trailing slash (the router ignores it).
 */
export function metricOfRequest(endpoint: EndpointDefinition, params: unknown): AnalyticsMetric | undefined {
  return (params as { metric?: AnalyticsMetric } | undefined)?.metric ?? endpoint.metric;
}

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
}) => {
  const analyticsQuery = query as AnalyticsQuery;
  // The request's limit (D14) within the server's own page size (smaller in some tests); the read
  // is weighed by the points its page may hold, so whole pages are read a few at a time (D80).
  const pageSize = Math.min(analyticsQuery.limit, services.analyticsPageSize);
  return ok(
    await services.analyticsReads.run(pageSize, () =>
      queryDataPoints(
        services.db,
        metricOfRequest(endpoints[endpointId], params)!,
        analyticsQuery,
        { visibleOrganizationIds: auth.visibleOrganizationIds },
        origin,
        pageSize,
      ),
    ),
  );
};
