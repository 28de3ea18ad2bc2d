export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON a text holds, wrapped so that a body of `null` still counts as JSON; undefined when it is not JSON. */
export function parsedJson(text: string): { readonly value: unknown } | undefined {
  if (!text) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Every object of a JSON value (records, embedded records, data points). */
export function* objectsIn(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 8) return;
  if (Array.isArray(value)) for (const v of value) yield* objectsIn(v, depth + 1);
  else if (isObject(value)) {
    yield value;
    for (const v of Object.values(value)) yield* objectsIn(v, depth + 1);
  }
}

/** The top-level records of a body: `results` of a page, or the body itself. */
export function recordsOf(body: unknown): Array<Record<string, unknown>> {
  if (isObject(body) && Array.isArray(body.results)) return body.results.filter(isObject);
  return isObject(body) && 'id' in body ? [body] : [];
}
