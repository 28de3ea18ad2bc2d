import type { Clock } from '../../core/clock.js';
import type { Db } from '../../store/engine/db.js';

/**
 * The server's clock as the database keeps it (migration 0016): um_now() is what every write
 * stamps rows with; the one row of um_clock, when there is one, is the moment the sandbox set.
 * Every instance on the database reads the same row, so they all agree on now.
 */
export interface StoredClock {
  /** um_now(): `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  now: string;
  /** The same moment in epoch milliseconds. */
  nowMs: number;
  /** True when the sandbox set the clock; false for real time. */
  frozen: boolean;
}

/** The payload of the change notification a write to the clock sends (0016's trigger: the table). */
export const CLOCK_CHANGED = 'um_clock';

const READ_SQL = `SELECT um_now() AS now, (extract(epoch FROM um_now()) * 1000)::float8 AS "nowMs",
                         EXISTS (SELECT 1 FROM um_clock) AS frozen`;

export async function readClock(db: Db): Promise<StoredClock> {
  return (await db.query<StoredClock>(READ_SQL))[0]!;
}

/** Sets the clock to a moment (any ISO 8601 timestamp PostgreSQL reads), or back to real time (null). */
export async function setClock(db: Db, at: string | null): Promise<StoredClock> {
  return db.transaction(async (tx) => {
    if (at === null) await tx.query('DELETE FROM um_clock');
    else
      await tx.query(
        `INSERT INTO um_clock (frozen_at) VALUES ($1::timestamptz)
         ON CONFLICT (singleton) DO UPDATE SET frozen_at = EXCLUDED.frozen_at`,
        [at],
      );
    return readClock(tx);
  });
}

/**
 * Moves the clock from where it stands (real time: from now) to `next(nowMs)`, which returns epoch
 * milliseconds or null to change nothing. Instances advancing together take turns, so no step is lost.
 */
export async function advanceClock(
  db: Db,
  next: (nowMs: number) => number | null,
): Promise<StoredClock | null> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE um_clock IN SHARE ROW EXCLUSIVE MODE');
    // Whole milliseconds to compute with; the fraction stays in the stored moment.
    const nowMs = Math.floor((await readClock(tx)).nowMs);
    const target = next(nowMs);
    if (target === null) return null;
    // By the difference, so the microseconds of a moment set earlier are kept.
    await tx.query(
      `INSERT INTO um_clock (frozen_at) VALUES (um_now() + make_interval(secs => $1::float8 / 1000))
       ON CONFLICT (singleton) DO UPDATE SET frozen_at = EXCLUDED.frozen_at`,
      [target - nowMs],
    );
    return readClock(tx);
  });
}

/** Points this instance's clock at the moment the database keeps (real time when there is none). */
export function followStoredClock(clock: Clock, stored: StoredClock): void {
  clock.set(stored.frozen ? stored.nowMs : null);
}
