import { strictOf } from '@org/model';
import type * as z from 'zod/v4';
import {
  enumValuesOf,
  isIntegerSchema,
  minItemsOf,
  stringPatternOf,
  type Unwrapped,
  unwrap,
} from './zod-shape.js';

/**
 * A Pact V3 matcher template, in the JSON form every Pact library writes (`pact:matcher:type`):
 * pass it to `jsonBody(...)` of a PactV4 interaction.
 */
export type PactTemplate = unknown;

export interface PactMatcherOptions {
  /**
   * Arrays that must hold at least one item, by path: `results`, `results[].topics`. Other arrays
   * match any length (or the schema's minimum) as long as every item matches the example's first.
   */
  readonly nonEmpty?: readonly string[];
  /**
   * How a nullable primitive is matched:
   * - `'regex'` (the default): one `regex` rule that accepts the value's form or `null` (Pact
   *   matches a regex against the JSON text of a number, boolean or null). Any verifier accepts the
   *   pact as written; the price is that a nullable number or boolean sent as a numeric string
   *   also matches.
   * - `'or'`: the field's own rule and a `null` rule; exact, but Pact's writer stores the pair
   *   with `"combine": "AND"`, so run `combineNullableRules` over the written pacts (verifyProvider
   *   does it for the files it reads).
   */
  readonly nullable?: 'regex' | 'or';
}

/** Any string, also when the example is null (a type matcher would only accept null then). */
const ANY_STRING = '^[\\s\\S]*$';

const OMIT: unique symbol = Symbol('omit');
type Built = PactTemplate | typeof OMIT;

const regexOf = (values: ReadonlyArray<string | number>) =>
  `^(${values.map((v) => String(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;

/** The JSON text of an integer, of any number, of a boolean (what a regex rule sees of them). */
const INTEGER_TEXT = '^-?\\d+$';
const NUMBER_TEXT = '^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$';

/** One regex rule for a nullable primitive: its own values' text or `null`. */
const nullableRegexRule = (u: Unwrapped): Record<string, unknown> | undefined => {
  const regex = (pattern: string) => ({ 'pact:matcher:type': 'regex', regex: pattern });
  switch (u.kind) {
    case 'string': {
      const pattern = stringPatternOf(u);
      return regex(pattern ? `(?:${pattern})|^null$` : ANY_STRING);
    }
    case 'number':
      return regex(`${isIntegerSchema(u.core) ? INTEGER_TEXT : NUMBER_TEXT}|^null$`);
    case 'boolean':
      return regex('^(true|false|null)$');
    case 'enum':
      return regex(regexOf([...enumValuesOf(u.core), 'null']));
    default:
      return undefined;
  }
};

/** The rule that checks a primitive without depending on the example value (usable with null). */
const primitiveRule = (u: Unwrapped, example: unknown): Record<string, unknown> | undefined => {
  switch (u.kind) {
    case 'string': {
      const pattern = stringPatternOf(u);
      if (pattern) return { 'pact:matcher:type': 'regex', regex: pattern };
      return example === null
        ? { 'pact:matcher:type': 'regex', regex: ANY_STRING }
        : { 'pact:matcher:type': 'type' };
    }
    case 'number':
      return { 'pact:matcher:type': isIntegerSchema(u.core) ? 'integer' : 'number' };
    case 'boolean':
      return { 'pact:matcher:type': 'boolean' };
    case 'enum':
      return { 'pact:matcher:type': 'regex', regex: regexOf(enumValuesOf(u.core)) };
    default:
      return undefined;
  }
};

const joinPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

class Builder {
  readonly #nonEmpty: ReadonlySet<string>;
  readonly #nullable: 'regex' | 'or';

  constructor(options: PactMatcherOptions) {
    this.#nonEmpty = new Set(options.nonEmpty ?? []);
    this.#nullable = options.nullable ?? 'regex';
  }

  build(schema: z.ZodType, example: unknown, path: string): Built {
    const u = unwrap(schema);
    if (u.kind === 'unknown' || u.kind === 'any') return OMIT; // free-form: no expectation
    const rule = primitiveRule(u, example);
    if (rule) {
      if (u.nullable && this.#nullable === 'regex') return { ...nullableRegexRule(u), value: example };
      // [rule, null]: combineNullableRules turns the written AND into OR.
      if (u.nullable) return { 'pact:matcher:type': [rule, { 'pact:matcher:type': 'null' }], value: example };
      return { ...rule, value: example };
    }
    if (example === null) return { 'pact:matcher:type': 'null', value: null };
    switch (u.kind) {
      case 'literal':
      case 'null':
        return example;
      case 'object':
        return this.#object(u.core, example as Record<string, unknown>, path);
      case 'array':
        return this.#array(u.core, example as unknown[], path);
      case 'record':
        return this.#record(u.core, example as Record<string, unknown>, path);
      case 'tuple':
        return ((u.core as z.ZodTuple).def.items as z.ZodType[]).map((item, i) =>
          this.build(item, (example as unknown[])[i], `${path}[${i}]`),
        );
      case 'union':
        return this.build(this.#optionFor(u.core, example, path), example, path);
      default:
        // Anything else (dates, intersections, ...) is pinned by type.
        return { 'pact:matcher:type': 'type', value: example };
    }
  }

  #object(core: z.ZodType, example: Record<string, unknown>, path: string): Built {
    const shape = (core as z.ZodObject).shape as Record<string, z.ZodType>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      if (!(key in example) || example[key] === undefined) continue; // optional and left out
      const built = this.build(field, example[key], joinPath(path, key));
      if (built !== OMIT) out[key] = built;
    }
    return out;
  }

  #array(core: z.ZodType, example: unknown[], path: string): Built {
    const itemPath = `${path}[]`;
    const min = Math.max(minItemsOf(core), this.#nonEmpty.has(path) ? 1 : 0);
    if (example.length === 0) return { 'pact:matcher:type': 'type', min, value: [] };
    const item = this.build((core as z.ZodArray<z.ZodType>).element, example[0], itemPath);
    if (item === OMIT) return { 'pact:matcher:type': 'type', min, value: example };
    return { 'pact:matcher:type': 'type', min, value: [item] };
  }

  #record(core: z.ZodType, example: Record<string, unknown>, path: string): Built {
    const [first] = Object.entries(example);
    if (!first) return { 'pact:matcher:type': 'type', value: {} };
    const value = this.build((core as z.ZodRecord).def.valueType as z.ZodType, first[1], `${path}.*`);
    // Free-form values: any object. Otherwise every value must match the first one's template.
    if (value === OMIT) return { 'pact:matcher:type': 'type', value: {} };
    return { 'pact:matcher:type': 'values', value: { [first[0]]: value } };
  }

  #optionFor(core: z.ZodType, example: unknown, path: string): z.ZodType {
    const list = (core as z.ZodUnion).options as readonly z.ZodType[];
    const match = list.find((option) => option.safeParse(example).success);
    if (!match)
      throw new Error(`pactMatchersFor: no union member at ${path || '(root)'} accepts the example`);
    return match;
  }
}

/**
 * Turns a zod schema and an example of it into Pact V3 matchers, so a contract says what the
 * schema says rather than what one example happens to contain:
 *
 * - strings: a type matcher, or a regex when the schema documents a pattern (timestamps, message
 *   ids, time of day, UUIDs, country codes); enums become an alternation regex;
 * - numbers: `integer` for `.int()`, `number` otherwise; booleans: `boolean`;
 * - arrays: like `eachLike` - every item matches the template built from the first example item,
 *   with the schema's minimum (or 1 for paths listed in `nonEmpty`);
 * - records: every value matches the first value's template (`values`);
 * - nullable primitives: one regex rule for the value or `null`, verifiable as written (the
 *   default), or with `nullable: 'or'` the exact `[rule, null]` pair for `combineNullableRules`;
 * - free-form values (`z.unknown()`): no expectation (the key is left out).
 *
 * The example must satisfy the schema; it is what Pact's mock server answers.
 */
export function pactMatchersFor<S extends z.ZodType>(
  schema: S,
  example: z.input<S>,
  options: PactMatcherOptions = {},
): PactTemplate {
  // The contract is the strict form: the example must not carry unknown fields or values,
  // and enums the model reads tolerantly still become their alternation of known values.
  const strict = strictOf(schema);
  const checked = strict.safeParse(example);
  if (!checked.success) {
    const issues = checked.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new Error(`pactMatchersFor: the example does not satisfy the schema: ${issues}`);
  }
  const built = new Builder(options).build(strict, example, '');
  return built === OMIT ? {} : built;
}
