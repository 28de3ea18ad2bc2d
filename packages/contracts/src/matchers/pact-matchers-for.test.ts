import {
  ConversationDetailSchema,
  conversationDetailExample,
  ErrorBodySchema,
  MessageSchema,
  messageExample,
  NoteSchema,
  noteExample,
  offsetPageSchemaOf,
} from '@org/model';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pactMatchersFor } from './pact-matchers-for.js';

// biome-ignore lint/suspicious/noExplicitAny: the templates are JSON of any shape
type Template = Record<string, any>;

describe('pactMatchersFor', () => {
  it('derives type, integer, number, boolean and regex matchers from the schema', () => {
    const m = pactMatchersFor(NoteSchema, noteExample) as Template;
    expect(m.id).toEqual({ 'pact:matcher:type': 'integer', value: 88 });
    expect(m.body).toEqual({ 'pact:matcher:type': 'type', value: noteExample.body });
    expect(m.created_at['pact:matcher:type']).toBe('regex');
    expect(new RegExp(m.created_at.regex).test('2024-03-14T09:30:00.000000Z')).toBe(true);
    expect(new RegExp(m.created_at.regex).test('2024-03-14T09:30:00Z')).toBe(false);
  });

  it('uses the message id pattern and the time-of-day pattern', () => {
    const m = pactMatchersFor(MessageSchema, messageExample) as Template;
    expect(m.id).toMatchObject({ 'pact:matcher:type': 'regex', value: '1042.2077.3' });
    expect(new RegExp(m.id.regex).test('1.2.3')).toBe(true);
    expect(new RegExp(m.sent_at_time.regex).test('09:26:53.589793')).toBe(true);
    expect(m.sender.type).toEqual({
      'pact:matcher:type': 'regex',
      regex: '^(contact|operator)$',
      value: 'operator',
    });
  });

  it('writes nullable primitives as one regex for the value or null by default (verifiable as written)', () => {
    const m = pactMatchersFor(NoteSchema, { ...noteExample, operator_id: null }) as Template;
    expect(m.operator_id).toMatchObject({ 'pact:matcher:type': 'regex', value: null });
    // Pact matches a regex against the JSON text of a number or null.
    const accepts = (rule: Template, text: string) => new RegExp(rule.regex).test(text);
    expect(['42', '-7', 'null'].every((t) => accepts(m.operator_id, t))).toBe(true);
    expect(['4.2', 'true', '"x"', ''].some((t) => accepts(m.operator_id, t))).toBe(false);
    const c = pactMatchersFor(ConversationDetailSchema, conversationDetailExample) as Template;
    expect(c.subject).toEqual({ 'pact:matcher:type': 'regex', regex: '^[\\s\\S]*$', value: c.subject.value });
    const t = pactMatchersFor(NoteSchema, noteExample) as Template;
    expect(JSON.stringify(t)).not.toContain('"pact:matcher:type":[');
    const e = pactMatchersFor(z.object({ s: z.enum(['a', 'b']).nullable(), b: z.boolean().nullable() }), {
      s: 'a',
      b: null,
    }) as Template;
    expect(e.s.regex).toBe('^(a|b|null)$');
    expect(['true', 'false', 'null'].every((x) => accepts(e.b, x))).toBe(true);
  });

  it("writes nullable fields as [rule, null] with nullable: 'or', also when the example is null", () => {
    const m = pactMatchersFor(
      NoteSchema,
      { ...noteExample, operator_id: null },
      { nullable: 'or' },
    ) as Template;
    expect(m.operator_id).toEqual({
      'pact:matcher:type': [{ 'pact:matcher:type': 'integer' }, { 'pact:matcher:type': 'null' }],
      value: null,
    });
    const c = pactMatchersFor(ConversationDetailSchema, conversationDetailExample, {
      nullable: 'or',
    }) as Template;
    expect(c.subject['pact:matcher:type']).toEqual([
      { 'pact:matcher:type': 'type' },
      { 'pact:matcher:type': 'null' },
    ]);
    expect(c.contact.url_facebook['pact:matcher:type'][0]).toEqual({
      'pact:matcher:type': 'regex',
      regex: '^[\\s\\S]*$',
    });
  });

  it('turns arrays into eachLike templates and honours nonEmpty paths', () => {
    const page = offsetPageSchemaOf(NoteSchema);
    const example = { count: 1, next: null, previous: null, results: [noteExample] };
    const loose = pactMatchersFor(page, example) as Template;
    expect(loose.results).toMatchObject({ 'pact:matcher:type': 'type', min: 0 });
    expect(loose.results.value).toHaveLength(1);
    const strict = pactMatchersFor(page, example, { nonEmpty: ['results'] }) as Template;
    expect(strict.results.min).toBe(1);
    expect(pactMatchersFor(page, { ...example, results: [] }) as Template).toMatchObject({
      results: { 'pact:matcher:type': 'type', min: 0, value: [] },
    });
  });

  it('leaves free-form values out and matches records by their values', () => {
    const c = pactMatchersFor(ConversationDetailSchema, conversationDetailExample) as Template;
    expect('visits' in c).toBe(false);
    expect('post_survey_option' in c).toBe(false);
    expect(c.custom).toEqual({ 'pact:matcher:type': 'type', value: {} });
    expect(c.addon_urls['pact:matcher:type']).toBe('values');
    expect(c.um_widget_goals).toEqual({ 'pact:matcher:type': 'type', min: 0, value: [] });
  });

  it('keeps literals, leaves out absent optional keys and picks the matching union member', () => {
    const schema = z.object({
      kind: z.literal('x'),
      maybe: z.string().optional(),
      either: z.union([z.object({ a: z.number().int() }), z.object({ b: z.string() })]),
    });
    expect(pactMatchersFor(schema, { kind: 'x', either: { b: 'y' } })).toEqual({
      kind: 'x',
      either: { b: { 'pact:matcher:type': 'type', value: 'y' } },
    });
  });

  it('rejects an example the schema does not accept', () => {
    expect(() => pactMatchersFor(ErrorBodySchema, { detail: 'x', code: 'nope' } as never)).toThrow(
      /example does not satisfy the schema: code/,
    );
  });
});
