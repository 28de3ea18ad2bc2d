import { LIMITS } from '@org/model';
import { z } from 'zod';

/*
 * The path parameters of the control API. A path naming something the sandbox does not have (a
 * table, a metric, a world) answers 404 whatever is wrong with it: the message a parameter's schema
 * gives is that answer's detail (sandbox/http/control-routes.ts).
 */

/** What a 404 says of a path naming nothing the sandbox has, from the value the path gave. */
type NotFound = (named: string) => string;

/** One of a closed set (a table, a metric), documented as an enum. */
export function closedSetParam<const V extends readonly [string, ...string[]]>(
  values: V,
  description: string,
  notFound: NotFound,
) {
  return z.enum(values, { error: (issue) => notFound(String(issue.input)) }).describe(description);
}

/** An id: a whole number from 1 to LIMITS.maxId, written without a sign or leading zeros. */
export function idParam(description: string, notFound: NotFound) {
  const nothing = { error: (issue: { input?: unknown }) => notFound(String(issue.input)) };
  return z
    .string()
    .regex(/^[1-9]\d{0,9}$/, nothing)
    .transform(Number)
    .refine((id) => id <= LIMITS.maxId, nothing)
    .meta({ type: 'integer', minimum: 1, maximum: LIMITS.maxId, description });
}
