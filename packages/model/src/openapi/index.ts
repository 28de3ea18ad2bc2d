import pkg from '../../package.json' with { type: 'json' };
import { buildOpenApiDocument } from './document.js';
import type { OpenApiVersion } from './generate.js';

export { componentSchemas } from './components.js';
export { buildOpenApiDocument, type DocumentOptions, type OpenApiDocument } from './document.js';
export { jsonSchemaOf, type OpenApiVersion } from './generate.js';

/** The document of this model version, as published in docs/openapi.json (3.0) and docs/openapi-3.1.json. */
export const openApiDocument = (openapi: OpenApiVersion = '3.0') =>
  buildOpenApiDocument({ version: pkg.version, openapi });
export const MODEL_VERSION: string = pkg.version;
