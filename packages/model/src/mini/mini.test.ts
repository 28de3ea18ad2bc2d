/**
 * `@org/model/mini` holds the classic schemas' rules: the committed file is what the generator
 * writes today, and classic and mini agree on every sample and on every mutation of it.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/v4';
import {
  classicSchemas,
  formattedMiniSource,
  MINI_SCHEMAS_PATH,
  miniSource,
} from '../../scripts/mini-source.js';
import { ERROR_CODES } from '../error-codes.js';
import * as examples from '../examples.js';
import type * as classic from '../index.js';
import * as mini from './index.js';

type Schema = z.core.$ZodType;
const classicByName = classicSchemas();
const { names, skipped } = miniSource();
const miniByName = new Map(names.map((name) => [name, (mini as unknown as Record<string, Schema>)[name]!]));

const accepts = (schema: Schema, value: unknown) => z.safeParse(schema, value);

describe('the generated file', () => {
  it('is what the generator writes from the classic schemas (run `pnpm generate`)', () => {
    expect(
      readFileSync(MINI_SCHEMAS_PATH, 'utf8'),
      'packages/model/src/mini/schemas.generated.ts is stale: run pnpm generate',
    ).toBe(formattedMiniSource());
  });

  it('exports every classic schema but the query and path parsers (their transforms have no mini form)', () => {
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.filter((name) => !/(Query|Path)Schema$/.test(name))).toEqual([]);
    expect([...names, ...skipped].sort()).toEqual([...classicByName.keys()].sort());
    for (const name of names) expect(miniByName.get(name), name).toBeDefined();
  });

  it('re-exports the error table, which needs no zod', () => {
    expect(mini.ERROR_CODES).toBe(ERROR_CODES);
  });
});

/** Values a leaf is tried with: the first one classic accepts makes a valid sample. */
const LEAF_VALUES: readonly unknown[] = [
  '2024-03-14T09:26:53.589793Z',
  '2024-03-14T09:26:53',
  'lena.hoffmann@example.org',
  'https://example.org/a',
  '3b241101-e2bb-4255-8caf-4136c566a962',
  '1042.2077.3',
  '09:26:53.589793',
  '00:12:31',
  'de_DE',
  'DE',
  'invalid',
  'admin',
  'online',
  'contact',
  'a text',
  1,
  0.5,
  true,
  null,
  {},
  [],
];

/** A value the classic schema accepts, built from its definition (undefined when none is found). */
const synthesize = (schema: Schema): unknown => {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, synthesize(field)]));
    }
    case 'array':
      return [synthesize(def.element as Schema)];
    case 'record':
      return { key: synthesize(def.valueType as Schema) };
    case 'optional':
    case 'nullable':
      return synthesize(def.innerType as Schema) ?? null;
    default:
      return LEAF_VALUES.find((value) => accepts(schema, value).success);
  }
};

/** Every example value of the model, and every object and array inside one. */
const exampleValues = (): unknown[] => {
  const found: unknown[] = [];
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    found.push(value);
    for (const child of Object.values(value)) visit(child);
  };
  for (const value of Object.values(examples)) visit(value);
  return found;
};

const samplesOf = (schema: Schema): unknown[] => [
  ...exampleValues().filter((value) => accepts(schema, value).success),
  synthesize(schema),
];

/** Replacements tried at every place of a sample: wrong types, edge values, a missing field. */
const REPLACEMENTS: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  2 ** 31,
  '',
  'x',
  'DE ',
  '2023-02-30T00:00:00.000000Z',
  ' https://example.org/a\tb \n',
  2 ** 53,
  -(2 ** 53),
  'x'.repeat(501),
  true,
  {},
  [],
];

/** The sample with the value at `path` replaced (or removed for undefined), or an unknown key added. */
const mutations = (sample: unknown): unknown[] => {
  const out: unknown[] = [];
  const visit = (value: unknown, rebuild: (next: unknown) => unknown) => {
    for (const replacement of REPLACEMENTS) out.push(rebuild(replacement));
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries())
        visit(item, (next) => rebuild(value.map((old, j) => (i === j ? next : old))));
      out.push(rebuild([...value, ...value]));
    } else if (value !== null && typeof value === 'object') {
      out.push(rebuild({ ...value, unknown_field: 1 }));
      for (const [key, child] of Object.entries(value))
        visit(child, (next) => {
          const copy: Record<string, unknown> = { ...value };
          if (next === undefined) delete copy[key];
          else copy[key] = next;
          return rebuild(copy);
        });
    }
  };
  visit(sample, (next) => next);
  return out;
};

describe('classic and mini agree', () => {
  it.each(names)('%s: on its samples and every mutation of them', (name) => {
    const classicSchema = classicByName.get(name)!;
    const miniSchema = miniByName.get(name)!;
    const samples = samplesOf(classicSchema);
    expect(accepts(classicSchema, samples.at(-1)).success, 'a synthesized sample is valid').toBe(true);
    let rejected = 0;
    for (const value of samples.flatMap((sample) => [sample, ...mutations(sample)])) {
      const expected = accepts(classicSchema, value);
      const actual = accepts(miniSchema, value);
      if (expected.success !== actual.success || !isDeepStrictEqual(expected.data, actual.data))
        expect.fail(`${name} disagrees on ${JSON.stringify(value)}: classic ${expected.success}`);
      if (!expected.success) {
        rejected++;
        // The same issues, to the message: codes, paths, formats and bounds, and the model's own texts.
        if (!isDeepStrictEqual(actual.error?.issues, expected.error.issues))
          expect.fail(
            `${name} reports other issues on ${JSON.stringify(value)}: ${JSON.stringify(actual.error?.issues)}, classic ${JSON.stringify(expected.error.issues)}`,
          );
      }
    }
    expect(rejected, 'mutations include invalid values').toBeGreaterThan(0);
  });
});

/** True when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type MiniSchemaName = {
  [K in keyof typeof mini]: (typeof mini)[K] extends z.core.$ZodType ? K : never;
}[keyof typeof mini];
/** The names whose mini type differs from the classic one: none, or this file does not compile. */
type Disagreeing = {
  [K in MiniSchemaName]: Same<z.output<(typeof mini)[K]>, z.output<(typeof classic)[K]>> extends true
    ? never
    : K;
}[MiniSchemaName];
const typesAgree: [Disagreeing] extends [never] ? true : Disagreeing = true;

it('infers the classic types (checked by the type-checker)', () => {
  expect(typesAgree).toBe(true);
});
