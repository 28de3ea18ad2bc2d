import type { z } from 'zod/v3';

/**
 * OpenAPI text attached to a schema: a JSON Schema fragment (OpenAPI 3.0 dialect) that the
 * generator merges over what it derives from the zod schema.
 */
export interface SchemaMeta {
  type?: string;
  description?: string;
  example?: unknown;
  [keyword: string]: unknown;
}

type Documented = z.ZodTypeAny & { metaOpenApi?: SchemaMeta | SchemaMeta[] };

/**
 * Attaches OpenAPI text to a schema: a copy of the schema carrying `metaOpenApi`, the property the
 * generator (@anatine/zod-openapi, build time only, `@org/model/openapi`) reads. Written here rather
 * than imported so the runtime model never loads the generator, openapi3-ts or yaml.
 */
export const doc = <T extends z.ZodTypeAny>(schema: T, meta: SchemaMeta): T => {
  const copy = new (schema.constructor as new (def: unknown) => T)(schema._def) as T & Documented;
  copy.metaOpenApi = { ...docOf(schema), ...meta };
  return copy;
};

/** The OpenAPI text attached to a schema, if any. */
export const docOf = (schema: z.ZodTypeAny): SchemaMeta | undefined => {
  const meta = (schema as Documented).metaOpenApi;
  return Array.isArray(meta) ? Object.assign({}, ...meta) : meta;
};
