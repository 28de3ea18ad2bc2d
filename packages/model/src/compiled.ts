import * as z from 'zod/v4';

type Compile = <T extends z.ZodType>(schema: T) => T;

const compiledSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * zod's own compiled form of a schema (`z.compile`, zod 4.6 and later): the same rules, parsed by
 * generated code that falls back to zod's runtime parser for anything it does not model, so issues
 * and data are what `schema.safeParse` gives, only faster. Where the installed zod has no compiler (zod
 * 3.25's `zod/v4`), the schema itself. Compiled once per schema.
 */
export function compiledSchemaOf<T extends z.ZodType>(schema: T): T {
  let compiled = compiledSchemas.get(schema);
  if (!compiled) {
    const compile = (z as { compile?: Compile }).compile;
    compiled = typeof compile === 'function' ? compile(schema) : schema;
    compiledSchemas.set(schema, compiled);
  }
  return compiled as T;
}

/**
 * The parse function of a schema, as 1.0 exported it.
 * @deprecated `compiledSchemaOf(schema).safeParse` (or zod's own `z.compile`): the same result.
 */
export function parserOf<T extends z.ZodType>(schema: T) {
  const compiled = compiledSchemaOf(schema);
  return function parseWithCompiledSchema(value: unknown) {
    return compiled.safeParse(value);
  };
}
