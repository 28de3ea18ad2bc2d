/**
 * What the journal coverage reads of the published OpenAPI document's JSON schemas: the finite values
 * of a parameter or body field, and the property paths of a response body (`results[].contact.id`),
 * documented and as answered. The document ships with @org/model as generated, so this works with
 * any zod a project has (the model's zod schemas would need zod 4.1 to become JSON schemas).
 */

export type Json = Record<string, unknown>;

/** Deeper than any body of the API; stops a walk of a recursive schema or a hostile answer. */
const MAX_DEPTH = 8;

/**
 * An enum longer than this is a value set (the 249 country codes), not a switch whose every branch a
 * test should take: parameter-value coverage counts booleans and shorter enums only.
 */
export const MAX_FINITE_VALUES = 20;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`) until a schema, parameter or response; {} if unresolvable. */
export function resolved(doc: Json, value: unknown): Json {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), doc);
  }
  return isObject(current) ? current : {};
}

/** The branches a schema is made of (`allOf`, `anyOf`, `oneOf`), or none. */
function branchesOf(schema: Json): unknown[] {
  return [schema.allOf, schema.anyOf, schema.oneOf].flatMap((b) => (Array.isArray(b) ? b : []));
}

function isNullOnly(schema: Json): boolean {
  return schema.type === 'null' || (Array.isArray(schema.enum) && schema.enum.every((v) => v === null));
}

/** The values a boolean or short enum takes, as text; undefined for any other schema. */
export function finiteValuesOf(doc: Json, value: unknown, depth = 0): string[] | undefined {
  const schema = resolved(doc, value);
  if (depth > MAX_DEPTH) return undefined;
  let values: string[] | undefined;
  if (Array.isArray(schema.enum)) values = schema.enum.filter((v) => v !== null).map(String);
  else if (schema.type === 'boolean') values = ['true', 'false'];
  else {
    // A nullable wrapper (`anyOf: [X, { enum: [null] }]`) takes X's values.
    const branches = branchesOf(schema)
      .filter((b) => !isNullOnly(resolved(doc, b)))
      .map((b) => finiteValuesOf(doc, b, depth + 1));
    if (branches.length && branches.every((b) => b !== undefined)) values = branches.flat();
  }
  const distinct = values && [...new Set(values)];
  return distinct?.length && distinct.length <= MAX_FINITE_VALUES ? distinct : undefined;
}

/** The top-level fields of a body schema (through `$ref` and `allOf`) with their schemas. */
export function fieldsOf(doc: Json, value: unknown): Array<[string, unknown]> {
  const schema = resolved(doc, value);
  return [
    ...(isObject(schema.properties) ? Object.entries(schema.properties) : []),
    ...branchesOf(schema).flatMap((b) => fieldsOf(doc, b)),
  ];
}

/**
 * Every property path a schema documents: `count`, `results[].id`, `results[].contact.name`. The
 * branches of a union all count (a message list documents every kind of message); the keys of a map
 * (`additionalProperties`) are data, not properties, and are not listed.
 */
export function documentedPathsOf(doc: Json, value: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, prefix: string, refs: readonly string[]) => {
    if (refs.length > MAX_DEPTH) return;
    const ref = isObject(node) && typeof node.$ref === 'string' ? node.$ref : undefined;
    if (ref && refs.includes(ref)) return;
    const schema = resolved(doc, node);
    const seen = ref ? [...refs, ref] : refs;
    for (const branch of branchesOf(schema)) walk(branch, prefix, seen);
    if (isObject(schema.properties))
      for (const [name, property] of Object.entries(schema.properties)) {
        const path = prefix ? `${prefix}.${name}` : name;
        out.add(path);
        walk(property, path, seen);
      }
    if (schema.items !== undefined) walk(schema.items, `${prefix}[]`, seen);
  };
  walk(value, '', []);
  return [...out];
}

/** The property paths a JSON body holds, in the form documentedPathsOf writes them. */
export function answeredPathsOf(body: unknown, into: Set<string> = new Set()): Set<string> {
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) for (const item of node) walk(item, `${prefix}[]`, depth + 1);
    else if (isObject(node))
      for (const [name, value] of Object.entries(node)) {
        const path = prefix ? `${prefix}.${name}` : name;
        into.add(path);
        walk(value, path, depth + 1);
      }
  };
  walk(body, '', 0);
  return into;
}

/** The media type of a Content-Type value, without parameters: `application/json`. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}
