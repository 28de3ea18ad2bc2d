import { resolveRef, schemaRefName } from './refs.js';
import {
  type ApiChange,
  breaking,
  breakingWhen,
  type Direction,
  isObject,
  type Json,
  nonBreaking,
} from './types.js';

export interface SchemaDiffContext {
  readonly before: Json;
  readonly after: Json;
  /** Component pairs already compared (per direction), so shared schemas are reported once. */
  readonly compared: Set<string>;
  readonly changes: ApiChange[];
}

const isRequest = (direction: Direction): boolean => direction === 'request';

/** One keyword family's comparison of two schemas at one place, recording into ctx.changes. */
type KeywordDiff = (
  ctx: SchemaDiffContext,
  before: Json,
  after: Json,
  where: string,
  direction: Direction,
) => void;

/** allOf parts merged into one object schema: the generator uses allOf only to extend objects. */
const normalize = (doc: Json, value: unknown): Json => {
  const schema = resolveRef(doc, value);
  if (!isObject(schema)) return {};
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...merged } = schema;
  const properties: Json = isObject(merged.properties) ? { ...merged.properties } : {};
  const required = new Set(stringsOf(merged.required));
  for (const part of (allOf as unknown[]).map((p) => normalize(doc, p))) {
    for (const [key, keyword] of Object.entries(part)) if (!(key in merged)) merged[key] = keyword;
    if (isObject(part.properties)) {
      for (const [name, property] of Object.entries(part.properties)) properties[name] ??= property;
    }
    for (const name of stringsOf(part.required)) required.add(name);
  }
  return { ...merged, properties, required: [...required] };
};

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The JSON types a schema admits; undefined when it admits anything. `integer` is a subset of `number`. */
const typesOf = (schema: Json): Set<string> | undefined => {
  const declared = Array.isArray(schema.type) ? stringsOf(schema.type) : stringsOf([schema.type]);
  const implied = declared.length > 0 ? declared : isObject(schema.properties) ? ['object'] : [];
  if (implied.length === 0) return undefined;
  const types = new Set(implied);
  if (schema.nullable === true) types.add('null');
  return types;
};

const admits = (types: Set<string>, type: string): boolean =>
  types.has(type) || (type === 'integer' && types.has('number'));

const describeTypes = (types: Set<string> | undefined): string =>
  types ? [...types].sort().join(' | ') : 'any';

const diffTypes: KeywordDiff = (ctx, before, after, where, direction) => {
  const out = ctx.changes;
  const was = typesOf(before);
  const now = typesOf(after);
  if (!was && !now) return;
  const detail = `${describeTypes(was)} -> ${describeTypes(now)}`;
  // A schema without a type admits anything: gaining a type narrows it, losing one widens it.
  const lost = !was ? ['any'] : [...was].filter((t) => now && !admits(now, t));
  const gained = !now ? ['any'] : [...now].filter((t) => was && !admits(was, t));
  if (lost.length === 0 && gained.length === 0) return;
  if (gained.length === 0) out.push(breaking('type narrowed', where, detail));
  else if (lost.length === 0) out.push(breakingWhen(!isRequest(direction), 'type widened', where, detail));
  else out.push(breaking('type changed', where, detail));
};

const diffEnum: KeywordDiff = (ctx, before, after, where, direction) => {
  const out = ctx.changes;
  const was = Array.isArray(before.enum) ? before.enum.map(String) : undefined;
  const now = Array.isArray(after.enum) ? after.enum.map(String) : undefined;
  if (!was && !now) return;
  if (!was) {
    out.push(breaking('enum introduced', where, `now one of ${now?.join(', ')}`));
    return;
  }
  if (!now) {
    // Value sets are open (D18): dropping the list only widens; clients already handle unknown values.
    out.push(nonBreaking('enum restriction removed', where));
    return;
  }
  for (const value of was.filter((v) => !now.includes(v)))
    out.push(breaking('enum value removed', where, value));
  for (const value of now.filter((v) => !was.includes(v))) {
    // A new value in a response is allowed by the versioning rules: the spec's value sets are open-ended.
    out.push(nonBreaking('enum value added', where, `${value} (${direction})`));
  }
};

/** Bounds where a larger number is stricter (min*) or looser (max*). */
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
const PATTERNS = ['pattern', 'format', 'multipleOf'] as const;

/** Tightening limits what a sender may use; it breaks requests, loosening breaks responses. */
const diffConstraints: KeywordDiff = (ctx, before, after, where, direction) => {
  const out = ctx.changes;
  const report = (tightened: boolean, keyword: string, was: unknown, now: unknown): void => {
    const kind = tightened ? 'constraint tightened' : 'constraint loosened';
    const breaks = tightened ? isRequest(direction) : !isRequest(direction);
    out.push(
      breakingWhen(breaks, kind, where, `${keyword}: ${String(was ?? 'none')} -> ${String(now ?? 'none')}`),
    );
  };
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const was = before[keyword];
    const now = after[keyword];
    if (was === now || (typeof was !== 'number' && typeof now !== 'number')) continue;
    // exclusiveMinimum/Maximum are booleans in 3.0: any change of them counts as a change of the bound.
    if (typeof was !== 'number' || typeof now !== 'number') {
      report(now !== undefined, keyword, was, now);
      continue;
    }
    const lower = (LOWER_BOUNDS as readonly string[]).includes(keyword);
    report(lower ? now > was : now < was, keyword, was, now);
  }
  for (const keyword of PATTERNS) {
    const was = before[keyword];
    const now = after[keyword];
    if (was === now) continue;
    report(now !== undefined, keyword, was, now);
  }
};

const diffDefault: KeywordDiff = (ctx, before, after, where, direction) => {
  const out = ctx.changes;
  if (!isRequest(direction)) return;
  const was = JSON.stringify(before.default);
  const now = JSON.stringify(after.default);
  // A changed default changes what a request that omits the value does: "changing functionality".
  if (was !== now) out.push(breaking('default changed', where, `${was ?? 'none'} -> ${now ?? 'none'}`));
};

const diffProperties: KeywordDiff = (ctx, before, after, where, direction) => {
  const wasProps = isObject(before.properties) ? before.properties : {};
  const nowProps = isObject(after.properties) ? after.properties : {};
  const wasRequired = stringsOf(before.required);
  const nowRequired = stringsOf(after.required);
  const at = (name: string): string => (where.endsWith('›') ? `${where} ${name}` : `${where}.${name}`);

  for (const name of Object.keys(wasProps)) {
    if (!(name in nowProps)) ctx.changes.push(breaking('property removed', at(name)));
  }
  for (const name of Object.keys(nowProps)) {
    if (name in wasProps) continue;
    const required = nowRequired.includes(name);
    // A reader ignores fields it does not know, so any new response field is safe; a new field a
    // client must send is not.
    ctx.changes.push(
      breakingWhen(
        isRequest(direction) && required,
        required ? 'required property added' : 'optional property added',
        at(name),
      ),
    );
  }
  for (const name of Object.keys(wasProps)) {
    if (!(name in nowProps)) continue;
    const wasReq = wasRequired.includes(name);
    const nowReq = nowRequired.includes(name);
    if (!wasReq && nowReq) ctx.changes.push(breaking('property made required', at(name)));
    if (wasReq && !nowReq) {
      ctx.changes.push(breakingWhen(!isRequest(direction), 'property made optional', at(name)));
    }
    diffSchema(ctx, wasProps[name], nowProps[name], at(name), direction);
  }
};

const diffAdditionalProperties: KeywordDiff = (ctx, before, after, where, direction) => {
  const was = before.additionalProperties;
  const now = after.additionalProperties;
  const closedBefore = was === false;
  const closedNow = now === false;
  if (!closedBefore && closedNow) {
    // Closing a request object rejects fields clients may send; closing a response one only promises less.
    ctx.changes.push(breakingWhen(isRequest(direction), 'additional properties forbidden', where));
  } else if (closedBefore && !closedNow) {
    ctx.changes.push(nonBreaking('additional properties allowed', where));
  } else if (isObject(was) && isObject(now)) {
    diffSchema(ctx, was, now, `${where}.*`, direction);
  }
};

const diffVariants: KeywordDiff = (ctx, before, after, where, direction) => {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const was = Array.isArray(before[keyword]) ? (before[keyword] as unknown[]) : [];
    const now = Array.isArray(after[keyword]) ? (after[keyword] as unknown[]) : [];
    const common = Math.min(was.length, now.length);
    for (let i = 0; i < common; i++)
      diffSchema(ctx, was[i], now[i], `${where} (${keyword}[${i}])`, direction);
    for (let i = common; i < was.length; i++)
      ctx.changes.push(breaking(`${keyword} variant removed`, where, `#${i}`));
    for (let i = common; i < now.length; i++) {
      ctx.changes.push(breakingWhen(!isRequest(direction), `${keyword} variant added`, where, `#${i}`));
    }
  }
};

const diffAnnotations = (ctx: SchemaDiffContext, before: Json, after: Json, where: string): void => {
  if (before.deprecated !== true && after.deprecated === true)
    ctx.changes.push(nonBreaking('deprecated', where));
  const was = before['x-um-decision'];
  const now = after['x-um-decision'];
  if (was !== now) {
    ctx.changes.push(
      nonBreaking('decision mark changed', where, `${String(was ?? 'none')} -> ${String(now ?? 'none')}`),
    );
  }
};

/**
 * Compares two schemas (or $refs to them) used in one direction and records every difference. A
 * component referenced on both sides is compared once per direction and reported under its own name,
 * so a change in a shared record appears once rather than once per endpoint.
 */
export function diffSchema(
  ctx: SchemaDiffContext,
  beforeValue: unknown,
  afterValue: unknown,
  where: string,
  direction: Direction,
): void {
  const beforeName = schemaRefName(beforeValue);
  const afterName = schemaRefName(afterValue);
  let location = where;
  if (beforeName !== undefined && beforeName === afterName) {
    const key = `${beforeName}:${direction}`;
    if (ctx.compared.has(key)) return;
    ctx.compared.add(key);
    location = `schema ${beforeName} (in ${direction}s) ›`;
  } else if (beforeName !== undefined || afterName !== undefined) {
    const key = `${beforeName ?? where}->${afterName ?? where}:${direction}`;
    if (ctx.compared.has(key)) return;
    ctx.compared.add(key);
  }
  const before = normalize(ctx.before, beforeValue);
  const after = normalize(ctx.after, afterValue);
  const here = location.endsWith('›') ? location.slice(0, -2) : location;

  diffTypes(ctx, before, after, here, direction);
  diffEnum(ctx, before, after, here, direction);
  diffConstraints(ctx, before, after, here, direction);
  diffDefault(ctx, before, after, here, direction);
  diffAnnotations(ctx, before, after, here);
  diffProperties(ctx, before, after, location, direction);
  diffAdditionalProperties(ctx, before, after, here, direction);
  diffVariants(ctx, before, after, here, direction);
  if (before.items !== undefined || after.items !== undefined) {
    diffSchema(ctx, before.items, after.items, `${here}[]`, direction);
  }
}
