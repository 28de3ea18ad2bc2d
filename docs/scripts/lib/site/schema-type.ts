import { schemaRefName } from '../breaking/refs.js';
import { isObject } from '../breaking/types.js';
import { schemaPath } from './links.js';

const ENUM_SHOWN = 8;

/**
 * A schema as a short Markdown type: a component is a link to its page, an array `T[]`, an enum its
 * first values, alternatives joined by `|`.
 */
export function typeOf(schema: unknown): string {
  if (!isObject(schema)) return 'any';
  const name = schemaRefName(schema);
  if (name !== undefined) return `[${name}](${schemaPath(name)})`;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) return parts.map(typeOf).join(key === 'allOf' ? ' & ' : ' \\| ');
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map((v) => `\`${String(v)}\``);
    const shown = values.length > ENUM_SHOWN ? [...values.slice(0, ENUM_SHOWN), '…'] : values;
    return `enum: ${shown.join(', ')}`;
  }
  const nullable = schema.nullable === true ? ' \\| null' : '';
  if (schema.type === 'array') return `${typeOf(schema.items)}[]${nullable}`;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${typeof schema.type === 'string' ? schema.type : 'object'}${format}${nullable}`;
}
