import { fieldAt, RESOURCES, type ResourceKey, resourceOfSegment } from '@org/model';
import type { Violations } from '../check.js';
import type { ConformanceContext } from '../context.js';

/** The v3 resource a path belongs to (its first segment): `conversations`, `contact_identities`, `notes`, `operators`, `navigation`. */
export function resourceOf(path: string): string | undefined {
  return /^\/api\/um\/v3\/(\w+)\//.exec(path)?.[1];
}

/**
 * The path parameters of a v3 path, filled with ids the lists found: each placeholder takes an id
 * of the collection named just before it (`/contact_identities/{id}/conversations/` reads a contact
 * the contacts list found; for a nested list, the record with the most of the listed records on
 * the listed collection's first page, see rememberParents), so a list or a read with path parameters of any kind is checked alike.
 * Skips the check when the deployment has no such record. Also the path with the ids filled in.
 */
export function foundParamsOf(
  ctx: ConformanceContext,
  v: Violations,
  path: string,
): { params?: Record<string, number>; path: string } {
  const params: Record<string, number> = {};
  for (const [, collection, name, listed] of path.matchAll(/\/(\w+)\/\{(\w+)\}(?=(?:\/(\w+)\/)?)/g))
    params[name!] =
      (listed && ctx.found.get(`${collection}/${listed}`)) ||
      (ctx.found.get(collection!) ?? v.skip(`no ${collection} to read`));
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
  return Object.keys(params).length ? { params, path: filled } : { path };
}

/**
 * Remembers, for the records of a list's page, the record they belong to that has the most of them
 * (`contact_identities/conversations`: the contact with the most conversations; the registry of
 * resources says where each record names its parent), so that a list nested under that parent has
 * items to page through.
 */
export function rememberParents(ctx: ConformanceContext, listed: string, items: ReadonlyArray<unknown>) {
  const parent = resourceOfSegment(listed)?.[1].parent;
  if (!parent) return;
  const counts = new Map<number, number>();
  for (const item of items) {
    const id = fieldAt(item, parent.idField);
    if (typeof id === 'number') counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  const key = `${RESOURCES[parent.resource as ResourceKey].segment}/${listed}`;
  if (best && !ctx.found.has(key)) ctx.found.set(key, best[0]);
}
