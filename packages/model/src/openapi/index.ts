import pkg from '../../package.json' with { type: 'json' };
import { buildOpenApiDocument } from './document.js';

export { componentSchemas } from './components.js';
export { buildOpenApiDocument, type DocumentOptions, type OpenApiDocument } from './document.js';
export { jsonSchemaOf } from './generate.js';

/** The document of this model version, as published in docs/openapi.json. */
export const openApiDocument = () => buildOpenApiDocument({ version: pkg.version });
export const MODEL_VERSION: string = pkg.version;
