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
