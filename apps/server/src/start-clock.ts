import { Clock } from './core/clock.js';
import { followStoredClock, readClock, setClock } from './sandbox/store/clock.js';
import type { Db } from './store/engine/db.js';

/** This instance's copy of the clock every instance on the database shares, and how to reload it. */
export interface SharedClock {
  clock: Clock;
  /** Reads the stored clock again (after a reset or a change another instance announced). */
  reload(): Promise<void>;
}

/**
 * The clock every instance on the database shares, so they agree on now; a start without the
 * sandbox puts it back on real time, as only the sandbox may stop it.
 */
export async function startSharedClock(db: Db, sandbox: boolean): Promise<SharedClock> {
  const clock = new Clock();
  if (!sandbox) await setClock(db, null);
  // Reloads may overlap (two notifications in a row): only the latest read is applied, so an older
  // answer arriving last cannot move the clock back.
  let reads = 0;
  const reload = async () => {
    const read = ++reads;
    const stored = await readClock(db);
    if (read === reads) followStoredClock(clock, stored);
  };
  await reload();
  return { clock, reload };
}
