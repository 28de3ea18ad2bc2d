import { compiledSchemaOf, type EndpointDefinition, type ParsingMode, strictOf } from '@org/model';
import type * as z from 'zod/v4';
import { type RequestTarget, ResponseValidationError } from './errors.js';

/** The body of a success response: JSON, or undefined for an empty body (204). */
export function parseSuccessBody(target: RequestTarget, status: number, text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseValidationError(target, status, text, [
      { code: 'custom', path: [], message: 'The body is not JSON.' } as z.core.$ZodIssue,
    ]);
  }
}

/** Checks a success body against the schema the endpoint documents for that status. */
export function validateSuccessBody(
  target: RequestTarget,
  endpoint: EndpointDefinition,
  status: number,
  body: unknown,
  mode: ParsingMode = 'tolerant',
): unknown {
  const success = endpoint.success as Partial<Record<number, z.ZodType | null>>;
  if (!(status in success)) {
    throw new ResponseValidationError(target, status, body, [
      {
        code: 'custom',
        path: [],
        message: `Status ${status} is not documented (expected ${Object.keys(success).join(', ')}).`,
      } as z.core.$ZodIssue,
    ]);
  }
  const schema = success[status];
  if (!schema) {
    if (body === undefined) return undefined;
    throw new ResponseValidationError(target, status, body, [
      { code: 'custom', path: [], message: `Status ${status} carries no body.` } as z.core.$ZodIssue,
    ]);
  }
  // The model's own schema, compiled by zod: no parser of the client's own, so the rules are written once.
  const parsed = compiledSchemaOf(mode === 'strict' ? strictOf(schema) : schema).safeParse(body);
  if (!parsed.success) throw new ResponseValidationError(target, status, body, parsed.error.issues);
  return parsed.data;
}
