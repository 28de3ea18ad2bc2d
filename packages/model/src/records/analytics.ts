import * as z from 'zod/v4';
import { decided } from '../decisions.js';
import { doc } from '../openapi-meta.js';
import { AnalyticsTimeSchema, IdSchema } from '../primitives.js';
import { openEnum } from '../strict.js';
import { ANALYTICS_METRICS, type AnalyticsMetric, type MetricInfo } from './analytics-metrics.js';

const base = {
  um_widget_id: z.array(IdSchema).describe('Widgets involved.'),
  organization_id: IdSchema,
  operator_id: IdSchema.nullable().describe(
    'Null when the conversation was unassigned or no operator could be routed.',
  ),
  operator_group_id: IdSchema.nullable().describe(
    'Null when the conversation was unassigned or no operator could be routed.',
  ),
  time: AnalyticsTimeSchema,
  value: z.number().describe('Meaning depends on the metric.'),
  value_str: z.string().describe('Meaning depends on the metric.'),
  conversation_id: IdSchema.describe('Only if the metric was tracked from a conversation event.'),
  conversation_part_id: IdSchema.describe('Only if tracked from a single conversation session event.'),
  conversation_session_id: IdSchema.describe('Same condition as conversation_part_id.'),
  is_chatbot_metric: z.boolean().describe('True when the operator assigned at tracking time was a chatbot.'),
  chatbot_interaction: z.boolean().describe('A chatbot took part in the conversation so far.'),
  human_interaction: z.boolean().describe('A human operator took part in the conversation so far.'),
};

/** Any data point of any metric: the union of the per-metric presence rules. */
export const AnalyticsDataPointSchema = doc(
  z.object({
    ...base,
    operator_id: base.operator_id.optional(),
    operator_group_id: base.operator_group_id.optional(),
    conversation_id: base.conversation_id.optional(),
    conversation_part_id: base.conversation_part_id.optional(),
    conversation_session_id: base.conversation_session_id.optional(),
    chatbot_interaction: base.chatbot_interaction.optional(),
    human_interaction: base.human_interaction.optional(),
  }),
  { description: 'An analytics data point (any metric).' },
);
export type AnalyticsDataPoint = z.infer<typeof AnalyticsDataPointSchema>;

/** The presence rules of section 2 for one kind of metric. */
const schemaForKind = (info: MetricInfo) => {
  const valueStr = info.valueStrValues
    ? openEnum(info.valueStrValues as [string, ...string[]])
    : base.value_str;
  const common = {
    um_widget_id: base.um_widget_id,
    organization_id: base.organization_id,
    time: base.time,
    value: base.value,
    value_str: valueStr,
    is_chatbot_metric: base.is_chatbot_metric,
  };
  const operator = { operator_id: base.operator_id, operator_group_id: base.operator_group_id };
  const conversation = {
    conversation_id: base.conversation_id,
    chatbot_interaction: base.chatbot_interaction,
    human_interaction: base.human_interaction,
  };
  const session = {
    conversation_part_id: base.conversation_part_id,
    conversation_session_id: base.conversation_session_id,
  };
  switch (info.kind) {
    case 'conversation':
      return z.object({ ...common, ...operator, ...conversation });
    case 'session':
      return z.object({ ...common, ...operator, ...conversation, ...session });
    case 'missed':
      return z.object({ ...common, ...conversation });
    case 'operator':
      return z.object({
        ...common,
        ...operator,
        conversation_id: base.conversation_id.optional(),
        conversation_part_id: base.conversation_part_id.optional(),
        conversation_session_id: base.conversation_session_id.optional(),
      });
  }
};

/** The data point schema of one metric, with its presence rules and value_str values. */
export function dataPointSchemaFor(metric: AnalyticsMetric) {
  const info: MetricInfo = ANALYTICS_METRICS[metric];
  return doc(schemaForKind(info), {
    description: `A data point of ${metric}: ${info.tracks}. value: ${info.value}. value_str: ${info.valueStr}.`,
    ...(info.decided ? decided('D21') : {}),
  });
}

/** A response carries at most 10,000 data points and a `next` link when more exist. */
export function analyticsResponseSchemaOf<T extends z.ZodType>(point: T) {
  return z.object({
    results: z.array(point),
    next: doc(z.string().url().nullable().optional(), {
      description: 'URL of the next data points when more than 10,000 match (D14); absent or null otherwise.',
      ...decided('D14'),
    }),
  });
}
export const AnalyticsResponseSchema = analyticsResponseSchemaOf(AnalyticsDataPointSchema);
export type AnalyticsResponse = z.infer<typeof AnalyticsResponseSchema>;
