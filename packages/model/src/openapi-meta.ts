import { type AnatineSchemaObject, extendApi } from '@anatine/zod-openapi';
import type { z } from 'zod';

/**
 * Attaches OpenAPI text to a schema. This is the only module besides openapi/generate.ts that
 * knows about @anatine/zod-openapi, so moving to another generator touches two files.
 */
export const doc = <T extends z.ZodTypeAny>(schema: T, meta: AnatineSchemaObject): T =>
  extendApi(schema, meta);

/** The OpenAPI text attached to a schema, if any. */
export const docOf = (schema: z.ZodTypeAny): AnatineSchemaObject | undefined => {
  const meta = (schema as { metaOpenApi?: AnatineSchemaObject | AnatineSchemaObject[] }).metaOpenApi;
  return Array.isArray(meta) ? Object.assign({}, ...meta) : meta;
};
