import * as z from 'zod/v4';
import { decided } from './decisions.js';
import { doc } from './openapi-meta.js';

const link = (what: string, decision: 'D6' | 'D7') =>
  doc(z.string().url().nullable(), {
    description: `Absolute URL of the ${what} page with the same limit, filters and ordering; null when there is none.`,
    ...decided(decision),
  });

/** Offset page: count is the true total; only the first 10,000 items are reachable. */
export function offsetPageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: doc(z.number().int().nonnegative(), {
      description: 'Total number of matching items (items past offset 10,000 are not reachable).',
      ...decided('D6'),
    }),
    next: link('next', 'D6'),
    previous: link('previous', 'D6'),
    results: z.array(item),
  });
}

/** Cursor page: the all endpoints add `count`; the messages endpoint does not. */
export function cursorPageSchemaOf<T extends z.ZodType>(item: T) {
  return z.object({ next: link('next', 'D7'), previous: link('previous', 'D7'), results: z.array(item) });
}

export function countedCursorPageSchemaOf<T extends z.ZodType>(item: T) {
  return cursorPageSchemaOf(item).extend({
    count: z.number().int().nonnegative().describe('Total number of matching items (no cap).'),
  });
}

export interface OffsetPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
export interface CursorPage<T> {
  next: string | null;
  previous: string | null;
  results: T[];
  count?: number;
}
