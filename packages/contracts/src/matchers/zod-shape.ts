import { paramDocOf } from '@org/model';
import type { z } from 'zod/v3';

/** The zod 3 definition fields this module reads. */
interface Def {
  typeName?: string;
  schema?: z.ZodTypeAny;
  innerType?: z.ZodTypeAny;
  in?: z.ZodTypeAny;
  type?: z.ZodTypeAny;
  getter?: () => z.ZodTypeAny;
  checks?: Array<{ kind: string; regex?: RegExp; value?: number }>;
  values?: readonly string[] | Record<string, string | number>;
  value?: unknown;
  options?: readonly z.ZodTypeAny[] | Map<unknown, z.ZodTypeAny>;
  valueType?: z.ZodTypeAny;
  minLength?: { value: number } | null;
  exactLength?: { value: number } | null;
  items?: readonly z.ZodTypeAny[];
  shape?: () => Record<string, z.ZodTypeAny>;
}

export const defOf = (schema: z.ZodTypeAny): Def => schema._def as Def;

/** A schema with its wrappers (effects, optional, nullable, default, ...) taken off. */
export interface Unwrapped {
  readonly core: z.ZodTypeAny;
  readonly typeName: string;
  readonly nullable: boolean;
  readonly optional: boolean;
  /** An OpenAPI `pattern` documented on any layer (the model documents timestamps this way). */
  readonly pattern: string | undefined;
}

const WRAPPERS: Record<string, (def: Def) => z.ZodTypeAny | undefined> = {
  ZodEffects: (d) => d.schema,
  ZodOptional: (d) => d.innerType,
  ZodNullable: (d) => d.innerType,
  ZodDefault: (d) => d.innerType,
  ZodCatch: (d) => d.innerType,
  ZodReadonly: (d) => d.innerType,
  ZodBranded: (d) => d.type,
  ZodPipeline: (d) => d.in,
  ZodLazy: (d) => d.getter?.(),
};

export const unwrap = (schema: z.ZodTypeAny): Unwrapped => {
  let current = schema;
  let nullable = false;
  let optional = false;
  let pattern: string | undefined;
  for (;;) {
    const doc = paramDocOf(current) as { pattern?: string } | undefined;
    pattern ??= doc?.pattern;
    const def = defOf(current);
    const typeName = def.typeName ?? 'unknown';
    if (typeName === 'ZodNullable') nullable = true;
    if (typeName === 'ZodOptional') optional = true;
    const next = WRAPPERS[typeName]?.(def);
    if (!next) return { core: current, typeName, nullable, optional, pattern };
    current = next;
  }
};

/** The regex of a string schema: documented pattern first, then zod's regex/uuid/cuid checks. */
export const stringPatternOf = (u: Unwrapped): string | undefined => {
  if (u.pattern) return u.pattern;
  for (const check of defOf(u.core).checks ?? []) {
    if (check.kind === 'regex' && check.regex) return regexSource(check.regex);
    if (check.kind === 'uuid')
      return '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  }
  return undefined;
};

const regexSource = (regex: RegExp) => (regex.flags.includes('i') ? `(?i)${regex.source}` : regex.source);

export const isIntegerSchema = (core: z.ZodTypeAny) =>
  (defOf(core).checks ?? []).some((c) => c.kind === 'int');

export const enumValuesOf = (core: z.ZodTypeAny): Array<string | number> => {
  const values = defOf(core).values ?? [];
  return Array.isArray(values) ? [...values] : Object.values(values);
};

export const minItemsOf = (core: z.ZodTypeAny): number => {
  const def = defOf(core);
  return def.exactLength?.value ?? def.minLength?.value ?? 0;
};
