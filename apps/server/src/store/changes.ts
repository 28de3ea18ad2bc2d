import type { Db } from './engine/db.js';
import { CHANGES_CHANNEL } from './schema.js';

/**
 * Announces committed writes to every instance listening on the change channel: one
 * notification per table, payload the table, as the triggers of 0013 and 0015 send for other
 * writers. A statement of its own, outside any write transaction: it waits for no WAL flush and
 * takes the commit-time notify lock only for itself.
 */
export async function notifyChanges(db: Db, tables: readonly string[]): Promise<void> {
  await db.query('SELECT pg_notify($1, t) FROM unnest($2::text[]) t', [CHANGES_CHANNEL, tables]);
}
