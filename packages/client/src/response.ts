import { type EndpointDefinition, type ParsingMode, parserOf, strictOf } from '@org/model';
import type { z } from 'zod/v3';
import { type RequestTarget, ResponseValidationError } from './errors.js';

/** The body of a success response: JSON, or undefined for an empty body (204). */
export const parseSuccessBody = (target: RequestTarget, status: number, text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseValidationError(target, status, text, [
      { code: 'custom', path: [], message: 'The body is not JSON.' } as z.ZodIssue,
    ]);
  }
};

/** Checks a success body against the schema the endpoint documents for that status. */
export const validateSuccessBody = (
  target: RequestTarget,
  endpoint: EndpointDefinition,
  status: number,
  body: unknown,
  mode: ParsingMode = 'tolerant',
): unknown => {
  const success = endpoint.success as Partial<Record<number, z.ZodTypeAny | null>>;
  if (!(status in success)) {
    throw new ResponseValidationError(target, status, body, [
      {
        code: 'custom',
        path: [],
        message: `Status ${status} is not documented (expected ${Object.keys(success).join(', ')}).`,
      } as z.ZodIssue,
    ]);
  }
  const schema = success[status];
  if (!schema) {
    if (body === undefined) return undefined;
    throw new ResponseValidationError(target, status, body, [
      { code: 'custom', path: [], message: `Status ${status} carries no body.` } as z.ZodIssue,
    ]);
  }
  // parserOf: the schema compiled once into plain checks (D32), zod's own issues on failure.
  const parsed = parserOf(mode === 'strict' ? strictOf(schema) : schema)(body);
  if (!parsed.success) throw new ResponseValidationError(target, status, body, parsed.error.issues);
  return parsed.data;
};
