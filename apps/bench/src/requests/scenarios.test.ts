import { describe, expect, it } from 'vitest';
import {
  deepestFullOffset,
  deepOffsetRequests,
  listRequests,
  prng,
  topicChangeRequests,
} from './scenarios.js';

describe('URL lists', () => {
  it('are deterministic and distinct', () => {
    const sample = {
      organizationId: 1,
      conversationIds: [1, 2, 3],
      contacts: [],
      operatorIds: [5, 6],
      widgetIds: [7],
      topicIds: [9],
      topicTexts: ['billing', 'returns'],
      writeContacts: [
        { id: 11, email: 'a@example.org' },
        { id: 12, email: 'b@example.org' },
      ],
      statuses: ['ended', 'new'],
      deepCursorIds: [3],
      conversationCount: 250,
    };
    const a = listRequests(sample, 100);
    expect(a).toHaveLength(100);
    expect(new Set(a.map((r) => r.path)).size).toBe(100);
    expect(listRequests(sample, 100)).toEqual(a);
    expect(a.every((r) => r.path.includes('limit=100'))).toBe(true);
    // Every changing PATCH sets a conversation to the topic it did not get the pass before.
    const changes = topicChangeRequests({ ...sample, conversationIds: [1, 2] });
    expect(changes.map((r) => `${r.path} ${r.body}`)).toEqual([
      '/api/um/v3/conversations/1/ {"topics":["billing"]}',
      '/api/um/v3/conversations/2/ {"topics":["billing"]}',
      '/api/um/v3/conversations/1/ {"topics":["returns"]}',
      '/api/um/v3/conversations/2/ {"topics":["returns"]}',
    ]);
    // The deepest full page an offset reaches: 9,900 on a long list, the last full page on a short one.
    expect(deepOffsetRequests(sample).every((r) => r.path.includes('offset=150'))).toBe(true);
    expect(deepestFullOffset(100_000)).toBe(9_900);
    expect(deepestFullOffset(10_000)).toBe(9_900);
    expect(deepestFullOffset(60)).toBe(0);
    const [r1, r2] = [prng(1), prng(1)];
    expect([r1(), r1()]).toEqual([r2(), r2()]);
  });
});
