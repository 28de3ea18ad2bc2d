/**
 * Writes docs/sandbox-openapi.json, the sandbox control API's own document. `pnpm generate` runs it
 * after building the model: the document's schemas and version are the built model's.
 */
import { writeFileSync } from 'node:fs';
import { SANDBOX_OPENAPI_PATH, sandboxOpenApiText } from './sandbox-openapi-file.js';

writeFileSync(SANDBOX_OPENAPI_PATH, sandboxOpenApiText());
console.log(`wrote ${SANDBOX_OPENAPI_PATH}`);
