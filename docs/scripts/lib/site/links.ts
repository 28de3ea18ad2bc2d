/**
 * The site's addresses, written once: every operation, every schema and every workflow has a page
 * of its own (its permalink), and the try-it console takes an operation's hash.
 */

/** Where the site is served (VitePress's `base`): the reference server serves it at /docs/. */
export const SITE_BASE = '/docs/';

/**
 * A site path as the address of its built page, as VitePress writes a Markdown link (the base, and
 * `.html`: cleanUrls is off), for the links a page writes in HTML. Other addresses stay as they are.
 */
export function siteHref(path: string): string {
  if (!path.startsWith('/')) return path;
  const [page = '', hash] = path.split('#');
  const file = page.endsWith('/') || page.endsWith('.html') ? page : `${page}.html`;
  return `${SITE_BASE}${file.slice(1)}${hash === undefined ? '' : `#${hash}`}`;
}

export const REFERENCE_PATH = '/reference/';

export function operationPath(operationId: string): string {
  return `/reference/operations/${operationId}`;
}

export const SCHEMAS_PATH = '/reference/schemas';

/** Schemas share one page (each its own section): hundreds of small pages would weigh more than the rest. */
export function schemaPath(name: string): string {
  return `${SCHEMAS_PATH}#${name}`;
}

/**
 * The page of a workflow file of docs/workflows/, by its name without `.arazzo.yaml`. Its source is
 * `reference/workflow-<name>.md`, beside the other generated reference pages (generated-pages.ts).
 */
export function workflowPath(name: string): string {
  return `/reference/workflow-${name}`;
}

/** The anchor of a heading, as the overview page writes its tags. */
export function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export const CONSOLE_PATH = '/reference/console';

/** Scalar's section id of an operation: the document's slug (TryItConsole.vue), its first tag's slug, the method and the path. */
export function consoleSection(tag: string, method: string, path: string): string {
  return `api/tag/${slugOf(tag)}/${method.toUpperCase()}${path}`;
}

/** The link from an operation's page into the console, opened at that operation. */
export function consoleLink(tag: string, method: string, path: string): string {
  return `${CONSOLE_PATH}#${consoleSection(tag, method, path)}`;
}
