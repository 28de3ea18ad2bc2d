import { contactFilters, conversationFilters, paramDocOf } from '@org/model';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTACT_CONDITIONS, contactSelection } from './contacts.js';
import {
  CONVERSATION_CONDITIONS,
  conversationPageSelection,
  conversationSelection,
} from './conversations.js';
import type { Conditions } from './sql.js';

/** A valid query-string value for a filter, chosen from its documented schema (so new filters are covered). */
const sampleOf = (field: z.ZodType): string => {
  const doc = paramDocOf(field) ?? {};
  if (doc.format === 'uuid') return '3f1c8a52-9d3e-4b7a-8c1e-2a5b6d7e8f90';
  if (doc.format === 'date-time') return '2024-03-14T09:26:53Z';
  if (doc.type === 'integer') return '7';
  if (doc.type === 'boolean') return 'true';
  return 'x';
};

/** Each model filter alone, parsed by the model as a request would be. */
const eachFilterOf = (filters: Record<string, z.ZodType>) =>
  Object.entries(filters).map(([key, field]) => {
    const parsed = z
      .object(filters)
      .strict()
      .parse({ [key]: sampleOf(field) }) as Record<string, unknown>;
    expect(parsed[key], key).toBeDefined();
    return [key, parsed] as const;
  });

describe('filter conditions are derived from the model', () => {
  it('every conversation filter of the model adds a WHERE condition', () => {
    const base = conversationSelection(1, {}).where.length;
    for (const [key, filters] of eachFilterOf(conversationFilters)) {
      expect(conversationSelection(1, filters).where, key).toHaveLength(base + 1);
      // The page selection applies it too, whether it reads list keys or conversations.
      expect(conversationPageSelection(1, filters).where.length, key).toBeGreaterThan(base);
    }
  });

  it('every contact filter of the model adds a WHERE condition', () => {
    const base = contactSelection(1, {}).where.length;
    for (const [key, filters] of eachFilterOf(contactFilters))
      expect(contactSelection(1, filters).where, key).toHaveLength(base + 1);
  });

  it('the condition tables name exactly the model filters', () => {
    expect(Object.keys(CONVERSATION_CONDITIONS).sort()).toEqual(Object.keys(conversationFilters).sort());
    expect(Object.keys(CONTACT_CONDITIONS).sort()).toEqual(Object.keys(contactFilters).sort());
  });

  it('a model filter without a condition does not compile', () => {
    type Model = z.output<z.ZodObject<typeof conversationFilters>>;
    // A filter added to the model: the existing table no longer satisfies the type.
    // @ts-expect-error new_filter has no condition
    const grown: Conditions<Model & { new_filter?: number }> = CONVERSATION_CONDITIONS;
    // A table missing one of today's filters.
    const { status: _status, ...withoutStatus } = CONVERSATION_CONDITIONS;
    // @ts-expect-error status has no condition
    const missing: Conditions<Model> = withoutStatus;
    expect([grown, missing]).toHaveLength(2);
  });
});
