import { isObject } from '../document/json.js';
import { type OpenApiDocument, resolveRef, type Schema } from '../document/openapi-document.js';

/** The `x-um-decision` a part of the document carries (`D16`, `D2, D14`), if any. */
export function decisionOf(node: unknown): string | undefined {
  const value = isObject(node) ? node['x-um-decision'] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The steps of a JSON pointer (`/results/0/id`), unescaped. */
export function pointerSteps(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A step of a JSON pointer, escaped. */
export function pointerStep(step: string | number): string {
  return String(step).replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolved(doc: OpenApiDocument, node: unknown): Schema | undefined {
  try {
    return resolveRef(doc, node);
  } catch {
    return undefined;
  }
}

/** The schema a step leads to from a schema: a property, an item, or a member of allOf/anyOf/oneOf that has it. */
function childOf(doc: OpenApiDocument, schema: Schema, step: string): Schema | undefined {
  if (isObject(schema.properties) && step in schema.properties)
    return resolvedWith(doc, schema.properties[step]);
  if (/^\d+$/.test(step) && schema.items !== undefined) return resolvedWith(doc, schema.items);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      const inner = resolvedWith(doc, member);
      const child = inner && childOf(doc, inner, step);
      if (child) return child;
    }
  }
  if (isObject(schema.additionalProperties)) return resolvedWith(doc, schema.additionalProperties);
  return undefined;
}

/**
 * A schema node with its reference followed, keeping the decision of the referring node: a property
 * marked with a decision that refers to a shared schema is the decision's rule, not the shared one's.
 */
function resolvedWith(doc: OpenApiDocument, node: unknown): Schema | undefined {
  const target = resolved(doc, node);
  if (!target) return undefined;
  const own = decisionOf(node);
  return own && !decisionOf(target) ? { ...target, 'x-um-decision': own } : target;
}

/**
 * The decision of the rule a value broke at `pointer` under `schema`: the deepest `x-um-decision`
 * on the way down from the schema to the place (`/results/0/created_at` of a page → the record's
 * property → the Timestamp schema, D15). Undefined when no part of the way is marked.
 */
export function decisionAlong(doc: OpenApiDocument, schema: Schema, pointer: string): string | undefined {
  let node = resolvedWith(doc, schema);
  let decision = decisionOf(node);
  for (const step of pointerSteps(pointer)) {
    const child = node && childOf(doc, node, step);
    if (!child) break;
    node = child;
    decision = decisionOf(node) ?? decision;
  }
  return decision;
}
