/**
 * Writes docs/openapi.json and docs/openapi.yaml (OpenAPI 3.0) and docs/openapi-3.1.json from the
 * model (`pnpm --filter @org/model openapi`).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { generateOpenApiDocument } from '../src/openapi/index.js';
import {
  OPENAPI_31_JSON_PATH,
  OPENAPI_JSON_PATH,
  OPENAPI_YAML_PATH,
  serializeJson,
} from './openapi-files.js';

const doc = generateOpenApiDocument();
writeFileSync(OPENAPI_JSON_PATH, serializeJson(doc));
writeFileSync(OPENAPI_YAML_PATH, stringify(doc, { lineWidth: 0 }));
writeFileSync(OPENAPI_31_JSON_PATH, serializeJson(generateOpenApiDocument('3.1')));
console.log(
  `wrote ${[OPENAPI_JSON_PATH, OPENAPI_YAML_PATH, OPENAPI_31_JSON_PATH].map((p) => resolve(p)).join(', ')}`,
);
