import type { FastifyInstance } from 'fastify';
import { Announcer } from './core/announcer.js';
import { Authenticator } from './core/auth/authenticate.js';
import { COUNT_TTL_MS, CountCache } from './core/count-cache.js';
import { CLOCK_CHANGED } from './sandbox/store/clock.js';
import { DbAuthDirectory } from './store/auth-directory.js';
import { notifyChanges } from './store/changes.js';
import type { Db } from './store/engine/db.js';
import { FragmentCache } from './store/fragments.js';
import { RECORD_TABLE_NAMES } from './store/resources.js';
import { AUTH_TABLES, CHANGES_CHANNEL } from './store/schema.js';
import { SANDBOX_RESET } from './store/snapshot/snapshot.js';

/** Tables whose change notifications concern the Authenticator's caches. */
const AUTH_NOTIFIED = new Set(AUTH_TABLES);
/** Notified tables that carry no count; any other notification (counted tables) clears the counts. */
const UNCOUNTED_TABLES = new Set([
  ...AUTH_TABLES.filter((table) => !RECORD_TABLE_NAMES.has(table)),
  CLOCK_CHANGED,
]);

/** What this instance caches, the announcer that clears it on writes, and how to stop listening. */
export interface Caches {
  authenticator: Authenticator;
  fragments: FragmentCache;
  counts: CountCache;
  announcer: Announcer;
  /** Ends the LISTEN for other instances' writes (and its reconnecting). */
  stopListening(): Promise<void>;
}

/**
 * The caches, cleared by every write: this instance's at once, the other instances' through change
 * notifications, which this one listens to as well. Resolves once the LISTEN is active.
 */
export async function wireCachesAndChangeListening(
  db: Db,
  app: Pick<FastifyInstance, 'log'>,
  reloadClock: () => Promise<void>,
): Promise<Caches> {
  const authenticator = new Authenticator(new DbAuthDirectory(db));
  const fragments = new FragmentCache();
  const counts = new CountCache();
  /** A write to `table` was announced (by this instance or, through LISTEN, any other). */
  const changed = (table: string) => {
    if (table === SANDBOX_RESET) {
      fragments.clear();
      authenticator.clearCache();
    }
    if (table === SANDBOX_RESET || table === CLOCK_CHANGED) void reloadClock().catch(() => {});
    if (AUTH_NOTIFIED.has(table)) authenticator.clearCache();
    if (!UNCOUNTED_TABLES.has(table)) counts.clear();
  };
  // This instance's writes clear its caches at once and are announced to the others after they
  // commit; on PGlite there are no others.
  const announcer = new Announcer(
    changed,
    db.engine === 'postgres' ? (tables) => notifyChanges(db, tables) : undefined,
    (error) => app.log.error({ err: error }, 'announcing writes to the other instances failed'),
  );
  // Writes through any instance clear the caches here (announced by the writing instance; other
  // writers' by the triggers of 0013 and 0015, on commit; payload: the table). While the LISTEN
  // connection is down nothing cached can be trusted: counts are not cached at all until it is
  // back, when everything is cleared once more.
  const stopListening = await db
    .listen(CHANGES_CHANNEL, {
      onNotify: changed,
      onLost: () => {
        counts.ttlMs = COUNT_TTL_MS.disconnected;
        counts.clear();
        authenticator.clearCache();
      },
      onRestored: () => {
        void reloadClock().catch(() => {});
        counts.clear();
        authenticator.clearCache();
        counts.ttlMs = COUNT_TTL_MS.notified;
      },
    })
    .then((stop) => {
      counts.ttlMs = COUNT_TTL_MS.notified;
      return stop;
    });
  return { authenticator, fragments, counts, announcer, stopListening };
}
