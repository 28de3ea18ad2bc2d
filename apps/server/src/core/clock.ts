import { Temporal } from 'temporal-polyfill';

/**
 * The server's notion of now: real time, unless the sandbox set it to a moment, where it then
 * stands until set again (as a test clock does: answers stay reproducible). The database keeps the
 * set moment (sandbox/store/clock.ts) and each instance this copy of it, reloaded on every change.
 */
export class Clock {
  private frozenAt: number | null = null;

  /** Milliseconds since the epoch, as Date.now(). */
  now(): number {
    return this.frozenAt ?? Date.now();
  }

  /** The set moment, or null for real time. */
  set(frozenAt: number | null) {
    this.frozenAt = frozenAt;
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }
}

/**
 * An ISO 8601 duration (`PT1H`, `P1DT30M`, `-PT5M`, `P1M`) parsed by the Temporal polyfill, the
 * standard's own grammar; null when it is not one. Calendar units (years, months, weeks) count in
 * UTC from `from`, as a wall clock would: P1M after 31 January is the last day of February.
 */
export function addIsoDuration(from: number, duration: string): number | null {
  try {
    const start = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO('UTC');
    return start.add(Temporal.Duration.from(duration)).epochMilliseconds;
  } catch {
    // Not a duration, or one that leaves the range of dates.
    return null;
  }
}

/** The moments the clock may be set to: years 1970 to 9999, which every timestamp of the API can show. */
export const CLOCK_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(10000, 0, 1) - 1 } as const;
