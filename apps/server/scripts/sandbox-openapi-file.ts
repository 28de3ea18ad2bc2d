import { fileURLToPath } from 'node:url';
import { buildSandboxDocument } from '../src/sandbox/api/document.js';

/** Where the sandbox control API's document is committed, beside the API's own. */
export const SANDBOX_OPENAPI_PATH = fileURLToPath(
  new URL('../../../docs/sandbox-openapi.json', import.meta.url),
);

/**
 * The committed text of the document: what scripts/write-sandbox-openapi.ts writes and
 * src/sandbox/api/document.test.ts compares with the file (it passes the document it already built).
 */
export function sandboxOpenApiText(document: unknown = buildSandboxDocument()): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
