import { generateSchema } from '@anatine/zod-openapi';
import type { z } from 'zod/v3';
import { strictOf } from '../strict.js';

/**
 * The JSON Schema (OpenAPI 3.0 dialect) of a zod schema. The only call into the generator library.
 * The document states the contract, so it describes the strict form (D30): unknown keys and enum
 * values are what a tolerant consumer survives, not what the server sends.
 */
export const jsonSchemaOf = (schema: z.ZodTypeAny): Record<string, unknown> =>
  generateSchema(strictOf(schema), false, '3.0') as Record<string, unknown>;

type Json = unknown;

/** JSON with object keys sorted, so equal schemas have equal keys. */
const canonical = (value: Json): string =>
  JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

const withoutKeys = (node: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(node).filter(([k]) => !keys.includes(k)));

/**
 * Replaces every subtree equal to a named component with a $ref (largest first, top-down). A use that
 * adds its own description keeps it beside an allOf of the $ref; a nullable use is anyOf the $ref and null.
 */
export const refify = (components: Record<string, Record<string, unknown>>) => {
  // Exact matches first (so same-shaped components with their own descriptions keep their names),
  // then matches that differ only in the description a use gave the field.
  const exact = new Map<string, string>();
  const byShape = new Map<string, string>();
  for (const [name, json] of Object.entries(components)) {
    const exactKey = canonical(json);
    if (!exact.has(exactKey)) exact.set(exactKey, name);
    const key = canonical(withoutKeys(json, ['description']));
    if (!byShape.has(key)) byShape.set(key, name);
  }
  const visit = (node: Json, isRoot: boolean): Json => {
    if (Array.isArray(node)) return node.map((n) => visit(n, false));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (!isRoot) {
      const name =
        exact.get(canonical(obj)) ?? byShape.get(canonical(withoutKeys(obj, ['description', 'nullable'])));
      if (name) {
        const ref = { $ref: `#/components/schemas/${name}` };
        const own = components[name]!;
        const description =
          obj.description && obj.description !== own.description ? { description: obj.description } : {};
        // OpenAPI 3.0: `nullable` admits null only for the schema it stands in, never through an
        // allOf of a $ref (the referenced schema still rejects null). So a nullable use is "the
        // component, or null": anyOf the $ref and a schema that admits only null.
        if (obj.nullable)
          return { anyOf: [ref, { type: own.type, nullable: true, enum: [null] }], ...description };
        return Object.keys(description).length ? { allOf: [ref], ...description } : ref;
      }
    }
    return Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, k === 'example' || k === 'examples' ? v : visit(v, false)]),
    );
  };
  return visit;
};
