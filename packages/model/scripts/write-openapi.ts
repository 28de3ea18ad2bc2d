/**
 * Writes docs/openapi.json and docs/openapi.yaml (OpenAPI 3.0) and docs/openapi-3.1.json from the
 * model (`pnpm generate` runs it); src/openapi/openapi.test.ts fails while any of them is stale.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateOpenApiDocument } from '../src/openapi/index.js';
import {
  OPENAPI_31_JSON_PATH,
  OPENAPI_JSON_PATH,
  OPENAPI_YAML_PATH,
  serializeJson,
  serializeYaml,
} from './openapi-files.js';

const doc = generateOpenApiDocument();
writeFileSync(OPENAPI_JSON_PATH, serializeJson(doc));
writeFileSync(OPENAPI_YAML_PATH, serializeYaml(doc));
writeFileSync(OPENAPI_31_JSON_PATH, serializeJson(generateOpenApiDocument('3.1')));
console.log(
  `wrote ${[OPENAPI_JSON_PATH, OPENAPI_YAML_PATH, OPENAPI_31_JSON_PATH].map((p) => resolve(p)).join(', ')}`,
);
