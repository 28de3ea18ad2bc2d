import * as z from 'zod/v4';
import { type DecisionId, decided } from '../decisions.js';
import { LIMITS } from '../limits.js';
import { doc, docOf, type SchemaMeta } from '../openapi-meta.js';
import { ID_DIGITS, parseInstant } from '../primitives.js';

/**
 * Query parameters arrive as strings (a repeated parameter as an array, of which the last value counts).
 * Each helper here parses the string form into a typed value and carries the OpenAPI parameter
 * schema that documents it.
 */
const lastValue = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * A preprocess pipe, typed as zod 4.0 names it (zod 3.25's `zod/v4`; later zod names the same pipe
 * ZodPreprocess, which a zod 3.25 project's declarations do not have).
 */
type Preprocessed<T extends z.ZodType> = z.ZodPipe<z.ZodTransform<unknown, unknown>, T>;

const preprocessed = <T extends z.ZodType>(fn: (value: unknown) => unknown, parser: T): Preprocessed<T> =>
  z.preprocess(fn, parser) as unknown as Preprocessed<T>;

const param = <T extends z.ZodType>(parser: T, openapi: SchemaMeta, decision?: DecisionId) =>
  doc(preprocessed(lastValue, parser), decision ? { ...openapi, ...decided(decision) } : openapi);

const INTEGER = /^[+-]?\d+$/;

/**
 * The type of a parameter that may be absent: zod 4 reads a key's optionality from the schema's
 * internals type (`optin`/`optout`), so a parameter typed by hand states it there.
 */
export type OptionalParam<T> = z.ZodType<
  T | undefined,
  unknown,
  z.core.$ZodTypeInternals<T | undefined, unknown> & { optin: 'optional'; optout: 'optional' }
>;

export interface IntOptions {
  description: string;
  min?: number;
  /** Larger values are replaced by this one, rather than rejected. */
  clampTo?: number;
  /** Larger values are rejected (ids). */
  max?: number;
  default?: number;
  decision?: DecisionId;
}

/** An integer parameter; `-5`, `1.5` and `ten` are rejected with a message. */
export function intParam(options: IntOptions & { default: number }): z.ZodType<number, unknown>;
export function intParam(options: IntOptions): OptionalParam<number>;
export function intParam({ description, min, max, clampTo, default: def, decision }: IntOptions): z.ZodType {
  const parsed = z
    .string({ error: 'A whole number is required.' })
    .regex(INTEGER, 'A whole number is required.')
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), 'The number is too large.')
    .refine((n) => min === undefined || n >= min, `Ensure this value is greater than or equal to ${min}.`)
    .refine((n) => max === undefined || n <= max, `Ensure this value is less than or equal to ${max}.`)
    .transform((n) => (clampTo !== undefined && n > clampTo ? clampTo : n));
  const schema: SchemaMeta = {
    type: 'integer',
    description,
    ...(min !== undefined ? { minimum: min } : {}),
    ...(max !== undefined ? { maximum: max } : {}),
    // Not `maximum`: a page size takes larger values (replaced by clampTo); `maximum` calls them invalid.
    ...(clampTo !== undefined ? { 'x-um-clamp-to': clampTo } : {}),
    ...(def !== undefined ? { default: def } : {}),
  };
  return def === undefined
    ? param(parsed.optional(), schema, decision)
    : // `prefault`: the default is a query value, parsed like one.
      param(parsed.prefault(String(def)), schema, decision);
}

export function idParam(description: string) {
  return intParam({ description, min: 1, max: LIMITS.maxId });
}

/**
 * A string parameter that holds ids is checked by the pattern the document states, which bounds
 * every id to 1..LIMITS.maxId (no sign, no leading zero, no space): what the document admits is
 * what the server accepts, and an id beyond the range is a 400, never a database fault.
 */
const anchored = (source: string) => new RegExp(`^${source}$`);
const COMMA_IDS = `${ID_DIGITS}(?:,${ID_DIGITS})*`;
const PLUS_IDS = `${ID_DIGITS}(?:[+ ]${ID_DIGITS})*`;
const MESSAGE_OR_CONVERSATION_ID = `${ID_DIGITS}(?:\\.${ID_DIGITS}\\.${ID_DIGITS})?`;
const MESSAGE_EXCLUDE_IDS = `${MESSAGE_OR_CONVERSATION_ID}(?:,${MESSAGE_OR_CONVERSATION_ID})*`;

/** A required id (path parameters). */
export function requiredIdParam(description: string) {
  const optional = idParam(description);
  return doc(
    preprocessed(
      (v) => v,
      optional.refine((n): n is number => n !== undefined, 'This parameter is required.'),
    ),
    {
      ...docOf(optional),
    },
  ) as unknown as z.ZodType<number, unknown>;
}

/** A boolean parameter: true/false (also 1/0, yes/no). */
export function boolParam(description: string) {
  return param(
    z
      .enum(['true', 'false', 'True', 'False', '1', '0', 'yes', 'no'], { error: 'Must be true or false.' })
      .transform((v) => ['true', 'True', '1', 'yes'].includes(v))
      .optional(),
    { type: 'boolean', description },
  );
}

/**
 * A plain string parameter. An empty value (`?status=`) is invalid and the document says so
 * (`minLength: 1`): no record has an empty value, and reading it as absent would turn
 * `DELETE …/contact_identities/?email=` into a bulk delete. `allowEmpty` keeps an empty value where
 * it is documented to mean "no narrowing".
 */
export function stringParam(description: string, extra: SchemaMeta = {}, { allowEmpty = false } = {}) {
  return param((allowEmpty ? boundedParam : boundedParam.min(1, 'Must not be empty.')).optional(), {
    type: 'string',
    ...(allowEmpty ? {} : { minLength: 1 }),
    maxLength: LIMITS.maxStringLength,
    description,
    ...extra,
  });
}

/** A string filter is at most as long as the longest indexed value: nothing longer can match. */
const boundedParam = z
  .string()
  .max(LIMITS.maxStringLength, `Ensure this value has no more than ${LIMITS.maxStringLength} characters.`);

/** An ISO 8601 timestamp (or date); no zone means UTC. Parsed into a Date. */
export function timestampParam(description: string) {
  return param(
    z
      .string()
      .transform((v, ctx) => {
        const date = parseInstant(v);
        if (!date) {
          ctx.addIssue({
            code: 'custom',
            message: 'Expected an ISO 8601 timestamp, e.g. 2024-03-14T09:26:53Z.',
          });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
    { type: 'string', format: 'date-time', description, example: '2024-03-14T09:26:53.000000Z' },
  );
}

/**
 * A list written in one string: checked whole against its pattern (which the document shows), then
 * split. The three list parameters differ only in pattern, message, split and example.
 */
const patternListParam = <T>(
  source: string,
  message: string,
  split: (v: string) => T,
  openapi: Omit<SchemaMeta, 'type' | 'pattern'>,
) => {
  const pattern = anchored(source);
  return param(
    z
      .string()
      .transform((v, ctx) => {
        if (!pattern.test(v)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return split(v);
      })
      .optional(),
    { type: 'string', pattern: pattern.source, ...openapi },
  );
};

/** Comma-separated ids (exclude_ids, delete_ids). */
export function commaIdsParam(description: string, decision?: DecisionId) {
  return patternListParam(
    COMMA_IDS,
    `Expected a comma-separated list of ids (1 to ${LIMITS.maxId}), e.g. 12,15,99.`,
    (v) => [...new Set(v.split(',').map(Number))],
    { description, example: '12,15,99', ...(decision ? decided(decision, 'D46') : decided('D46')) },
  );
}

/**
 * exclude_ids of the messages list: comma-separated message ids (`1042.2077.3`, left out of the
 * page, as other lists leave out their items) and whole numbers (the conversation itself: listing it
 * answers 404).
 */
export function messageExcludeIdsParam(description: string) {
  return patternListParam(
    MESSAGE_EXCLUDE_IDS,
    'Expected a comma-separated list of message ids (e.g. 1042.2077.3) or conversation ids.',
    (v) => {
      const parts = v.split(',');
      return {
        ids: [...new Set(parts.filter((p) => !p.includes('.')).map(Number))],
        messageIds: [...new Set(parts.filter((p) => p.includes('.')))],
      };
    },
    { description, example: '1042.2077.3,1042.2077.4', ...decided('D9', 'D46') },
  );
}

/** Keywords separated by a plus sign or a space (search_query; analytics id lists use the same rule). */
export function splitKeywords(v: string): string[] {
  return v.split(/[+\s]+/).filter(Boolean);
}

export function searchParam(description: string) {
  return param(
    // Not bounded like string filters: keywords become a tsquery, never an index entry (the request
    // line is bounded by the header size limit).
    z
      .string()
      .transform((v) => splitKeywords(v))
      .optional(),
    { type: 'string', description, example: 'berlin+invoice' },
    'D11',
  );
}

/** Ids separated by `+` or a space, combined with OR (analytics filters). */
export function plusIdsParam(description: string) {
  return patternListParam(
    PLUS_IDS,
    `Expected ids (1 to ${LIMITS.maxId}) separated by + or a space, e.g. 3+7.`,
    (v) => [...new Set(splitKeywords(v).map(Number))],
    { description, example: '3+7', ...decided('D46') },
  );
}

/** One of a fixed list of values (ordering, identifier). */
export function enumParam<const V extends readonly [string, ...string[]]>(
  values: V,
  description: string,
  options: { default: V[number]; decision?: DecisionId },
): z.ZodType<V[number], unknown>;
export function enumParam<const V extends readonly [string, ...string[]]>(
  values: V,
  description: string,
  options: { required: true; decision?: DecisionId },
): z.ZodType<V[number], unknown>;
export function enumParam<const V extends readonly [string, ...string[]]>(
  values: V,
  description: string,
  options?: { decision?: DecisionId },
): OptionalParam<V[number]>;
export function enumParam<const V extends readonly [string, ...string[]]>(
  values: V,
  description: string,
  options: { default?: V[number]; required?: true; decision?: DecisionId } = {},
): z.ZodType {
  const e = z.enum(values as unknown as [V[number], ...V[number][]], {
    error: (issue) =>
      issue.input === undefined
        ? `This parameter is required: one of ${values.join(', ')}.`
        : `Must be one of: ${values.join(', ')}.`,
  });
  const parser = options.required
    ? e
    : options.default === undefined
      ? e.optional()
      : e.default(options.default);
  return param(
    parser,
    {
      type: 'string',
      enum: [...values],
      description,
      ...(options.default !== undefined ? { default: options.default } : {}),
    },
    options.decision,
  );
}

/**
 * The OpenAPI schema documented for a parameter built by these helpers; refinements added on top
 * keep the documentation of the parameter they refine.
 */
export function paramDocOf(schema: z.ZodType): SchemaMeta | undefined {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const meta = docOf(current);
    if (meta && Object.keys(meta).length) return meta;
    const def = current.def as { in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
    // A preprocess is a pipe from a transform to the parser: the parser holds the text.
    current = def.innerType ?? (def.in instanceof z.ZodTransform ? def.out : def.in);
  }
  return undefined;
}

/**
 * The parameters of a query or path schema by name: the object behind it, through the pipe a
 * `.transform` adds (the analytics query). Empty for no schema.
 */
export function paramsShapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current = schema;
  while (current instanceof z.ZodPipe) current = current.in as z.ZodType;
  return current instanceof z.ZodObject ? (current.shape as Record<string, z.ZodType>) : {};
}

/** Whether a parameter must be present. */
export function isRequiredParam(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}
