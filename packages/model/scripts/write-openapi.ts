/** Writes docs/openapi.json and docs/openapi.yaml from the model (`pnpm --filter @org/model openapi`). */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { openApiDocument } from '../src/openapi/index.js';
import { OPENAPI_JSON_PATH, OPENAPI_YAML_PATH, serializeJson } from './openapi-files.js';

const doc = openApiDocument();
writeFileSync(OPENAPI_JSON_PATH, serializeJson(doc));
writeFileSync(OPENAPI_YAML_PATH, stringify(doc, { lineWidth: 0 }));
console.log(`wrote ${resolve(OPENAPI_JSON_PATH)} and ${resolve(OPENAPI_YAML_PATH)}`);
