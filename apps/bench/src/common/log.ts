import { formatNumber } from './stats.js';

/** A progress line for the person watching the run (stderr: stdout carries the report). */
export type Log = (message: string) => void;

/** Stamps each line with the seconds since `t0` (a performance.now() reading at the run's start). */
export function createLog(t0: number): Log {
  return (message) => {
    process.stderr.write(
      `[bench ${formatNumber((performance.now() - t0) / 1000, 0).padStart(4)} s] ${message}\n`,
    );
  };
}
