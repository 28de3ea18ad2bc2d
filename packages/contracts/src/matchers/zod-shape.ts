import { paramDocOf } from '@org/model';
import * as z from 'zod/v4';

/** A schema with its wrappers (optional, nullable, default, pipes, ...) taken off. */
export interface Unwrapped {
  readonly core: z.ZodType;
  /** zod 4's name of the core's kind: `string`, `number`, `object`, `array`, `enum`, ... */
  readonly kind: string;
  readonly nullable: boolean;
  readonly optional: boolean;
  /** An OpenAPI `pattern` documented on any layer (the model documents timestamps this way). */
  readonly pattern: string | undefined;
}

/** The definition fields of zod 4's wrapper kinds that hold the wrapped schema. */
interface WrapperDef {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  readonly getter?: () => z.ZodType;
}

/** The schema inside a wrapper, or undefined when the schema wraps nothing. */
const innerOf = (schema: z.ZodType): z.ZodType | undefined => {
  const def = schema.def as WrapperDef;
  if (def.innerType) return def.innerType;
  // A pipe: its input schema, unless the input is a transform (preprocess), then its output.
  if (def.type === 'pipe') return def.in instanceof z.ZodTransform ? def.out : def.in;
  if (def.type === 'lazy') return def.getter?.();
  return undefined;
};

export function unwrap(schema: z.ZodType): Unwrapped {
  let current = schema;
  let nullable = false;
  let optional = false;
  let pattern: string | undefined;
  for (;;) {
    const doc = paramDocOf(current) as { pattern?: string } | undefined;
    pattern ??= doc?.pattern;
    const kind = current.def.type;
    if (kind === 'nullable') nullable = true;
    if (kind === 'optional') optional = true;
    const next = innerOf(current);
    if (!next) return { core: current, kind, nullable, optional, pattern };
    current = next;
  }
}

/** zod's own JSON Schema of a leaf, for the checks zod keeps inside (patterns, bounds). */
const jsonOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as {
    pattern?: string;
    format?: string;
    minItems?: number;
  };

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The regex of a string schema: documented pattern first, then zod's regex or uuid check. */
export function stringPatternOf(u: Unwrapped): string | undefined {
  if (u.pattern) return u.pattern;
  const json = jsonOf(u.core);
  return json.format === 'uuid' ? UUID : json.pattern;
}

export function isIntegerSchema(core: z.ZodType) {
  return core instanceof z.ZodNumber && core.isInt;
}

export function enumValuesOf(core: z.ZodType): Array<string | number> {
  return core instanceof z.ZodEnum ? [...(core.options as Array<string | number>)] : [];
}

export function minItemsOf(core: z.ZodType): number {
  return jsonOf(core).minItems ?? 0;
}
