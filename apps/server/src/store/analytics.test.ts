import { ANALYTICS_METRICS, dataPointSchemaFor } from '@org/model';
import { describe, expect, it } from 'vitest';
import { dataPointJson } from './analytics.js';

/** The fields the JSON carries as the row holds them. */
const carried = {
  organization_id: 11,
  operator_id: 5,
  operator_group_id: null,
  value: 12.5,
  value_str: 'said "hi"\n\\ to <you>',
  conversation_id: 201,
  conversation_part_id: 301,
  conversation_session_id: 302,
  is_chatbot_metric: false,
  chatbot_interaction: true,
  human_interaction: false,
};
const row = { id: 9, um_widget_ids: '{21,22}', time: '2025-06-30 12:34:56.789012+00', ...carried };
const metricOfKind = (kind: string) =>
  Object.keys(ANALYTICS_METRICS).find(
    (m) => ANALYTICS_METRICS[m as keyof typeof ANALYTICS_METRICS].kind === kind,
  ) as keyof typeof ANALYTICS_METRICS;

describe('dataPointJson', () => {
  it('writes the presence rules of section 2 as JSON the model accepts', () => {
    const metric = metricOfKind('session');
    const point = JSON.parse(dataPointJson(row, ANALYTICS_METRICS[metric]));
    expect(point).toEqual({ um_widget_id: [21, 22], time: '2025-06-30T12:34:56', ...carried });
    expect(dataPointSchemaFor(metric).safeParse(point).error?.issues).toBeUndefined();
  });

  it('leaves the operator fields out of um_missed_opportunity and writes empty widget lists', () => {
    const metric = metricOfKind('missed');
    const point = JSON.parse(
      dataPointJson(
        {
          ...row,
          um_widget_ids: '{}',
          conversation_part_id: null,
          conversation_session_id: null,
        },
        ANALYTICS_METRICS[metric],
      ),
    );
    expect(point).not.toHaveProperty('operator_id');
    expect(point).not.toHaveProperty('operator_group_id');
    expect(point.um_widget_id).toEqual([]);
    expect(dataPointSchemaFor(metric).safeParse(point).error?.issues).toBeUndefined();
  });
});
