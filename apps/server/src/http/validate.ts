import { fieldErrorsOf } from '@org/model';
import type { z } from 'zod';
import { invalid } from './api-error.js';

/** Parses input with a model schema; failures become 400 invalid with a message per field (D1). */
export const parseOrThrow = <S extends z.ZodTypeAny>(schema: S, input: unknown, what: string): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error);
  const fields = Object.keys(errors).join(', ');
  throw invalid(errors, `Invalid ${what}: ${fields}.`);
};

/**
 * PostgreSQL text cannot hold U+0000: a query or body string carrying it is bad input (400 naming
 * the field), never a database fault (D1).
 */
export const assertNoNulCharacters = (input: unknown, what: string): void => {
  const errors: Record<string, string[]> = {};
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        errors[path.join('.') || 'non_field_errors'] = ['Must not contain a NUL character.'];
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(input, []);
  if (Object.keys(errors).length) throw invalid(errors, `Invalid ${what}: ${Object.keys(errors).join(', ')}.`);
};
