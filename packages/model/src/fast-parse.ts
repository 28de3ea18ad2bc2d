import { z } from 'zod/v3';

/**
 * Fast parsing of JSON responses (D32). zod 3 walks every value through its generic machinery,
 * about 8 ms for a 100-conversation page; `parserOf(schema)` compiles the same zod schema once into
 * plain closures (type checks, the schema's own regexes and refinements, unknown keys stripped or
 * rejected as the schema says) and answers in a fraction of that. The zod schema stays the only
 * definition: a node the compiler does not handle is checked by zod itself, and any value the fast
 * path does not accept is parsed by zod, so failures carry zod's issues and success returns what
 * `schema.safeParse` would.
 */

const FAIL: unique symbol = Symbol('fail');
type Check = (value: unknown) => unknown;

const compiled = new WeakMap<z.ZodTypeAny, Check>();

/** The zod parse of one node, for what the compiler does not handle (transforms, rare checks). */
const byZod =
  (schema: z.ZodTypeAny): Check =>
  (value) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : FAIL;
  };

const stringCheck = (schema: z.ZodString): Check => {
  const def = schema._def;
  if (def.coerce) return byZod(schema);
  const tests: Array<(s: string) => boolean> = [];
  for (const check of def.checks) {
    if (check.kind === 'min') tests.push((s) => s.length >= check.value);
    else if (check.kind === 'max') tests.push((s) => s.length <= check.value);
    else if (check.kind === 'length') tests.push((s) => s.length === check.value);
    else if (check.kind === 'regex')
      tests.push((s) => {
        check.regex.lastIndex = 0;
        return check.regex.test(s);
      });
    else return byZod(schema); // uuid, url, email, datetime...: zod's own implementation
  }
  return (value) => {
    if (typeof value !== 'string') return FAIL;
    for (const test of tests) if (!test(value)) return FAIL;
    return value;
  };
};

const numberCheck = (schema: z.ZodNumber): Check => {
  const def = schema._def;
  if (def.coerce) return byZod(schema);
  const tests: Array<(n: number) => boolean> = [];
  for (const check of def.checks) {
    if (check.kind === 'int') tests.push(Number.isInteger);
    else if (check.kind === 'finite') tests.push(Number.isFinite);
    else if (check.kind === 'min')
      tests.push(check.inclusive ? (n) => n >= check.value : (n) => n > check.value);
    else if (check.kind === 'max')
      tests.push(check.inclusive ? (n) => n <= check.value : (n) => n < check.value);
    else return byZod(schema);
  }
  return (value) => {
    if (typeof value !== 'number' || Number.isNaN(value)) return FAIL;
    for (const test of tests) if (!test(value)) return FAIL;
    return value;
  };
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object's checks as generated code, so the output is an object literal with one hidden class
 * rather than a dictionary built key by key (most of the time went there). Where code generation is
 * not allowed (a strict Content-Security-Policy), a loop does the same.
 */
const objectCheck = (schema: z.AnyZodObject): Check => {
  const def = schema._def;
  if (!(def.catchall instanceof z.ZodNever) || def.unknownKeys === 'passthrough') return byZod(schema);
  const entries = Object.entries(schema.shape as z.ZodRawShape);
  const keys = entries.map(([key]) => key);
  const checks = entries.map(([, field]) => checkOf(field));
  const strict = def.unknownKeys === 'strict';
  return generatedObjectCheck(keys, checks, strict) ?? loopObjectCheck(keys, checks, strict);
};

const generatedObjectCheck = (keys: string[], checks: Check[], strict: boolean): Check | undefined => {
  if (keys.includes('__proto__')) return undefined; // an object literal would set the prototype
  const k = (i: number) => JSON.stringify(keys[i]);
  const body = [
    'if (typeof value !== "object" || value === null || Array.isArray(value)) return FAIL;',
    strict ? `for (const key in value) if (!known.has(key)) return FAIL;` : '',
    ...keys.map((_, i) => `const v${i} = checks[${i}](value[${k(i)}]); if (v${i} === FAIL) return FAIL;`),
    `const out = { ${keys.map((_, i) => `${k(i)}: v${i}`).join(', ')} };`,
    // zod leaves out a missing optional key rather than setting it to undefined.
    ...keys.map((_, i) => `if (v${i} === undefined && !(${k(i)} in value)) delete out[${k(i)}];`),
    'return out;',
  ].join('\n');
  try {
    const make = new Function('checks', 'known', 'FAIL', `return (value) => {\n${body}\n};`);
    return make(checks, new Set(keys), FAIL) as Check;
  } catch {
    return undefined;
  }
};

const loopObjectCheck = (keys: string[], checks: Check[], strict: boolean): Check => {
  const known = new Set(keys);
  return (value) => {
    if (!isPlainObject(value)) return FAIL;
    if (strict) for (const key in value) if (!known.has(key)) return FAIL;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const parsed = checks[i]!(value[key]);
      if (parsed === FAIL) return FAIL;
      // zod leaves out a missing optional key rather than setting it to undefined.
      if (parsed !== undefined || key in value) out[key] = parsed;
    }
    return out;
  };
};

const arrayCheck = (schema: z.ZodArray<z.ZodTypeAny>): Check => {
  const { minLength, maxLength, exactLength } = schema._def;
  const item = checkOf(schema.element);
  return (value) => {
    if (!Array.isArray(value)) return FAIL;
    if (minLength && value.length < minLength.value) return FAIL;
    if (maxLength && value.length > maxLength.value) return FAIL;
    if (exactLength && value.length !== exactLength.value) return FAIL;
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const parsed = item(value[i]);
      if (parsed === FAIL) return FAIL;
      out[i] = parsed;
    }
    return out;
  };
};

const recordCheck = (schema: z.ZodRecord): Check => {
  const { keyType, valueType } = schema._def;
  if (!(keyType instanceof z.ZodString) || keyType._def.checks.length) return byZod(schema);
  const item = checkOf(valueType);
  return (value) => {
    if (!isPlainObject(value) || Object.hasOwn(value, '__proto__')) return FAIL;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const parsed = item(value[key]);
      if (parsed === FAIL) return FAIL;
      out[key] = parsed;
    }
    return out;
  };
};

/** `.refine` and `.superRefine`: the schema's own refinement, called as zod calls it. */
const refinementCheck = (schema: z.ZodEffects<z.ZodTypeAny>): Check => {
  const { effect } = schema._def;
  if (effect.type !== 'refinement') return byZod(schema);
  const inner = checkOf(schema.innerType());
  return (value) => {
    const parsed = inner(value);
    if (parsed === FAIL) return FAIL;
    let failed = false;
    const outcome = effect.refinement(parsed, {
      addIssue: () => {
        failed = true;
      },
      path: [],
    });
    return failed || outcome instanceof Promise ? FAIL : parsed;
  };
};

const compile = (schema: z.ZodTypeAny): Check => {
  if (schema instanceof z.ZodString) return stringCheck(schema);
  if (schema instanceof z.ZodNumber) return numberCheck(schema);
  if (schema instanceof z.ZodBoolean) return (v) => (typeof v === 'boolean' ? v : FAIL);
  if (schema instanceof z.ZodNull) return (v) => (v === null ? v : FAIL);
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return (v) => v;
  if (schema instanceof z.ZodEnum) {
    const values = new Set<unknown>(schema.options);
    return (v) => (values.has(v) ? v : FAIL);
  }
  if (schema instanceof z.ZodLiteral) {
    const literal = schema.value;
    return (v) => (v === literal ? v : FAIL);
  }
  if (schema instanceof z.ZodNullable) {
    const inner = checkOf(schema.unwrap());
    return (v) => (v === null ? null : inner(v));
  }
  if (schema instanceof z.ZodOptional) {
    const inner = checkOf(schema.unwrap());
    return (v) => (v === undefined ? undefined : inner(v));
  }
  if (schema instanceof z.ZodObject) return objectCheck(schema);
  if (schema instanceof z.ZodArray) return arrayCheck(schema);
  if (schema instanceof z.ZodRecord) return recordCheck(schema);
  if (schema instanceof z.ZodEffects) return refinementCheck(schema);
  if (schema instanceof z.ZodUnion) {
    const options = (schema.options as z.ZodTypeAny[]).map(checkOf);
    return (v) => {
      for (const option of options) {
        const parsed = option(v);
        if (parsed !== FAIL) return parsed;
      }
      return FAIL;
    };
  }
  return byZod(schema);
};

const checkOf = (schema: z.ZodTypeAny): Check => {
  let check = compiled.get(schema);
  if (!check) {
    check = compile(schema);
    compiled.set(schema, check);
  }
  return check;
};

/**
 * A parser of a schema with `safeParse`'s result, compiled once per schema: the fast path for
 * values the schema accepts, zod itself for the rest (so errors are zod's issues).
 */
export const parserOf = <T extends z.ZodTypeAny>(schema: T) => {
  const check = checkOf(schema);
  return (value: unknown): z.SafeParseReturnType<z.input<T>, z.output<T>> => {
    const parsed = check(value);
    return parsed === FAIL ? schema.safeParse(value) : { success: true, data: parsed as z.output<T> };
  };
};
