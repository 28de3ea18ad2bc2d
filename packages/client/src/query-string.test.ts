import { endpoints } from '@org/model';
import { describe, expect, it } from 'vitest';
import { formatParamValue, paramFormatsOf, serializeQuery } from './query-string.js';

describe('paramFormatsOf reads the wire formats from the model', () => {
  it('classifies the conversation list parameters', () => {
    const formats = paramFormatsOf(endpoints.listConversations.query);
    expect(formats).toMatchObject({
      exclude_ids: 'comma-list',
      limit: 'integer',
      offset: 'integer',
      ordering: 'string',
      search_query: 'string',
      updated_at_from_date: 'timestamp',
      contact_identity_id: 'integer',
    });
    expect(paramFormatsOf(endpoints.listContacts.query).verified).toBe('boolean');
    expect(paramFormatsOf(endpoints.deleteContacts.query).delete_ids).toBe('comma-list');
  });

  it('classifies the analytics parameters through the transform', () => {
    expect(paramFormatsOf(endpoints.analytics_um_conversation_duration.query)).toMatchObject({
      organization_id: 'plus-list',
      um_widget_id: 'plus-list',
      operator_id: 'plus-list',
      operator_group_id: 'plus-list',
      event_date: 'date',
      event_date_from: 'analytics-time',
      event_date_to: 'analytics-time',
      operator_mode: 'string',
    });
  });
});

describe('formatParamValue', () => {
  const at = new Date(Date.UTC(2024, 2, 14, 9, 26, 53, 589));
  it('formats dates as each parameter describes', () => {
    expect(formatParamValue(at, 'timestamp')).toBe('2024-03-14T09:26:53.589000Z');
    expect(formatParamValue(at, 'date')).toBe('2024-03-14');
    expect(formatParamValue(at, 'analytics-time')).toBe('2024-03-14T09:26:53');
    expect(formatParamValue('2024-03-01', 'analytics-time')).toBe('2024-03-01');
  });
  it('joins lists: commas for id lists, plus for analytics ids and keywords', () => {
    expect(formatParamValue([12, 15, 99], 'comma-list')).toBe('12,15,99');
    expect(formatParamValue([3, 7], 'plus-list')).toBe('3+7');
    expect(formatParamValue(['berlin', 'invoice'], 'string')).toBe('berlin+invoice');
    expect(formatParamValue(5, 'comma-list')).toBe('5');
    expect(formatParamValue([], 'comma-list')).toBeUndefined();
  });
  it('leaves out undefined and null, writes booleans and numbers', () => {
    expect(formatParamValue(undefined, 'integer')).toBeUndefined();
    expect(formatParamValue(null, 'integer')).toBeUndefined();
    expect(formatParamValue(false, 'boolean')).toBe('false');
    expect(formatParamValue(10, 'integer')).toBe('10');
  });
});

describe('serializeQuery', () => {
  it('encodes values, keeping commas and colons readable and escaping plus signs', () => {
    expect(
      serializeQuery(endpoints.listConversations.query, {
        exclude_ids: [1, 2],
        search_query: ['café', 'invoice'],
        updated_at_to_date: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
        limit: undefined,
      }),
    ).toBe('exclude_ids=1,2&search_query=caf%C3%A9%2Binvoice&updated_at_to_date=2024-01-02T03:04:05.000000Z');
  });
  it('round-trips through the model: the server parses what the client writes', () => {
    const schema = endpoints.analytics_um_conversation_duration.query!;
    const qs = serializeQuery(schema, {
      organization_id: [3, 7],
      event_date_from: new Date(Date.UTC(2024, 2, 1)),
      event_date_to: '2024-03-31',
    });
    const parsed = schema.parse(Object.fromEntries(new URLSearchParams(qs)));
    expect(parsed.organization_id).toEqual([3, 7]);
    expect(parsed.from.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(parsed.to.toISOString()).toBe('2024-04-01T00:00:00.000Z');
    const list = endpoints.listConversations.query!;
    const when = new Date(Date.UTC(2024, 2, 14, 9, 26, 53, 589));
    const back = list.parse(
      Object.fromEntries(
        new URLSearchParams(serializeQuery(list, { exclude_ids: [4, 5], updated_at_from_date: when })),
      ),
    );
    expect(back.exclude_ids).toEqual([4, 5]);
    expect(back.updated_at_from_date?.getTime()).toBe(when.getTime());
  });
});
