import {
  ANALYTICS_METRICS,
  CONVERSATION_CATEGORIES,
  CONVERSATION_PART_CATEGORIES,
  INACTIVITY_ACTIONS,
} from '@org/model';
import { ANALYTICS_METRICS_GUIDE } from '../paths.js';
import { formatMarkdownLikeTheRepo } from './format-markdown.js';
import { type AnalyticsMetricsTables, renderAnalyticsMetricsGuide } from './render-analytics-metrics.js';

/** The model's tables the guide is rendered from (kept apart so the renderer can be tested alone). */
export function modelAnalyticsTables(): AnalyticsMetricsTables {
  return {
    metrics: ANALYTICS_METRICS,
    inactivityActions: INACTIVITY_ACTIONS,
    conversationCategories: CONVERSATION_CATEGORIES,
    conversationPartCategories: CONVERSATION_PART_CATEGORIES,
  };
}

/** docs/guides/analytics-metrics.md exactly as it must be committed. */
export function expectedAnalyticsMetricsGuide(): string {
  return formatMarkdownLikeTheRepo(
    renderAnalyticsMetricsGuide(modelAnalyticsTables()),
    ANALYTICS_METRICS_GUIDE,
  );
}
