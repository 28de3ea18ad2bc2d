// The team's composed schemas at run time (src/composition.ts; tsc checks their types).
import { contactIdentityExample, conversationExample, operatorExample } from '@org/model';
import { describe, expect, it } from 'vitest';
import {
  CachedOperatorSchema,
  ContactSummarySchema,
  CrmContactSchema,
  CrmLinkSchema,
  contactJsonSchema,
} from '../src/composition.js';

describe("the model's schemas inside the team's own", () => {
  it('embeds them in its own z.object', () => {
    const link = { crm_id: 'C-1', contact: contactIdentityExample, recent: [conversationExample] };
    expect(CrmLinkSchema.parse(link)).toEqual(link);
    const wrong = CrmLinkSchema.safeParse({ ...link, contact: { ...contactIdentityExample, id: 'x' } });
    expect(wrong.error?.issues.map((i) => i.path.join('.'))).toEqual(['contact.id']);
  });

  it('extends, picks and omits them', () => {
    expect(CrmContactSchema.parse({ ...contactIdentityExample, crm_id: 'C-1' }).crm_id).toBe('C-1');
    expect(CrmContactSchema.safeParse(contactIdentityExample).success).toBe(false);
    expect(Object.keys(ContactSummarySchema.parse(contactIdentityExample)).sort()).toEqual([
      'email',
      'id',
      'name',
    ]);
    const cached = CachedOperatorSchema.parse(operatorExample);
    expect(cached).not.toHaveProperty('is_away');
    expect(cached.id).toBe(operatorExample.id);
  });

  it('z.toJSONSchema reads a record schema, with the descriptions the model gives it', () => {
    const json = contactJsonSchema() as {
      type: string;
      properties: Record<string, { description?: string }>;
    };
    expect(json.type).toBe('object');
    expect(Object.keys(json.properties)).toEqual(
      expect.arrayContaining(['id', 'email', 'external_customer_id']),
    );
    expect(json.properties.external_customer_id?.description).toMatch(/customer/);
  });
});
