import type { Violations } from '../check.js';
import type { ConformanceContext } from '../context.js';

/** The v3 collection a path belongs to: `conversations`, `contact_identities`, `notes`, `operators`, `navigation`. */
export const collectionOf = (path: string): string | undefined => /^\/api\/um\/v3\/(\w+)\//.exec(path)?.[1];

/**
 * The path parameters of a v3 path, filled with ids the lists found: each placeholder takes an id
 * of the collection named just before it (`/contact_identities/{id}/conversations/` reads a contact
 * the contacts list found), so a list or a read with path parameters of any kind is checked alike.
 * Skips the check when the deployment has no such record. Also the path with the ids filled in.
 */
export const foundParamsOf = (
  ctx: ConformanceContext,
  v: Violations,
  path: string,
): { params?: Record<string, number>; path: string } => {
  const params: Record<string, number> = {};
  for (const [, collection, name] of path.matchAll(/\/(\w+)\/\{(\w+)\}/g))
    params[name!] = ctx.found.get(collection!) ?? v.skip(`no ${collection} to read`);
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
  return Object.keys(params).length ? { params, path: filled } : { path };
};
