/**
 * zod's `z.url()`, `z.uuid()`, `z.int()`, `z.regex()` and `z.refine()` (with no options but a
 * message) as plain checks, for the generated mini schemas (D79). zod writes each as a schema of its
 * own kind (a string format, a number format, a custom schema), and those kinds are a sixth of what
 * one record schema adds to a bundle. Each check here carries the definition zod's own would carry
 * (so `z.toJSONSchema` and `z.compile` read it as zod's), accepts and rejects the same values,
 * leaves the same output (a URL trimmed, without tabs and line breaks) and raises the same issues
 * (code, format, pattern, bounds, message): formats.test.ts holds each to zod's, and mini.test.ts
 * the generated schemas to the classic ones on every sample and mutation.
 */
import type { $ZodCheck, $ZodRawIssue, ParsePayload } from 'zod/v4/core';
import * as z from 'zod/v4/mini';

type Found = Record<string, unknown> & { code: string };

/**
 * A check with zod's definition `def` that reports what `test` finds, with the value and the check
 * itself (whose `error`, if any, is the message), as zod's own checks do.
 */
const checkOf = <T>(def: Record<string, unknown>, test: (payload: ParsePayload<T>) => Found | undefined) => {
  const check: $ZodCheck<T> = z.check<T>((payload) => {
    const found = test(payload);
    if (found)
      payload.issues.push({ continue: true, ...found, input: payload.value, inst: check } as $ZodRawIssue);
  }, def);
  return check;
};

/** zod's URL check: the WHATWG parser reads the trimmed text, which is kept without tabs and line breaks. */
export function url() {
  return checkOf<string>({ check: 'string_format', format: 'url' }, (payload) => {
    const trimmed = payload.value.trim();
    if (!URL.canParse(trimmed)) return { code: 'invalid_format', format: 'url' };
    payload.value = trimmed.replace(/[\t\n\r]/g, '');
  });
}

/** zod's pattern check, reported as `format` (`regex` for a pattern of the model's own). */
export function regex(pattern: RegExp, error?: string, format = 'regex') {
  return checkOf<string>({ check: 'string_format', format, pattern, error }, ({ value }) =>
    pattern.test(value)
      ? undefined
      : { origin: 'string', code: 'invalid_format', format, pattern: String(pattern) },
  );
}

/** zod's UUID pattern: any version, and the nil and max UUIDs. */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export function uuid() {
  return regex(UUID_PATTERN, undefined, 'uuid');
}

const SAFE = { origin: 'int', inclusive: true, note: 'Integers must be within the safe integer range.' };

/** zod's safe-integer check: not an integer is a type issue; beyond 2^53 - 1 either way, a bound. */
export function int() {
  return checkOf<number>({ check: 'number_format', format: 'safeint' }, ({ value }) =>
    !Number.isInteger(value)
      ? { code: 'invalid_type', expected: 'int', format: 'safeint', continue: false }
      : Number.isSafeInteger(value)
        ? undefined
        : value > 0
          ? { code: 'too_big', maximum: Number.MAX_SAFE_INTEGER, ...SAFE }
          : { code: 'too_small', minimum: Number.MIN_SAFE_INTEGER, ...SAFE },
  );
}

/** zod's refinement: a value `holds` rejects is a custom issue, with the given message. */
export function refine<T>(holds: (value: T) => boolean, error?: string) {
  return checkOf<T>({ check: 'custom', fn: holds, error }, ({ value }) =>
    holds(value) ? undefined : { code: 'custom', path: [] },
  );
}
