import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

/** Where the generated document is committed. */
export const OPENAPI_JSON_PATH = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
/** The OpenAPI 3.1 form of the same document. */
export const OPENAPI_31_JSON_PATH = fileURLToPath(new URL('../../../docs/openapi-3.1.json', import.meta.url));
export const OPENAPI_YAML_PATH = fileURLToPath(new URL('../../../docs/openapi.yaml', import.meta.url));

/** The committed formatting of openapi.json. */
export function serializeJson(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
/** The committed formatting of openapi.yaml: no folded lines, so a changed description is one changed line. */
export function serializeYaml(doc: unknown): string {
  return stringify(doc, { lineWidth: 0 });
}
