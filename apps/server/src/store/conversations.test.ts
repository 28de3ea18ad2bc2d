import { describe, expect, it } from 'vitest';
import { conversationPageSelection, conversationSelection } from './conversations.js';

describe('conversationSelection', () => {
  it('is index-served (one generic plan) only when every filter is carried by the ordering indexes', () => {
    expect(conversationSelection(1, {}).indexServed).toBe(true);
    expect(
      conversationSelection(1, {
        status: 'new',
        operator_id: 2,
        topics: 3,
        um_widget_id: 4,
        exclude_ids: [5],
      }).indexServed,
    ).toBe(true);
    expect(conversationSelection(1, { last_activity_from_date: new Date() }).indexServed).toBe(false);
    expect(conversationSelection(1, { updated_at_to_date: new Date() }).indexServed).toBe(false);
    expect(conversationSelection(1, { contact_identity_id: 7 }).indexServed).toBe(false);
    expect(conversationSelection(1, { search_tsquery: "'x':*" }).indexServed).toBe(false);
  });

  it('reads a topic or a widget alone (with id filters) from its list keys, anything else from conversations', () => {
    expect(conversationPageSelection(1, { topics: 3 }).from).toBe('conversation_list_keys k');
    expect(conversationPageSelection(1, { um_widget_id: 4, exclude_ids: [5], id__gt: 1 }).from).toBe(
      'conversation_list_keys k',
    );
    expect(conversationPageSelection(1, { chat_widget_id: 4 }).where).toContain("k.kind = 'widget'");
    expect(conversationPageSelection(1, { topics: 3, status: 'new' }).from).toBe('conversations v');
    expect(conversationPageSelection(1, { topics: 3, um_widget_id: 4 }).from).toBe('conversations v');
    expect(conversationPageSelection(1, { topics: 3, search_tsquery: "'x':*" }).from).toBe('conversations v');
    expect(conversationPageSelection(1, {}).from).toBe('conversations v');
  });
});
