import * as z from 'zod/v4';
import { decided } from './decisions.js';
import { ERROR_CODES, type ErrorCode, type ErrorStatus, errorCodesFor } from './error-codes.js';
import { doc } from './openapi-meta.js';
import { openEnum, openEnumOf } from './strict.js';

export * from './error-codes.js';

/** Field-level messages of a validation error: field name (dotted for nested) -> messages. */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export const ErrorBodySchema = doc(
  z.object({
    detail: z.string().describe('A human-readable message.'),
    code: openEnumOf(ErrorCodeSchema).describe('A stable machine-readable code (see the error codes table).'),
    errors: FieldErrorsSchema.optional().describe('Validation errors only: messages per field.'),
  }),
  { description: 'The body of every error response.', ...decided('D1') },
);
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The error body narrowed to the codes of one status; the OpenAPI document shows one per status. */
export function errorBodySchemaFor(status: ErrorStatus) {
  return ErrorBodySchema.extend({ code: openEnum(errorCodesFor(status)) });
}

/** Builds an error body; the single place that pairs a code with its text. */
export function errorBody(code: ErrorCode, detail: string, errors?: Record<string, string[]>): ErrorBody {
  return errors ? { detail, code, errors } : { detail, code };
}

/**
 * Turns a zod error into the error body's field messages (`errors`); the root of a body is
 * `non_field_errors`. The record has no prototype, so a field named `constructor` or `__proto__` is
 * an ordinary key.
 */
export function fieldErrorsOf(
  error: z.ZodError,
  unknownKeyMessage: (key: string) => string = () => 'Unknown field.',
): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) (out[issue.path.concat(k).join('.')] ??= []).push(unknownKeyMessage(k));
      continue;
    }
    (out[issue.path.length ? issue.path.join('.') : 'non_field_errors'] ??= []).push(issue.message);
  }
  return out;
}
