import { isObject, type Json } from './types.js';

/** Follows a local `$ref` (`#/components/...`) chain; remote refs do not occur in a generated document. */
export function resolveRef(doc: Json, value: unknown): unknown {
  let current = value;
  const visited = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (visited.has(ref) || !ref.startsWith('#/')) return current;
    visited.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
  }
  return current;
}

/** The component name of a `#/components/schemas/<Name>` reference, if the value is one. */
export function schemaRefName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return undefined;
  const match = /^#\/components\/schemas\/(.+)$/.exec(value.$ref);
  return match?.[1];
}
