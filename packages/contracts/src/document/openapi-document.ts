import { isV3Timestamp } from '@org/model';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** The parts of an OpenAPI 3.0 document the exchange engine and the fuzzer read. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components?: {
    readonly schemas?: Record<string, unknown>;
    readonly parameters?: Record<string, unknown>;
    readonly responses?: Record<string, unknown>;
    readonly requestBodies?: Record<string, unknown>;
  };
}

export type Schema = Record<string, unknown>;

export interface FuzzParameter {
  readonly name: string;
  readonly in: 'query' | 'path' | 'header';
  readonly required: boolean;
  readonly schema: Schema;
  /** The `x-um-decision` of the parameter (D16 for a cursor page's limit), when it has one. */
  readonly decision?: string;
}

export interface DocumentedResponse {
  /** The JSON schema of the body (OpenAPI 3.0 dialect), or undefined when no body is documented. */
  readonly schema: Schema | undefined;
  /** The media types of its content (`application/json`); none when no body is documented. */
  readonly mediaTypes: readonly string[];
  /** The headers it documents (`X-RateLimit-Limit`), with their schemas. */
  readonly headers: readonly DocumentedHeader[];
  /** Its OpenAPI links: operations that take values of this answer. */
  readonly links: readonly DocumentedLink[];
}

export interface DocumentedHeader {
  readonly name: string;
  readonly schema: Schema;
  /** The `x-um-decision` of the header (D2 for the rate-limit headers), when it has one. */
  readonly decision?: string;
}

/**
 * An OpenAPI link: the operation it leads to and, per parameter (and request body field), the
 * runtime expression of the value (`$response.body#/id`).
 */
export interface DocumentedLink {
  readonly operationId: string;
  readonly parameters: Readonly<Record<string, string>>;
  readonly requestBody: Readonly<Record<string, string>>;
}

export interface FuzzOperation {
  readonly id: string;
  readonly method: string;
  /** Path template, e.g. /api/um/v3/notes/{id}/ */
  readonly path: string;
  readonly parameters: FuzzParameter[];
  readonly body:
    | {
        readonly schema: Schema;
        readonly required: boolean;
        /** The media types it is documented in (`application/json`). */
        readonly mediaTypes: readonly string[];
      }
    | undefined;
  /** Documented responses by status key (`200`, `4XX`, `default`). */
  readonly responses: Record<string, DocumentedResponse>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows a local `#/components/...` reference of the document (parameters, responses, schemas). */
export function resolveRef(doc: OpenApiDocument, value: unknown): Schema {
  let current = value;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string' && depth < 20; depth++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, part) => (isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        doc,
      );
  }
  if (!isObject(current)) throw new Error('unresolvable $ref');
  return current;
}

const jsonContentSchema = (content: unknown): Schema | undefined => {
  if (!isObject(content)) return undefined;
  const json = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  return isObject(json) && isObject(json.schema) ? json.schema : undefined;
};

/** Expressions by name, keeping only string values (a link's parameters or request body fields). */
const expressionsOf = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(isObject(value) ? value : {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );

const linksOf = (doc: OpenApiDocument, links: unknown): DocumentedLink[] =>
  Object.values(isObject(links) ? links : {}).flatMap((raw) => {
    const link = resolveRef(doc, raw);
    if (typeof link.operationId !== 'string') return [];
    return [
      {
        operationId: link.operationId,
        parameters: expressionsOf(link.parameters),
        requestBody: expressionsOf(link.requestBody),
      },
    ];
  });

const headersOf = (doc: OpenApiDocument, headers: unknown): DocumentedHeader[] =>
  Object.entries(isObject(headers) ? headers : {}).map(([name, raw]) => {
    const header = resolveRef(doc, raw);
    const decision = header['x-um-decision'] ?? (isObject(raw) ? raw['x-um-decision'] : undefined);
    return {
      name,
      schema: isObject(header.schema) ? header.schema : {},
      ...(typeof decision === 'string' ? { decision } : {}),
    };
  });

/** A documented response with its references resolved: body schema, media types, headers, links. */
const responseOf = (doc: OpenApiDocument, raw: unknown): DocumentedResponse => {
  const r = resolveRef(doc, raw);
  return {
    schema: jsonContentSchema(r.content),
    mediaTypes: isObject(r.content) ? Object.keys(r.content).map((t) => t.toLowerCase()) : [],
    headers: headersOf(doc, r.headers),
    links: linksOf(doc, r.links),
  };
};

/** Every operation of the document with its parameters, request body and responses resolved. */
export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const byKey = new Map<string, FuzzParameter>();
      for (const raw of [...shared, ...own]) {
        const p = resolveRef(doc, raw);
        if (p.in !== 'query' && p.in !== 'path' && p.in !== 'header') continue;
        const decision = p['x-um-decision'];
        byKey.set(`${p.in}:${p.name}`, {
          name: String(p.name),
          in: p.in,
          required: p.in === 'path' || p.required === true,
          schema: isObject(p.schema) ? p.schema : {},
          ...(typeof decision === 'string' ? { decision } : {}),
        });
      }
      let body: FuzzOperation['body'];
      if (op.requestBody) {
        const rb = resolveRef(doc, op.requestBody);
        const schema = jsonContentSchema(rb.content);
        const mediaTypes = isObject(rb.content) ? Object.keys(rb.content).map((t) => t.toLowerCase()) : [];
        if (schema) body = { schema, required: rb.required === true, mediaTypes };
      }
      const responses: Record<string, DocumentedResponse> = {};
      for (const [status, raw] of Object.entries(isObject(op.responses) ? op.responses : {}))
        responses[status] = responseOf(doc, raw);
      operations.push({
        id: typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: [...byKey.values()],
        body,
        responses,
      });
    }
  }
  return operations;
}

/** The documented response of a status: exact, then `4XX`-style ranges, then `default`. */
export function documentedResponse(op: FuzzOperation, status: number): DocumentedResponse | undefined {
  return (
    op.responses[String(status)] ?? op.responses[`${Math.floor(status / 100)}XX`] ?? op.responses.default
  );
}

const REF_BASE = 'openapi.json';

/**
 * OpenAPI 3.0 schema → JSON Schema draft-07 for ajv: `nullable` becomes a type union (or an anyOf
 * with null around $ref/allOf), boolean exclusiveMinimum/Maximum become numbers, local $refs point
 * into the registered component schemas; examples and x- extensions are dropped.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples' || key.startsWith('x-') || key === 'nullable') continue;
    if (key === 'discriminator' || key === 'xml' || key === 'externalDocs' || key === 'deprecated') continue;
    if (key === '$ref' && typeof value === 'string')
      out.$ref = value.replace(/^#\/components\/schemas\//, `${REF_BASE}#/definitions/`);
    else if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)]));
    else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      if (typeof value === 'number') out[key] = value;
    } else out[key] = toJsonSchema(value);
  }
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
    out.exclusiveMinimum = schema.minimum;
    delete out.minimum;
  }
  if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number') {
    out.exclusiveMaximum = schema.maximum;
    delete out.maximum;
  }
  if (schema.nullable === true) {
    if (out.$ref || out.allOf || out.anyOf || out.oneOf) return { anyOf: [out, { type: 'null' }] };
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/**
 * How a validator reads the document's response schemas: as documented (`additionalProperties:
 * false` where the model is strict, every required property), `tolerant` (unknown properties
 * allowed: a client that parses forward-compatibly, D30, is not broken by a new field) or `partial`
 * (as documented, but no property required: a pact holds only the fields its consumer reads).
 */
export type SchemaReading = 'as-documented' | 'tolerant' | 'partial';

/** A JSON Schema (already converted) read as `reading` says: the keywords it ignores removed. */
function readAs(schema: unknown, reading: SchemaReading): unknown {
  if (reading === 'as-documented') return schema;
  if (Array.isArray(schema)) return schema.map((s) => readAs(s, reading));
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (reading === 'tolerant' && key === 'additionalProperties' && value === false) continue;
    if (reading === 'partial' && key === 'required' && Array.isArray(value)) continue;
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readAs(v, reading)]))
        : readAs(value, reading);
  }
  return out;
}

/** One way a value fails a schema: where (a JSON pointer into the value), the keyword and its message. */
export interface SchemaIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message: string;
  readonly params: Readonly<Record<string, unknown>>;
}

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

/**
 * RFC 3339's date-time as ajv-formats checks it, with the model's own timestamps (D15) checked
 * first by character (the model's isV3Timestamp): they are nearly every date-time an answer holds,
 * a page of 100 conversations holds 600, and ajv-formats splits and matches each with regular
 * expressions. A value that is not one of them is judged by ajv-formats as before.
 */
const RFC3339_DATE_TIME = fullFormats['date-time'] as {
  validate: (value: string) => boolean;
  compare: unknown;
};
const DATE_TIME_FORMAT = {
  ...RFC3339_DATE_TIME,
  validate: function isDateTime(value: string) {
    return isV3Timestamp(value) || RFC3339_DATE_TIME.validate(value);
  },
};

/** Compiles (and caches) validators of the document's schemas. */
export class SchemaValidator {
  readonly #ajv: Ajv;
  readonly #cache = new Map<unknown, ValidateFunction>();
  readonly #reading: SchemaReading;

  constructor(doc: OpenApiDocument, reading: SchemaReading = 'as-documented') {
    this.#reading = reading;
    this.#ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addFormat('date-time', DATE_TIME_FORMAT as never);
    const definitions = Object.fromEntries(
      Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [
        name,
        readAs(toJsonSchema(s), reading),
      ]),
    );
    this.#ajv.addSchema({ $id: REF_BASE, definitions });
  }

  #validatorOf(schema: Schema): ValidateFunction {
    let validate = this.#cache.get(schema);
    if (!validate) {
      validate = this.#ajv.compile(readAs(toJsonSchema(schema), this.#reading) as Schema);
      this.#cache.set(schema, validate);
    }
    return validate;
  }

  /** Every way a value fails a schema; none when it is valid. */
  issues(schema: Schema, value: unknown): readonly SchemaIssue[] {
    const validate = this.#validatorOf(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => ({
      instancePath: e.instancePath,
      keyword: e.keyword,
      message: e.message ?? 'is invalid',
      params: e.params as Record<string, unknown>,
    }));
  }

  /** Undefined when valid, otherwise the first few errors as one line. */
  errors(schema: Schema, value: unknown, max = 3): string | undefined {
    const validate = this.#validatorOf(schema);
    if (validate(value)) return undefined;
    const errors = validate.errors ?? [];
    return errors
      .slice(0, max)
      .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`)
      .concat(errors.length > max ? [`... ${errors.length - max} more`] : [])
      .join('; ');
  }

  valid(schema: Schema, value: unknown): boolean {
    return this.errors(schema, value, 1) === undefined;
  }

  /**
   * Whether a raw query, path or header value is valid under a parameter schema: integers and
   * numbers must be written as such, booleans as true/false, strings are taken as they are.
   */
  validParameter(schema: Schema, raw: string): boolean {
    const resolved = schema;
    const type = resolved.type;
    if (type === 'integer') return /^-?\d+$/.test(raw) && this.valid(schema, Number(raw));
    if (type === 'number')
      return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw) && this.valid(schema, Number(raw));
    if (type === 'boolean') return raw === 'true' || raw === 'false';
    return this.valid(schema, raw);
  }
}
