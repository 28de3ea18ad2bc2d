import openapiSchemaToJsonSchema from '@openapi-contrib/openapi-schema-to-json-schema';
import Ajv from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './index.js';

type Obj = Record<string, any>;
const doc = openApiDocument() as unknown as Obj;

/**
 * The document checked by tools that are not ours: @openapi-contrib's OpenAPI 3.0 → JSON Schema
 * conversion (which reads `nullable` as the specification says) and Ajv (draft 04, the dialect the
 * conversion targets).
 */
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
const components = openapiSchemaToJsonSchema(
  { type: 'object', properties: {}, components: doc.components } as never,
  { definitionKeywords: ['components'] } as never,
) as Obj;
const { $schema: _dialect, ...schemas } = components;
ajv.addSchema(schemas, 'doc');
const validatorOf = (name: string) => ajv.compile({ $ref: `doc#/components/schemas/${name}` });

/** Every property that the document marks nullable, directly or through anyOf/allOf. */
const nullableProperties = (): Array<[string, string]> =>
  Object.entries(doc.components.schemas as Obj).flatMap(([name, schema]) =>
    Object.entries((schema.properties ?? {}) as Obj)
      .filter(([, p]) => p.nullable === true || (p.anyOf ?? p.allOf ?? []).some((s: Obj) => s.nullable))
      .map(([prop]) => [name, prop] as [string, string]),
  );

describe('nullable fields (OpenAPI 3.0)', () => {
  it('a nullable use of a component admits null under an independent validator (Contact country and others)', () => {
    const properties = nullableProperties();
    expect(properties).toContainEqual(['ContactPatch', 'country']);
    expect(properties).toContainEqual(['ContactIdentity', 'country']);
    const refused = properties.filter(([name, prop]) => {
      const property = ajv.compile({ $ref: `doc#/components/schemas/${name}/properties/${prop}` });
      return !property(null);
    });
    expect(refused).toEqual([]);
  });

  it('the component itself still decides non-null values', () => {
    const patch = validatorOf('ContactPatch');
    expect(patch({ country: null })).toBe(true);
    expect(patch({ country: 'DE' })).toBe(true);
    expect(patch({ country: 'germany' })).toBe(false);
  });

  it('emails: the document and the model accept the same addresses', async () => {
    const { ContactPatchSchema } = await import('../records/contact.js');
    const patch = validatorOf('ContactPatch');
    for (const email of [
      'a@b',
      'user@localhost',
      'a!b#c@example.org',
      'lena.hoffmann@example.org',
      'ü@例え.jp',
    ])
      expect([email, patch({ email }), ContactPatchSchema.safeParse({ email }).success]).toEqual([
        email,
        true,
        true,
      ]);
    for (const email of ['no-at-sign', 'a b@example.org', '@example.org', 'a@', 'a@b@c'])
      expect([email, patch({ email }), ContactPatchSchema.safeParse({ email }).success]).toEqual([
        email,
        false,
        false,
      ]);
  });
});
