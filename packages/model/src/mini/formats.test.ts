/**
 * The mini entry's own checks against zod's: the same values pass, with the same output, and the
 * same issues are raised, whatever the model uses today (mini.test.ts covers the model's fields).
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/v4';
import * as mini from 'zod/v4/mini';
import * as formats from './formats.js';

const VALUES: readonly unknown[] = [
  'https://example.org/a?b=1#c',
  '  https://example.org/a\tb\n ',
  'mailto:lena@example.org',
  'example.org',
  'http://',
  '',
  '3b241101-e2bb-4255-8caf-4136c566a962',
  '3B241101-E2BB-4255-8CAF-4136C566A962',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '3b241101-e2bb-9255-8caf-4136c566a962',
  'de_DE',
  'de-DE',
  0,
  -7,
  1.5,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 53),
  Number.NaN,
  null,
  {},
];

/** zod's own schema and the mini one with our check, on the same base. */
const PAIRS: Record<string, [z.core.$ZodType, z.core.$ZodType]> = {
  url: [z.string().url(), mini.string().check(formats.url())],
  uuid: [z.string().uuid(), mini.string().check(formats.uuid())],
  int: [z.number().int(), mini.number().check(formats.int())],
  regex: [
    z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, { error: 'Expected de_DE.' }),
    mini.string().check(formats.regex(/^[a-z]{2}_[A-Z]{2}$/, 'Expected de_DE.')),
  ],
  'refine with a message': [
    z.string().refine((v) => v.length > 2, { error: 'Too short.' }),
    mini.string().check(formats.refine((v: string) => v.length > 2, 'Too short.')),
  ],
  'refine without one': [
    z.number().refine((v) => v > 0),
    mini.number().check(formats.refine((v: number) => v > 0)),
  ],
};

describe.each(Object.entries(PAIRS))('%s', (_, [zods, ours]) => {
  it.each(VALUES.map((value) => [JSON.stringify(value), value]))('agrees with zod on %s', (_label, value) => {
    const expected = z.safeParse(zods, value);
    const actual = z.safeParse(ours, value);
    expect(actual.success).toBe(expected.success);
    expect(actual.data).toEqual(expected.data);
    if (!isDeepStrictEqual(actual.error?.issues, expected.error?.issues))
      expect(actual.error?.issues).toEqual(expected.error?.issues);
  });
});

describe.each(Object.entries(PAIRS))('%s', (_, [zods, ours]) => {
  it("gives zod's JSON Schema", () => {
    expect(z.toJSONSchema(ours)).toEqual(z.toJSONSchema(zods));
  });
});

it("holds zod's UUID pattern", () => {
  expect(formats.UUID_PATTERN.source).toBe(z.regexes.uuid().source);
});
