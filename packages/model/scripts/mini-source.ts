/**
 * The source of `@org/model/mini` (D73), derived from the classic schemas: every exported schema's
 * zod 4 definition (`schema._zod.def`) is written again with zod mini's functions, so the two entries
 * hold the same rules and only the classic one is written by hand. Descriptions and examples
 * (`.meta()`) are left out: they serve the OpenAPI document, not parsing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/v4';
import * as classic from '../src/index.js';
import * as refinements from '../src/refinements.js';

/** Where the generated schemas are committed. */
export const MINI_SCHEMAS_PATH = fileURLToPath(new URL('../src/mini/schemas.generated.ts', import.meta.url));

/** A definition as the generator reads it: zod's own, with the keys of every kind it writes. */
type Def = Record<string, unknown> & { type: string; checks?: z.core.$ZodCheck[] };
type Schema = z.core.$ZodType;

/** Thrown for a kind the mini entry does not carry (a transform: the query and path parsers). */
export class NotGenerated extends Error {}

const defOf = (schema: Schema): Def => schema._zod.def as unknown as Def;

/** A bundler may drop an unused call marked pure: a bundle keeps only the schemas it imports. */
const PURE = '/*#__PURE__*/ ';

const literal = (value: unknown): string => {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  return JSON.stringify(value);
};

/** The text of a check's or schema's own message. */
const messageOf = (def: Record<string, unknown>): string | undefined => {
  const error = def.error as ((issue: unknown) => unknown) | undefined;
  if (!error) return undefined;
  const text = error({});
  if (typeof text !== 'string')
    throw new Error('A message that depends on the issue cannot be generated: give the check a text.');
  return text;
};
/** The message, written as zod's `error` parameter. */
const errorParam = (def: Record<string, unknown>): string | undefined => {
  const text = messageOf(def);
  return text === undefined ? undefined : `{ error: ${literal(text)} }`;
};
const withError = (args: string[], def: Record<string, unknown>): string =>
  [...args, errorParam(def)].filter((a) => a !== undefined).join(', ');
/** The arguments, then the message as a plain text: how formats.ts's checks take it. */
const withMessage = (args: string[], def: Record<string, unknown>): string => {
  const text = messageOf(def);
  return [...args, ...(text === undefined ? [] : [literal(text)])].join(', ');
};

/** The exported name of every predicate a refinement may use (refinements.ts), by function. */
const predicateNames = new Map<unknown, string>(
  Object.entries(refinements)
    .filter(([, value]) => typeof value === 'function')
    .map(([name, fn]) => [fn, name]),
);

/** The string formats zod mini writes as a function of the same name, with no options. */
const PLAIN_STRING_FORMATS = new Set([
  'url',
  'uuid',
  'email',
  'guid',
  'cuid',
  'cuid2',
  'ulid',
  'ipv4',
  'ipv6',
]);
/** The string formats src/mini/formats.ts writes as plain checks, a fraction of zod's size (D79). */
const OWN_FORMATS = new Set(['url', 'uuid']);
/** The keys a plain string format's definition carries (anything else is an option it was given). */
const STRING_FORMAT_KEYS = new Set(['type', 'format', 'check', 'abort', 'pattern', 'error', 'version']);

const checkSource = (check: z.core.$ZodCheck, used: Set<string>): string => {
  const def = check._zod.def as unknown as Record<string, unknown> & { check: string };
  switch (def.check) {
    case 'max_length':
      return `z.maxLength(${withError([literal(def.maximum)], def)})`;
    case 'min_length':
      return `z.minLength(${withError([literal(def.minimum)], def)})`;
    case 'length_equals':
      return `z.length(${withError([literal(def.length)], def)})`;
    case 'greater_than':
      return `z.${def.inclusive ? 'gte' : 'gt'}(${withError([literal(def.value)], def)})`;
    case 'less_than':
      return `z.${def.inclusive ? 'lte' : 'lt'}(${withError([literal(def.value)], def)})`;
    case 'number_format':
      if (def.format === 'safeint') return def.error ? `z.int(${withError([], def)})` : 'formats.int()';
      throw new Error(`number format ${String(def.format)} is not generated yet`);
    case 'string_format': {
      if (def.format === 'regex') {
        // formats.regex does not reset lastIndex, which a global or sticky pattern would carry over.
        if (/[gy]/.test((def.pattern as RegExp).flags))
          throw new Error(`a ${String(def.pattern)} pattern is not generated yet`);
        return `formats.regex(${withMessage([String(def.pattern)], def)})`;
      }
      const format = String(def.format);
      const options = Object.keys(def).filter((k) => !STRING_FORMAT_KEYS.has(k));
      if (!PLAIN_STRING_FORMATS.has(format) || options.length > 0 || def.version !== undefined)
        throw new Error(`string format ${format} (${options.join(', ')}) is not generated yet`);
      if (OWN_FORMATS.has(format) && !def.error) return `formats.${format}()`;
      return `z.${format}(${withError([], def)})`;
    }
    case 'custom': {
      const name = predicateNames.get(def.fn);
      if (!name)
        throw new Error(
          `A refinement must call a function exported by src/refinements.ts, which the mini schemas import too: ${String(def.fn)}`,
        );
      used.add(name);
      return `formats.refine(${withMessage([name], def)})`;
    }
    default:
      throw new Error(`check ${def.check} is not generated yet`);
  }
};

/** Writes the definitions of the exported schemas with zod mini, each once, in dependency order. */
class MiniWriter {
  /** The exported name of each classic definition (a `.describe()` copy shares its original's). */
  private readonly names = new Map<unknown, string>();
  private readonly written = new Set<string>();
  private readonly lines: string[] = [];
  readonly predicates = new Set<string>();

  constructor(private readonly exported: ReadonlyMap<string, Schema>) {
    for (const [name, schema] of exported) this.names.set(schema._zod.def, name);
  }

  /** The declaration of one exported schema (and, first, of the exported schemas it uses). */
  write(name: string): void {
    if (this.written.has(name)) return;
    const schema = this.exported.get(name)!;
    const def = defOf(schema);
    const source = this.node(schema, true);
    this.written.add(name);
    // A string's TypeScript type can be narrower than its rules (an open enum's known values):
    // the classic schema's type, which costs the bundle nothing.
    const typed =
      def.type === 'string'
        ? `${source} as unknown as z.ZodMiniType<z.output<typeof classic.${name}>, z.input<typeof classic.${name}>>`
        : source;
    this.lines.push(`export const ${name} = ${typed};`);
  }

  source(): string {
    return this.lines.join('\n\n');
  }

  private node(schema: Schema, top = false): string {
    const def = defOf(schema);
    const name = this.names.get(def);
    if (name && !top) {
      this.write(name);
      return name;
    }
    const base = this.base(def);
    const checks = (def.checks ?? []).map((check) => PURE + checkSource(check, this.predicates));
    return PURE + (checks.length ? `${base}.check(${checks.join(', ')})` : base);
  }

  private base(def: Def): string {
    const call = (fn: string, ...args: (string | undefined)[]) =>
      `z.${fn}(${args.filter((a) => a !== undefined).join(', ')})`;
    const params = errorParam(def);
    switch (def.type) {
      case 'string': {
        const known = (def as { knownValues?: readonly string[] }).knownValues;
        const string = call('string', params);
        // An open enum parses as any string (a new value must not break old clients); its type offers the known values.
        return known
          ? `(${PURE}${string} as unknown as z.ZodMiniType<${known.map(literal).join(' | ')} | (string & {})>)`
          : string;
      }
      case 'number':
      case 'boolean':
      case 'bigint':
      case 'null':
      case 'undefined':
      case 'unknown':
      case 'any':
      case 'never':
        return call(def.type, params);
      case 'enum': {
        const entries = def.entries as Record<string, string | number>;
        const values = Object.values(entries);
        const isList = Object.entries(entries).every(([k, v]) => k === String(v));
        return call('enum', isList ? literal(values) : literal(entries), params);
      }
      case 'literal':
        return call('literal', literal(def.values), params);
      case 'object': {
        const shape = def.shape as Record<string, Schema>;
        const fields = Object.entries(shape).map(([key, field]) => `${literal(key)}: ${this.node(field)}`);
        const catchall = def.catchall as Schema | undefined;
        const kind = !catchall ? 'object' : defOf(catchall).type === 'never' ? 'strictObject' : undefined;
        if (!kind) throw new Error('an object with a catchall other than never is not generated yet');
        return call(kind, `{ ${fields.join(', ')} }`, params);
      }
      case 'array':
        return call('array', this.node(def.element as Schema), params);
      case 'record':
        return call('record', this.node(def.keyType as Schema), this.node(def.valueType as Schema), params);
      case 'optional':
      case 'nullable':
        return call(def.type, this.node(def.innerType as Schema));
      case 'default':
      case 'prefault':
        return call(
          def.type === 'default' ? '_default' : 'prefault',
          this.node(def.innerType as Schema),
          literal(def.defaultValue),
        );
      case 'union': {
        const options = (def.options as Schema[]).map((o) => this.node(o));
        return def.discriminator
          ? call('discriminatedUnion', literal(def.discriminator), `[${options.join(', ')}]`, params)
          : call('union', `[${options.join(', ')}]`, params);
      }
      case 'pipe':
      case 'transform':
        throw new NotGenerated(def.type);
      default:
        throw new Error(`zod type ${def.type} is not generated yet`);
    }
  }
}

/** Every schema the classic entry exports, by name, in the order of the names (as any loader lists them). */
export function classicSchemas(): Map<string, Schema> {
  return new Map(
    Object.entries(classic)
      .filter(([, value]) => value instanceof z.ZodType)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, schema]) => [name, schema as unknown as Schema]),
  );
}

export interface MiniSource {
  /** The module's text, before formatting. */
  text: string;
  /** The exported schemas it writes. */
  names: string[];
  /** Exported schemas with a transform (the request's query and path parsers): not in mini. */
  skipped: string[];
}

/** The generated module: the exported classic schemas without a transform, written with zod mini. */
export function miniSource(): MiniSource {
  const all = classicSchemas();
  const skipped: string[] = [];
  const exported = new Map<string, Schema>();
  for (const [name, schema] of all) {
    try {
      // A trial run: does the schema, with everything it uses, have a mini form?
      new MiniWriter(new Map([[name, schema]])).write(name);
      exported.set(name, schema);
    } catch (error) {
      if (!(error instanceof NotGenerated)) throw error;
      skipped.push(name);
    }
  }
  const writer = new MiniWriter(exported);
  for (const name of exported.keys()) writer.write(name);
  const predicates = [...writer.predicates].sort();
  const text = [
    '// Generated from the classic schemas by `pnpm generate` (scripts/write-mini.ts): do not edit.',
    '// The same rules as `@org/model`, built with zod mini so a bundle keeps only the schemas it',
    '// imports.',
    "import * as z from 'zod/v4/mini';",
    "import type * as classic from '../index.js';",
    predicates.length ? `import { ${predicates.join(', ')} } from '../refinements.js';` : '',
    "import * as formats from './formats.js';",
    '',
    writer.source(),
    '',
  ].join('\n');
  return { text, names: [...exported.keys()], skipped };
}

const BIOME = fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url));
const BIOME_CONFIG = fileURLToPath(new URL('../../../tooling/biome.json', import.meta.url));

/** Formats once with the repository's biome. */
const biomeFormat = (text: string): string => {
  const result = spawnSync(
    BIOME,
    ['format', `--config-path=${BIOME_CONFIG}`, `--stdin-file-path=${MINI_SCHEMAS_PATH}`],
    { input: text, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`biome format failed: ${result.stderr}`);
  return result.stdout;
};

/**
 * The module as committed: formatted by the repository's biome, so lint passes on it. One pass does
 * not always settle the long `as` casts, so it formats until nothing changes.
 */
export function formattedMiniSource(text = miniSource().text): string {
  let formatted = biomeFormat(text);
  for (let pass = 0; pass < 5; pass++) {
    const again = biomeFormat(formatted);
    if (again === formatted) return formatted;
    formatted = again;
  }
  throw new Error('biome format does not settle on the generated module');
}
