import type { Db } from './engine/db.js';
import { CHANGES_CHANNEL } from './schema.js';
import { ASYNC_COMMIT } from './sql.js';

/**
 * Announces committed writes to every instance listening on the change channel: one
 * notification per table, payload the table, as the triggers of 0013 and 0015 send for other
 * writers. A statement of its own, after the writes committed: it takes the commit-time notify lock
 * only for itself. A notification gives its transaction an id, so its commit would wait for a WAL
 * flush of its own; but it writes nothing else, and a crash ends every LISTEN connection (the
 * instances then clear what they cached), so it commits without waiting; see decision D75.
 */
export async function notifyChanges(db: Db, tables: readonly string[]): Promise<void> {
  await db.query(`${ASYNC_COMMIT} SELECT pg_notify($1, t) FROM unnest($2::text[]) t, async_commit`, [
    CHANGES_CHANNEL,
    tables,
  ]);
}
