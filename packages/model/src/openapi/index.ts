import published30 from '../../../../docs/openapi.json' with { type: 'json' };
import published31 from '../../../../docs/openapi-3.1.json' with { type: 'json' };
import pkg from '../../package.json' with { type: 'json' };
import { buildOpenApiDocument, type OpenApiDocument } from './document.js';
import type { OpenApiVersion } from './generate.js';

export { componentSchemas } from './components.js';
export {
  buildDocument,
  buildOpenApiDocument,
  type DocumentOptions,
  type DocumentSpec,
  type OpenApiDocument,
} from './document.js';
export { jsonSchemaOf, type OpenApiVersion } from './generate.js';
export type { EndpointTable } from './operations.js';

/** The document of this model version, generated from the model (zod 4.1 or later). */
export function generateOpenApiDocument(openapi: OpenApiVersion = '3.0'): OpenApiDocument {
  return buildOpenApiDocument({ version: pkg.version, openapi });
}

/**
 * The document of this model version as published (docs/openapi.json, 3.0; docs/openapi-3.1.json),
 * shipped as generated: a project whose zod cannot generate it (zod 3.25's `zod/v4` is zod 4.0)
 * still checks pacts and fuzzes against it. A test keeps the files equal to the generator's output.
 */
export function openApiDocument(openapi: OpenApiVersion = '3.0'): OpenApiDocument {
  const published = structuredClone(
    (openapi === '3.0' ? published30 : published31) as unknown as OpenApiDocument,
  );
  // A release versions the package after the files were written: info.version is the package's.
  return { ...published, info: { ...published.info, version: pkg.version } };
}
export const MODEL_VERSION: string = pkg.version;
