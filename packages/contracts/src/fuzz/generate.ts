import { LIMITS } from '@org/model';
import fc from 'fast-check';
import {
  type FuzzOperation,
  type FuzzParameter,
  type OpenApiDocument,
  resolveRef,
  type Schema,
  type SchemaValidator,
} from '../document/openapi-document.js';

/** One request, before it becomes a URL: every value as the string that is sent. */
export interface FuzzRequest {
  readonly operationId: string;
  readonly method: string;
  readonly pathTemplate: string;
  readonly pathParams: Record<string, string>;
  /** raw: sent without percent-encoding (deliberately broken escapes). */
  readonly query: ReadonlyArray<{ readonly name: string; readonly value: string; readonly raw?: boolean }>;
  readonly headers: Record<string, string>;
  /** `token`: the run's token; `none`: no Authorization header; otherwise this exact value. */
  readonly auth: 'token' | 'none' | { readonly value: string };
  readonly body?: { readonly text: string; readonly json?: unknown; readonly contentType: string | null };
  readonly kind: 'valid' | 'mutated';
  /** What was broken, e.g. `query limit: wrong type "abc"`. */
  readonly mutation?: string;
  /** The mutation makes the request invalid under the document: a 2xx answer is a finding. */
  readonly strict?: boolean;
}

/** What the fuzzer learned from listing the resources first. */
export interface Pools {
  /** Ids of records per collection path (e.g. /api/um/v3/notes/). */
  readonly ids: Map<string, number[]>;
  /** Values seen per field name (e.g. contact_identity_id), used for parameters and body fields of that name. */
  readonly fields: Map<string, unknown[]>;
  /** Ids the other organization's token sees, per collection path. */
  readonly otherIds: Map<string, number[]>;
}

export interface GeneratorContext {
  readonly doc: OpenApiDocument;
  readonly validator: SchemaValidator;
  readonly pools: Pools;
}

/** The collection a path belongs to: `/x/all/` and `/x/{id}/...` both belong to `/x/`. */
export function collectionOf(path: string): string {
  const brace = path.indexOf('{');
  const base = brace >= 0 ? path.slice(0, brace) : path;
  return base.replace(/all\/$/, '');
}

const DAY = 86_400_000;
/** Dates are drawn from a fixed window (reproducible: no dependence on the day of the run). */
const DATE_WINDOW = { min: Date.UTC(2025, 2, 1), max: Date.UTC(2025, 6, 31) };
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dateArb = fc.integer({ min: DATE_WINDOW.min / DAY, max: DATE_WINDOW.max / DAY }).map((d) => d * DAY);
const looksLikeDatePattern = (pattern: string) => pattern.includes('\\d{4})-(\\d{2})');

/** Ids are drawn as PostgreSQL integers, mostly small (seeded records), and filtered by the pattern. */
export const MAX_ID = LIMITS.maxId;
const idArb = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: MAX_ID }));
/**
 * Whether a string pattern holds an id or a list of ids (`exclude_ids`, analytics id lists,
 * cursors), told by probing it: it admits `12` but not `x`; its separators are those of `,` `+`
 * and space it admits between two ids; `-12` when a leading minus is allowed.
 */
const idListPattern = (pattern: RegExp): { separators: string[]; minus: boolean } | undefined => {
  if (!pattern.test('12') || pattern.test('x') || pattern.test('')) return undefined;
  return {
    separators: [',', '+', ' '].filter((sep) => pattern.test(`12${sep}34`)),
    minus: pattern.test('-12'),
  };
};

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values of a pool that the schema accepts (as sent: query values are strings). */
const poolFor = (ctx: GeneratorContext, name: string, schema: Schema, asString: boolean): unknown[] => {
  const values = ctx.pools.fields.get(name) ?? [];
  return values
    .map((v) => (asString && typeof v !== 'string' ? String(v) : v))
    .filter((v) =>
      asString ? ctx.validator.validParameter(schema, v as string) : ctx.validator.valid(schema, v),
    );
};

/** A fast-check arbitrary of values valid under an OpenAPI 3.0 schema. */
export function arbitraryOf(
  ctx: GeneratorContext,
  input: Schema,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = input.$ref ? resolveRef(ctx.doc, input) : input;
  const base = baseArbitrary(ctx, schema, name, depth);
  const pool = name ? poolFor(ctx, name, input, false) : [];
  // A field naming a record (`contact_identity_id`) takes ids of existing records only.
  const withPool = !pool.length
    ? base
    : /_id$/.test(name)
      ? fc.constantFrom(...pool)
      : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: base });
  return schema.nullable === true || input.nullable === true
    ? fc.option(withPool, { nil: null, freq: 6 })
    : withPool;
}

const baseArbitrary = (
  ctx: GeneratorContext,
  schema: Schema,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> => {
  // `enum: [null]` is the null branch of a nullable shared schema (anyOf [$ref, {enum: [null]}]).
  if (Array.isArray(schema.enum) && schema.enum.length && schema.enum.every((v) => v === null))
    return fc.constant(null);
  if (Array.isArray(schema.enum) && schema.enum.length)
    return fc.constantFrom(...schema.enum.filter((v) => v !== null));
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    // allOf of one $ref plus local keywords (how the model marks a nullable reference)
    const [first] = schema.allOf as Schema[];
    return arbitraryOf(ctx, first ?? {}, name, depth);
  }
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf))
    return fc.oneof(
      ...((schema.oneOf ?? schema.anyOf) as Schema[]).map((s) => arbitraryOf(ctx, s, name, depth + 1)),
    );
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
      const exclusiveMax = schema.exclusiveMaximum === true ? 1 : 0;
      const clamp =
        typeof schema['x-um-clamp-to'] === 'number' ? (schema['x-um-clamp-to'] as number) : undefined;
      const min = typeof schema.minimum === 'number' ? schema.minimum + exclusiveMin : -1000;
      const max =
        typeof schema.maximum === 'number'
          ? schema.maximum - exclusiveMax
          : clamp !== undefined
            ? clamp * 3
            : Math.max(min, 0) + 100_000;
      return schema.type === 'integer'
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const items = isObject(schema.items) ? schema.items : {};
      return fc.array(arbitraryOf(ctx, items, '', depth + 1), {
        minLength: typeof schema.minItems === 'number' ? schema.minItems : 0,
        maxLength: Math.min(3, typeof schema.maxItems === 'number' ? schema.maxItems : 3),
      });
    }
    case 'object':
      return objectArbitrary(ctx, schema, depth);
    default:
      return isObject(schema.properties)
        ? objectArbitrary(ctx, schema, depth)
        : fc.jsonValue({ maxDepth: 2 });
  }
};

const stringArbitrary = (schema: Schema): fc.Arbitrary<string> => {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 24);
  switch (schema.format) {
    case 'date':
      return dateArb.map(isoDate);
    case 'date-time':
      return fc
        .tuple(dateArb, fc.integer({ min: 0, max: DAY - 1 }))
        .map(([d, ms]) => new Date(d + ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z'))
        .filter((s) => typeof schema.pattern !== 'string' || new RegExp(schema.pattern).test(s));
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const ids = idListPattern(pattern);
    if (ids)
      return fc
        .tuple(
          fc.array(
            fc.tuple(idArb, ids.separators.length ? fc.constantFrom(...ids.separators) : fc.constant('')),
            {
              minLength: 1,
              maxLength: ids.separators.length ? 4 : 1,
            },
          ),
          ids.minus ? fc.boolean() : fc.constant(false),
        )
        .map(
          ([parts, minus]) =>
            (minus ? '-' : '') + parts.map(([id, sep], i) => (i ? `${sep}${id}` : String(id))).join(''),
        )
        .filter((text) => pattern.test(text));
    if (looksLikeDatePattern(schema.pattern))
      return fc
        .tuple(dateArb, fc.boolean(), fc.integer({ min: 0, max: DAY / 1000 - 1 }))
        .map(([d, withTime, s]) =>
          withTime ? new Date(d + s * 1000).toISOString().slice(0, 19) : isoDate(d),
        )
        .filter((s) => pattern.test(s));
    const matching = fc
      .stringMatching(pattern)
      .filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, 64));
    // An email-shaped pattern (`^[^\s@]+@[^\s@]+$`): fast-check draws negated classes such as
    // `[^\s@]` slowly, so values are drawn as addresses, or as two grapheme strings around an @,
    // and kept when the pattern admits them.
    if (pattern.test('a@b.example') && !pattern.test('a')) {
      const part = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
      return fc
        .oneof(
          { weight: 3, arbitrary: fc.emailAddress() },
          { weight: 1, arbitrary: fc.tuple(part, part).map(([local, domain]) => `${local}@${domain}`) },
        )
        .filter((s) => pattern.test(s) && s.length >= minLength && s.length <= maxLength);
    }
    return matching;
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
};

const objectArbitrary = (ctx: GeneratorContext, schema: Schema, depth: number): fc.Arbitrary<unknown> => {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of Object.entries(properties)) {
    if (!isObject(prop) || prop.readOnly === true) continue;
    if (depth > 3 && !required.has(key)) continue;
    model[key] = arbitraryOf(ctx, prop, key, depth + 1);
  }
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
};

/** A query, path or header value as sent. */
const asParameterString = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(String).join(',')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const parameterArbitrary = (
  ctx: GeneratorContext,
  op: FuzzOperation,
  p: FuzzParameter,
): fc.Arbitrary<string> => {
  if (p.in === 'path') {
    const ids = ctx.pools.ids.get(collectionOf(op.path));
    if (p.name === 'id' && ids?.length) return fc.constantFrom(...ids.map(String));
  }
  const pool = poolFor(ctx, p.name, p.schema, true) as string[];
  const base = arbitraryOf(ctx, { ...p.schema, nullable: false }, '').map(asParameterString);
  return pool.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: base })
    : base;
};

/** `x_from`/`x_to` (and `x_from_date`/`x_to_date`) pairs in order: a range ends after it starts. */
const orderRanges = (query: Record<string, string>): Record<string, string> => {
  const out = { ...query };
  for (const name of Object.keys(out)) {
    const m = /^(.*)_from(_date)?$/.exec(name);
    if (!m) continue;
    const to = `${m[1]}_to${m[2] ?? ''}`;
    const a = out[name];
    const b = out[to];
    if (a !== undefined && b !== undefined && b < a) {
      out[name] = b;
      out[to] = a;
    }
  }
  return out;
};

/** Requests valid under the document: real ids in paths, valid query values and bodies. */
export function validRequestArbitrary(ctx: GeneratorContext, op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  // Cursors come from `next`/`previous` links: valid requests leave them out.
  const query = op.parameters.filter((p) => p.in === 'query' && p.name !== 'cursor');
  const operatorIds = ctx.pools.ids.get('/api/um/v3/operators/') ?? [];
  const hasOperatorHeader = op.parameters.some((p) => p.in === 'header' && p.name === 'Service-Operator-Id');
  return fc
    .record({
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, parameterArbitrary(ctx, op, p)]))),
      query: fc.record(Object.fromEntries(query.map((p) => [p.name, parameterArbitrary(ctx, op, p)])), {
        requiredKeys: query.filter((p) => p.required).map((p) => p.name),
      }),
      operator:
        hasOperatorHeader && operatorIds.length
          ? fc.option(fc.constantFrom(...operatorIds), { freq: 5, nil: undefined })
          : fc.constant(undefined),
      body: op.body ? arbitraryOf(ctx, op.body.schema) : fc.constant(undefined),
    })
    .map(({ path, query: q, operator, body }) => ({
      operationId: op.id,
      method: op.method,
      pathTemplate: op.path,
      pathParams: path as Record<string, string>,
      query: Object.entries(orderRanges(q as Record<string, string>)).map(([name, value]) => ({
        name,
        value,
      })),
      headers: (operator === undefined ? {} : { 'Service-Operator-Id': String(operator) }) as Record<
        string,
        string
      >,
      auth: 'token' as const,
      ...(op.body
        ? { body: { text: JSON.stringify(body), json: body, contentType: 'application/json' } }
        : {}),
      kind: 'valid' as const,
    }));
}

const show = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Strings that break parsers: NUL, astral and combining characters, bidi controls, huge numbers. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '😀',
  '𝕏𝕐',
  'e\u0301',
  '\u202Eabc',
  '\uFEFF1',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '$' + '{jndi:x}',
  'NaN',
  'Infinity',
  '1e400',
  '-0',
  '0x10',
  '１２',
  '١٢',
  ' 1',
  '1 ',
  '1.5',
  'true',
  '[]',
  '{}',
  'null',
  '',
];
const NUMBERS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '1e3',
];
const BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%ED%A0%80', '%u0041', '%%'];
const UNKNOWN_NAMES = [
  'fuzz',
  'LIMIT',
  'limit_',
  'id__gte',
  'format',
  'callback',
  '__proto__',
  'constructor',
  'a[b]',
  'page',
];
const CONTENT_TYPES: Array<string | null> = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/jsonx',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  'nul',
  '[1,]',
  "{'a':1}",
  '\u0000',
  '{"x":1}}',
  '',
  '{"a":1e999999}',
  '\uFEFF{}',
];

type Mutator = (req: FuzzRequest) => fc.Arbitrary<FuzzRequest>;

/**
 * Names like `^[a-z][a-z_]{0,11}$`, drawn from their letters: fast-check's stringMatching of that
 * pattern took a third of the fuzzer's time.
 */
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
const parameterName = fc
  .tuple(fc.constantFrom(...LETTERS), fc.string({ unit: fc.constantFrom(...LETTERS, '_'), maxLength: 11 }))
  .map(([first, rest]) => first + rest);

/** A value of the given list or of an arbitrary, labelled for the report. */
const hostileValue = (numeric: boolean) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...(numeric ? [...NUMBERS, ...HOSTILE_STRINGS] : HOSTILE_STRINGS)),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 3000 }) },
  );

/** Ways of breaking a valid request of this operation; each knows whether the result is invalid. */
const mutatorsOf = (ctx: GeneratorContext, op: FuzzOperation): Mutator[] => {
  const v = ctx.validator;
  const query = op.parameters.filter((p) => p.in === 'query');
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const headers = op.parameters.filter((p) => p.in === 'header');
  const known = new Set(query.map((p) => p.name));
  const replaceQuery = (req: FuzzRequest, name: string, value: string, raw = false) => [
    ...req.query.filter((q) => q.name !== name),
    { name, value, ...(raw ? { raw } : {}) },
  ];
  const mutators: Mutator[] = [];
  if (query.length) {
    mutators.push((req) =>
      fc.tuple(fc.constantFrom(...query), hostileValue(true)).map(([p, value]) => ({
        ...req,
        query: replaceQuery(req, p.name, value),
        kind: 'mutated',
        mutation: `query ${p.name}=${show(value)}`,
        strict: !v.validParameter(p.schema, value),
      })),
    );
    mutators.push((req) =>
      fc.tuple(fc.constantFrom(...query), fc.constantFrom(...BAD_ESCAPES)).map(([p, value]) => ({
        ...req,
        query: replaceQuery(req, p.name, value, true),
        kind: 'mutated',
        mutation: `query ${p.name}: bad percent-encoding ${value}`,
        strict: false,
      })),
    );
  }
  mutators.push((req) =>
    fc
      .oneof(fc.constantFrom(...UNKNOWN_NAMES), parameterName)
      .filter((name) => !known.has(name))
      .map((name) => ({
        ...req,
        query: [...req.query, { name, value: '1' }],
        kind: 'mutated',
        mutation: `unknown query parameter ${name} (D17)`,
        strict: true,
      })),
  );
  if (pathParams.length)
    mutators.push((req) =>
      fc.tuple(fc.constantFrom(...pathParams), hostileValue(true)).map(([p, value]) => ({
        ...req,
        pathParams: { ...req.pathParams, [p.name]: value },
        kind: 'mutated',
        mutation: `path ${p.name}=${show(value)}`,
        strict: false, // an invalid id may answer 400 or 404; both are documented
      })),
    );
  const otherIds = ctx.pools.otherIds.get(collectionOf(op.path)) ?? [];
  if (pathParams.some((p) => p.name === 'id') && otherIds.length)
    mutators.push((req) =>
      fc.constantFrom(...otherIds).map((id) => ({
        ...req,
        pathParams: { ...req.pathParams, id: String(id) },
        kind: 'mutated',
        mutation: `path id ${id} of the other organization`,
        strict: true,
      })),
    );
  mutators.push((req) =>
    fc.constant({ ...req, auth: 'none', kind: 'mutated', mutation: 'no Authorization header', strict: true }),
  );
  mutators.push((req) =>
    fc
      .oneof(
        fc.constantFrom('Bearer x', 'null', 'undefined', '""', "' OR '1'='1", 'Token abc', 'x'.repeat(5000)),
        fc.stringMatching(/^[\x21-\x7e]{1,64}$/),
      )
      .map((value) => ({
        ...req,
        auth: { value },
        kind: 'mutated',
        mutation: `Authorization: ${show(value)}`,
        strict: true,
      })),
  );
  for (const h of headers)
    mutators.push((req) =>
      fc.constantFrom('abc', '-1', '0', '99999999999', '1.5', '').map((value) => ({
        ...req,
        headers: { ...req.headers, [h.name]: value },
        kind: 'mutated',
        mutation: `header ${h.name}: ${show(value)}`,
        // An organization token ignores Service-Organization-Id: garbage there may answer 2xx
        strict: false,
      })),
    );
  const body = op.body;
  if (body) {
    const schema = body.schema.$ref ? resolveRef(ctx.doc, body.schema) : body.schema;
    const props = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    mutators.push((req) =>
      fc.constantFrom(...MALFORMED_JSON).map((text) => ({
        ...req,
        body: { text, contentType: 'application/json' },
        kind: 'mutated',
        mutation: `malformed JSON body ${show(text)}`,
        strict: true,
      })),
    );
    mutators.push((req) =>
      fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({
        ...req,
        body: { ...(req.body ?? { text: '{}' }), contentType },
        kind: 'mutated',
        mutation: `Content-Type ${contentType ?? '(none)'} (D12)`,
        strict: true,
      })),
    );
    const wrongValue = fc.oneof(
      fc.constantFrom<unknown>(
        'abc',
        -1,
        0,
        1e308,
        2147483648,
        1.5,
        true,
        null,
        [],
        {},
        '\u0000',
        '😀',
        'x'.repeat(10_000),
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    mutators.push((req) =>
      fc
        .tuple(props.length ? fc.constantFrom(...props) : fc.constant('fuzz'), wrongValue, fc.boolean())
        .map(([key, value, unknownKey]) => {
          const name = unknownKey ? `${key}_fuzz` : key;
          const json = { ...(isObject(req.body?.json) ? req.body.json : {}), [name]: value };
          return {
            ...req,
            body: { text: JSON.stringify(json), json, contentType: 'application/json' },
            kind: 'mutated' as const,
            mutation: `body ${name}=${show(JSON.stringify(value) ?? 'undefined')}`,
            strict: !v.valid(body.schema, json),
          };
        }),
    );
    mutators.push((req) =>
      fc.constantFrom<unknown>([], 1, 'x', null, [{}]).map((json) => ({
        ...req,
        body: { text: JSON.stringify(json), json, contentType: 'application/json' },
        kind: 'mutated',
        mutation: `body ${JSON.stringify(json)}`,
        strict: !v.valid(body.schema, json),
      })),
    );
  }
  return mutators;
};

/** A valid request broken in one way. */
export function mutatedRequestArbitrary(ctx: GeneratorContext, op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const mutators = mutatorsOf(ctx, op);
  return fc
    .tuple(validRequestArbitrary(ctx, op), fc.nat({ max: mutators.length - 1 }))
    .chain(([req, i]) => (mutators[i] as Mutator)(req));
}
