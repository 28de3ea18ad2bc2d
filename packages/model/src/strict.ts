import { z } from 'zod/v3';

/**
 * Forward-compatible parsing (D30). The model's response schemas are tolerant: an object strips keys
 * it does not know and an `openEnum` accepts values it does not know, so a server that adds a field
 * or an enum value breaks no client. `strictOf` gives the same schema as the project's contract:
 * unknown keys and unknown enum values rejected. The reference server's tests, the conformance
 * runner and the OpenAPI document use it; request schemas are strict already (D12).
 */

/** How a response is checked: `tolerant` for consumers (the default), `strict` for the project's own checks. */
export type ParsingMode = 'tolerant' | 'strict';

interface OpenEnumDef extends z.ZodStringDef {
  /** The values the API documents; `strictOf` turns the schema into an enum of exactly these. */
  readonly knownValues?: readonly [string, ...string[]];
}

/**
 * A response field whose documented values may grow: typed as the known values plus any other
 * string, parsed as any string; `strictOf` accepts only the known values.
 */
export const openEnum = <const V extends readonly [string, ...string[]]>(
  values: V,
): z.ZodType<V[number] | (string & {}), z.ZodStringDef, string> =>
  new z.ZodString({ ...z.string()._def, knownValues: values } as OpenEnumDef);

/** The open form of a closed enum, with its description and OpenAPI text. */
export const openEnumOf = <const V extends [string, ...string[]]>(closed: z.ZodEnum<V>) => {
  const open = openEnum(closed.options);
  return keepDoc(closed, closed.description === undefined ? open : open.describe(closed.description));
};

/** The known values of an `openEnum` schema, or undefined for any other schema. */
export const knownValuesOf = (schema: z.ZodTypeAny): readonly [string, ...string[]] | undefined =>
  schema instanceof z.ZodString ? (schema._def as OpenEnumDef).knownValues : undefined;

const cache = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

/** Gives `to` the OpenAPI text `doc()` attached to `from`. */
const keepDoc = <T extends z.ZodTypeAny>(from: z.ZodTypeAny, to: T): T => {
  const meta = (from as { metaOpenApi?: unknown }).metaOpenApi;
  if (meta !== undefined) (to as { metaOpenApi?: unknown }).metaOpenApi = meta;
  return to;
};

/** A copy of a schema with another definition, keeping its OpenAPI text. */
const withDef = <T extends z.ZodTypeAny>(schema: T, def: object): T =>
  keepDoc(schema, new (schema.constructor as new (def: object) => T)(def));

/** The schemas a wrapper holds, by the key of its definition. */
const CHILD_KEYS = [
  'innerType',
  'schema',
  'type',
  'valueType',
  'keyType',
  'left',
  'right',
  'in',
  'out',
] as const;

const strictNode = (schema: z.ZodTypeAny): z.ZodTypeAny => {
  const def = schema._def as Record<string, unknown> & { description?: string };
  const known = knownValuesOf(schema);
  if (known) {
    const closed = z.enum(known as [string, ...string[]]);
    return keepDoc(schema, new z.ZodEnum({ ...closed._def, description: def.description }));
  }
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as z.ZodRawShape).map(([key, field]) => [key, strictOf(field)]),
    );
    const unknownKeys = def.unknownKeys === 'strip' ? 'strict' : def.unknownKeys;
    return withDef(schema, { ...def, shape: () => shape, unknownKeys });
  }
  if (schema instanceof z.ZodUnion) {
    return withDef(schema, { ...def, options: (def.options as z.ZodTypeAny[]).map(strictOf) });
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
  return changed ? withDef(schema, next) : schema;
};

/** The strict form of a schema: every object rejects unknown keys, every open enum unknown values. */
export const strictOf = <T extends z.ZodTypeAny>(schema: T): T => {
  let strict = cache.get(schema);
  if (!strict) {
    strict = strictNode(schema);
    cache.set(schema, strict);
  }
  return strict as T;
};
