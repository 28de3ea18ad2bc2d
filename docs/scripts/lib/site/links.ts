/**
 * The site's addresses of the reference, written once: every operation and every schema has a page
 * of its own (its permalink), and the try-it console takes an operation's hash.
 */
export const REFERENCE_PATH = '/reference/';
export const operationPath = (operationId: string): string => `/reference/operations/${operationId}`;
export const SCHEMAS_PATH = '/reference/schemas';
/** Schemas share one page (each its own section): hundreds of small pages would weigh more than the rest. */
export const schemaPath = (name: string): string => `${SCHEMAS_PATH}#${name}`;
/** The anchor of a heading, as the overview page writes its tags. */
export const slugOf = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
export const CONSOLE_PATH = '/reference/console';

/** Scalar's section id of an operation: the document's slug (TryItConsole.vue), its first tag's slug, the method and the path. */
export const consoleSection = (tag: string, method: string, path: string): string =>
  `api/tag/${slugOf(tag)}/${method.toUpperCase()}${path}`;

/** The link from an operation's page into the console, opened at that operation. */
export const consoleLink = (tag: string, method: string, path: string): string =>
  `${CONSOLE_PATH}#${consoleSection(tag, method, path)}`;
