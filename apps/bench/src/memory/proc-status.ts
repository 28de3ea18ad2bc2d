import { readFileSync } from 'node:fs';

// What Linux's /proc says of a process, read from outside it: for processes the bench cannot ask
// (Prism's mock, PostgreSQL's backends) and for a start, which asking would slow down.

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ). */
const TICK_US = 10_000;

/** utime + stime of a process from /proc/<pid>/stat, microseconds; undefined when it is gone. */
export function processCpuUs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields resume after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return undefined;
  }
}

function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
}

/** The process's resident memory now (VmRSS). */
export function residentBytes(pid: number): number {
  return statusBytes(pid, 'VmRSS');
}

/** The highest resident memory the process has had so far (VmHWM). */
export function peakResidentBytes(pid: number): number {
  return statusBytes(pid, 'VmHWM');
}
