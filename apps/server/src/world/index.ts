export {
  type CanonicalMetric,
  CONVERSATION_DERIVATIONS,
  conversationDataPoints,
  type DataPointDraft,
  DERIVED_METRICS,
  OPERATOR_DERIVATIONS,
  operatorDataPoints,
} from './analytics.js';
export { BASE_IDS } from './ids.js';
export {
  DEFAULT_WORLD_OPTIONS,
  type ResolvedWorldOptions,
  resolveWorldOptions,
  type WorldOptions,
} from './options.js';
export { seedWorld, type WorldOrganizationSummary, type WorldSummary } from './seed-world.js';
export { formatMicros, parseMicros, SERVICE_HOURS, serviceSeconds } from './time.js';
