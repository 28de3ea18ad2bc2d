import * as z from 'zod/v4';

/**
 * OpenAPI text attached to a schema: a JSON Schema fragment that `z.toJSONSchema` merges over what
 * it derives from the zod schema (zod's metadata registry). Keys follow the OpenAPI 3.0 dialect
 * (`example`); the 3.1 document turns them into its own.
 */
export interface SchemaMeta {
  type?: string;
  description?: string;
  example?: unknown;
  [keyword: string]: unknown;
}

/**
 * Attaches OpenAPI text to a schema: zod's own `.meta()`, so a project's `z.toJSONSchema` sees the
 * same descriptions and examples as the model's document. The text of the schema it derives from is
 * kept, with `meta` over it.
 */
export function doc<T extends z.ZodType>(schema: T, meta: SchemaMeta): T {
  return schema.meta({ ...docOf(schema), ...meta }) as T;
}

/** The OpenAPI text attached to a schema, if any. */
export function docOf(schema: z.ZodType): SchemaMeta | undefined {
  return z.globalRegistry.get(schema) as SchemaMeta | undefined;
}
