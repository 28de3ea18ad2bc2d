import * as z from 'zod/v4';

/**
 * Forward-compatible parsing. The model's response schemas are tolerant: an object strips keys
 * it does not know and an `openEnum` accepts values it does not know, so a server that adds a field
 * or an enum value breaks no client. `strictOf` gives the same schema as the project's contract:
 * unknown keys and unknown enum values rejected. The reference server's tests, the conformance
 * runner and the OpenAPI document use it, so the project still catches its own drift. Request
 * schemas are strict already: an unknown field in a request answers 400.
 */

/** How a response is checked: `tolerant` for consumers (the default), `strict` for the project's own checks. */
export type ParsingMode = 'tolerant' | 'strict';

/**
 * An open enum's definition: a string's, with the documented values. Kept in the definition, which
 * every copy (`.describe()`, `.meta()`) shares, rather than in a module's registry: the build-time
 * generator (`@org/model/openapi`) is bundled with its own copy of this module.
 */
interface OpenEnumDef {
  readonly knownValues?: readonly [string, ...string[]];
}

/**
 * A response field whose documented values may grow: typed as the known values plus any other
 * string, parsed as any string; `strictOf` accepts only the known values.
 */
export function openEnum<const V extends readonly [string, ...string[]]>(
  values: V,
): z.ZodType<OpenValue<V>, OpenValue<V>> {
  const string = z.string();
  const schema = string.clone({ ...string.def, knownValues: values } as typeof string.def);
  return schema as z.ZodType<OpenValue<V>, OpenValue<V>>;
}

/** An open enum's value: a known value, or any other string (still offered by editors). */
type OpenValue<V extends readonly string[]> = V[number] | (string & {});

/** The open form of a closed enum, with its OpenAPI text. */
export function openEnumOf<const T extends Readonly<Record<string, string>>>(closed: z.ZodEnum<T>) {
  const open = openEnum(closed.options as unknown as readonly [T[keyof T], ...T[keyof T][]]);
  const meta = z.globalRegistry.get(closed);
  return meta ? open.meta(meta) : open;
}

/** The known values of an `openEnum` schema, or undefined for any other schema. */
export function knownValuesOf(schema: z.ZodType): readonly [string, ...string[]] | undefined {
  return schema instanceof z.ZodString ? (schema.def as OpenEnumDef).knownValues : undefined;
}

const cache = new WeakMap<z.ZodType, z.ZodType>();

/** A copy of a schema with another definition, keeping its metadata (descriptions, OpenAPI text). */
const withDef = <T extends z.ZodType>(schema: T, def: object): T => {
  const copy = schema.clone(def as T['def']) as T;
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
};

/** The keys of a definition that hold one schema. */
const CHILD_KEYS = [
  'innerType',
  'element',
  'keyType',
  'valueType',
  'left',
  'right',
  'in',
  'out',
  'rest',
] as const;
/** The keys of a definition that hold a list of schemas. */
const CHILD_LISTS = ['options', 'items'] as const;

const strictNode = (schema: z.ZodType): z.ZodType => {
  const known = knownValuesOf(schema);
  if (known) {
    const meta = z.globalRegistry.get(schema);
    const closed = z.enum(known as [string, ...string[]]);
    return meta ? closed.meta(meta) : closed;
  }
  const def = schema.def as unknown as Record<string, unknown>;
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as z.ZodRawShape).map(([key, field]) => [
        key,
        strictOf(field as z.ZodType),
      ]),
    );
    // An object that strips unknown keys (no catchall) rejects them; a given catchall stays.
    return withDef(schema, { ...def, shape, catchall: def.catchall ?? z.never() });
  }
  let changed = false;
  const next: Record<string, unknown> = { ...def };
  for (const key of CHILD_KEYS) {
    const child = def[key];
    if (child instanceof z.ZodType) {
      next[key] = strictOf(child);
      changed ||= next[key] !== child;
    }
  }
  for (const key of CHILD_LISTS) {
    const children = def[key];
    if (Array.isArray(children)) {
      next[key] = children.map((c: z.ZodType) => strictOf(c));
      changed ||= (next[key] as z.ZodType[]).some((c, i) => c !== children[i]);
    }
  }
  return changed ? withDef(schema, next) : schema;
};

/** The strict form of a schema: every object rejects unknown keys, every open enum unknown values. */
export function strictOf<T extends z.ZodType>(schema: T): T {
  let strict = cache.get(schema);
  if (!strict) {
    strict = strictNode(schema);
    cache.set(schema, strict);
  }
  return strict as T;
}
