export {
  type CanonicalMetric,
  CONVERSATION_DERIVATIONS,
  conversationDataPoints,
  type DataPointDraft,
  DERIVED_METRICS,
  OPERATOR_DERIVATIONS,
  operatorDataPoints,
} from './analytics.js';
export type { ColumnKind, ColumnSpec } from './columns.js';
export {
  type GeneratedWorld,
  generateWorld,
  type WorldOrganizationSummary,
  type WorldSink,
  type WorldSummary,
} from './generate.js';
export { BASE_IDS } from './ids.js';
export {
  DEFAULT_WORLD_OPTIONS,
  type ResolvedWorldOptions,
  resolveWorldOptions,
  type WorldOptions,
} from './options.js';
export { type RowSink, WORLD_TABLES, type WorldTable } from './rows.js';
export { formatMicros, parseMicros, SERVICE_HOURS, serviceSeconds } from './time.js';
