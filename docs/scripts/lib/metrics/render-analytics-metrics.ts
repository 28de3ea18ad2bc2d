import type { MetricInfo, MetricKind } from '@org/model';
import { table } from './markdown.js';

/** What a data point of each kind carries (Analytics API v1, section 2). */
const KIND_CARRIES: Record<MetricKind, string> = {
  conversation: 'conversation_id, chatbot_interaction, human_interaction',
  session: 'conversation_id, conversation_part_id, conversation_session_id and the interaction flags',
  operator: 'operator ids; conversation ids only on some entries',
  missed: 'no operator_id / operator_group_id (nobody could be routed)',
};

export interface AnalyticsMetricsTables {
  readonly metrics: Readonly<Record<string, MetricInfo>>;
  readonly inactivityActions: Readonly<Record<string, string>>;
  readonly conversationCategories: Readonly<Record<string, string>>;
  readonly conversationPartCategories: Readonly<Record<string, string>>;
}

const code = (text: string): string => `\`${text}\``;

const valueStrOf = (info: MetricInfo): string => {
  const values = info.valueStrValues?.length ? ` (one of: ${info.valueStrValues.map(code).join(', ')})` : '';
  return `${info.valueStr}${values}`;
};

const notesOf = (info: MetricInfo): string =>
  [info.aliasOf ? `second spelling of ${code(info.aliasOf)} (D14)` : '', info.decided ? 'format: D21' : '']
    .filter(Boolean)
    .join('; ');

const metricRows = (metrics: AnalyticsMetricsTables['metrics']): string[][] =>
  Object.entries(metrics).map(([name, info]) => [
    code(name),
    info.tracks,
    info.value,
    valueStrOf(info),
    info.kind,
    notesOf(info),
  ]);

const valueRows = (values: Readonly<Record<string, string>>): string[][] =>
  Object.entries(values).map(([value, meaning]) => [code(value), meaning]);

/**
 * The analytics metrics guide, rendered from @org/model's ANALYTICS_METRICS and value tables. The
 * committed docs/guides/analytics-metrics.md must equal this output (a test checks it).
 */
export function renderAnalyticsMetricsGuide(tables: AnalyticsMetricsTables): string {
  const count = Object.keys(tables.metrics).length;
  return `<!-- GENERATED from @org/model ANALYTICS_METRICS by docs/scripts/generate-analytics-metrics.ts. Do not edit: run \`pnpm generate\`. -->

# Analytics metrics reference

Every metric of the Analytics API v1 is one read-only endpoint:

\`\`\`
GET /api/um/v1/analytics/<metric>/     (or /api/um/analytics/<metric>/ for the latest version)
\`\`\`

The query parameters, the 93-day range cap, the 10-per-minute rate limit and the \`next\` link of
large responses are described in the [API reference](../reference/index.md) (tag *Analytics*), in
[Rate limits](rate-limits.md) and in [Pagination](pagination.md). Each data point carries \`time\`,
\`value\` and \`value_str\`; the table says what \`value\` and \`value_str\` mean for each of the
${count} metrics. "empty" means \`value_str\` is the empty string. Formats the description does not
show are our decision **D21**, see [D21](../decisions/api/0021-analytics-value-formats-not-shown.md).

## Which ids a data point carries

${table(
  ['Kind', 'Carries'],
  (Object.keys(KIND_CARRIES) as MetricKind[]).map((kind) => [kind, KIND_CARRIES[kind]]),
)}

## Metrics

${table(['Metric', 'Tracked event', 'value', 'value_str', 'Kind', 'Notes'], metricRows(tables.metrics))}

## Values of \`um_conversation_inactivity_action\`

${table(['value_str', 'Meaning'], valueRows(tables.inactivityActions))}

## Categories

\`um_conversation_category\`:

${table(['value_str', 'Meaning'], valueRows(tables.conversationCategories))}

\`um_conversation_part_category\`:

${table(['value_str', 'Meaning'], valueRows(tables.conversationPartCategories))}
`;
}
