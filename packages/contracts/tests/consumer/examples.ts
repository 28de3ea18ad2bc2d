import {
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  dataPointExample,
  dataPointSchemaFor,
  type EndpointDefinition,
  type EndpointId,
  ERROR_CODES,
  type ErrorCode,
  type ErrorStatus,
  endpoints,
  errorBody,
  type MetricInfo,
} from '@org/model';
import type { z } from 'zod';
import { ANALYTICS_DAY } from '../support/contract.js';

/**
 * A data point of one metric, fitted from the model's generic example to the metric's presence
 * rules (session metrics add part and session ids, missed opportunities carry no operator ids,
 * enumerated value_str takes its first value).
 */
export function dataPointExampleFor(metric: AnalyticsMetric) {
  const schema = dataPointSchemaFor(metric) as unknown as z.ZodObject;
  const info: MetricInfo = ANALYTICS_METRICS[metric];
  const candidate: Record<string, unknown> = {
    ...dataPointExample,
    conversation_part_id: 2077,
    conversation_session_id: 2077,
    time: `${ANALYTICS_DAY}T09:26:53`,
    value_str: info.valueStrValues?.[0] ?? dataPointExample.value_str,
  };
  const required = Object.entries(schema.shape).filter(([, field]) => !(field as z.ZodTypeAny).isOptional());
  return schema.parse(Object.fromEntries(required.map(([key]) => [key, candidate[key]]))) as Record<
    string,
    unknown
  >;
}

/** The model's example error body of one code (the detail text is the code's description). */
export function errorExample(code: ErrorCode, errors?: Record<string, string[]>) {
  return errorBody(code, ERROR_CODES[code].description, errors);
}

/** The first error code of a status. */
export function codeOf(status: ErrorStatus): ErrorCode {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).find((c) => ERROR_CODES[c].status === status)!;
}

export function definitionOf(id: EndpointId): EndpointDefinition {
  return endpoints[id] as EndpointDefinition;
}
