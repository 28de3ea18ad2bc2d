import * as z from 'zod/v4';
import { strictOf } from '../strict.js';

/** The OpenAPI versions the model publishes: 3.0 for the tools that read only 3.0, and 3.1. */
export type OpenApiVersion = '3.0' | '3.1';

/** zod's JSON Schema target for each OpenAPI version (3.1's schema dialect is JSON Schema 2020-12). */
const TARGETS = { '3.0': 'openapi-3.0', '3.1': 'draft-2020-12' } as const;

/**
 * The JSON Schema of a zod schema in the dialect of an OpenAPI version: zod's own `z.toJSONSchema`,
 * with each schema's `.meta()` merged in. The document states the contract, so it describes the
 * strict form: unknown keys and enum values are what a tolerant consumer survives, not what
 * the server sends. Refinements and transforms have no JSON Schema: their `.meta()` says it.
 */
export function jsonSchemaOf(schema: z.ZodType, version: OpenApiVersion = '3.0'): Record<string, unknown> {
  assertOpenApiTarget();
  const { $schema: _dialect, ...json } = z.toJSONSchema(strictOf(schema), {
    target: TARGETS[version],
    unrepresentable: 'any',
    io: 'output',
    override: keepTheContract,
  }) as Record<string, unknown>;
  return json;
}

/**
 * z.toJSONSchema writes the OpenAPI 3.0 dialect from zod 4.1 on; zod 3.25's `zod/v4` is zod 4.0,
 * which would write another dialect with only a warning. The generator is a build-time entry: it
 * says so rather than write a wrong document.
 */
function assertOpenApiTarget(): void {
  const { major, minor } = z.core.version;
  if (major === 4 && minor < 1)
    throw new Error(
      `@org/model/openapi needs zod 4.1 or later (z.toJSONSchema's OpenAPI target); this project's zod/v4 is ${major}.${minor}.`,
    );
}

type Overridden = Parameters<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'] & {}>[0];

/**
 * What zod 4 states beyond the contract the document has always stated: `.int()` bounds every
 * integer to the safe range and `.uuid()` adds its own pattern beside `format: uuid`; both are zod's
 * checks, not API limits.
 */
function keepTheContract({ jsonSchema }: Overridden): void {
  const json = jsonSchema as Record<string, unknown>;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.format === 'uuid') delete json.pattern;
}

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
export function refify(components: Record<string, Record<string, unknown>>) {
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
}
