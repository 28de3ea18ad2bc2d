import { fileURLToPath } from 'node:url';

/** Absolute paths of the docs workspace, resolved from this file so scripts run from any cwd. */
const fromDocs = (relative: string): string => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const DOCS_DIR = fromDocs('.');
export const REPO_ROOT = fromDocs('..');
/** The generated document (owned by @org/model, committed). */
export const OPENAPI_JSON = fromDocs('openapi.json');
export const DIST_DIR = fromDocs('dist');
export const GUIDES_DIR = fromDocs('guides');
export const RELEASES_DIR = fromDocs('releases');
export const TEST_RESULTS_DIR = fromDocs('test-results');
export const REFERENCE_TEMPLATE = fromDocs('reference/template.hbs');
export const ANALYTICS_METRICS_GUIDE = fromDocs('guides/analytics-metrics.md');
export const CHANGESET_DIR = fromDocs('../.changeset');
/** One Markdown file per decision, in api/ or engineering/, and the generated index README.md. */
export const DECISIONS_DIR = fromDocs('decisions');
export const SANDBOX_OPENAPI_JSON = fromDocs('sandbox-openapi.json');
