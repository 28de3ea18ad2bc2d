import { fieldErrorsOf, LIMITS } from '@org/model';
import type { z } from 'zod';
import { invalid } from './api-error.js';

/**
 * Field messages keyed by field name without a prototype, so that a field named `constructor`,
 * `toString` or `__proto__` is an ordinary key (bad input gives 400, never a 500).
 */
function fieldMessages(): Record<string, string[]> {
  return Object.create(null);
}

/** Parses input with a model schema; failures become 400 invalid with a message per field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const unknown = what === 'query parameters' ? 'Unknown query parameter.' : 'Unknown field.';
  const errors = fieldErrorsOf(result.error, () => unknown);
  const fields = Object.keys(errors).join(', ');
  throw invalid(errors, `Invalid ${what}: ${fields}.`);
}

/**
 * PostgreSQL text cannot hold U+0000: a query or body string carrying it is bad input (400 naming
 * the field), never a database fault. The walk is iterative and stops at LIMITS.maxJsonDepth: a body
 * nested 10,000 deep answers 400 naming the limit, not a stack overflow.
 */
export function assertNoNulCharacters(input: unknown, what: string): void {
  const errors = fieldMessages();
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        errors[path.join('.') || 'non_field_errors'] = ['Must not contain a NUL character.'];
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= LIMITS.maxJsonDepth)
        throw invalid(
          { non_field_errors: [`JSON nested deeper than ${LIMITS.maxJsonDepth} levels.`] },
          `Invalid ${what}: nested deeper than ${LIMITS.maxJsonDepth} levels (limit ${LIMITS.maxJsonDepth}).`,
        );
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] });
    }
  }
  if (Object.keys(errors).length)
    throw invalid(errors, `Invalid ${what}: ${Object.keys(errors).join(', ')}.`);
}
