/**
 * World time is integer microseconds since the epoch (exact up to year 2255 in a double), because
 * the API shows microseconds and a JS Date keeps only milliseconds.
 */
export type Micros = number;

export const SECOND: Micros = 1_000_000;
export const MINUTE: Micros = 60 * SECOND;
export const HOUR: Micros = 60 * MINUTE;
export const DAY: Micros = 24 * HOUR;

export function parseMicros(iso: string): Micros {
  const match = /\.(\d+)Z?$/.exec(iso);
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`not a timestamp: ${iso}`);
  const fraction = match ? match[1]!.padEnd(6, '0').slice(0, 6) : '000000';
  return Math.floor(ms / 1000) * SECOND + Number(fraction);
}

let cachedDay = Number.NaN;
let cachedDayPrefix = '';
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `YYYY-MM-DDTHH:MM:SS.ffffffZ`, the form both the API and the db layer use. Called for every
 * timestamp of every row, hence the per-day cache instead of a Date per call.
 */
export function formatMicros(us: Micros): string {
  const whole = Math.floor(us / SECOND);
  const fraction = us - whole * SECOND;
  const day = Math.floor(whole / 86_400);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * 86_400_000).toISOString().slice(0, 11);
  }
  const secondOfDay = whole - day * 86_400;
  const hours = Math.floor(secondOfDay / 3600);
  const minutes = Math.floor((secondOfDay % 3600) / 60);
  return `${cachedDayPrefix}${pad2(hours)}:${pad2(minutes)}:${pad2(secondOfDay % 60)}.${String(fraction).padStart(6, '0')}Z`;
}

export function toSeconds(us: Micros): number {
  return us / SECOND;
}

/** Start of the UTC day containing `us`. */
export function startOfDay(us: Micros): Micros {
  return Math.floor(us / DAY) * DAY;
}

/**
 * The demo organizations serve Monday-Friday 08:00-18:00 UTC; the *_service_time metrics count
 * only the part of an interval inside those hours.
 */
export const SERVICE_HOURS = { fromHour: 8, toHour: 18 } as const;

export function serviceSeconds(from: Micros, to: Micros): number {
  if (to <= from) return 0;
  let total = 0;
  for (let day = startOfDay(from); day < to; day += DAY) {
    const weekday = new Date(day / 1000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const open = day + SERVICE_HOURS.fromHour * HOUR;
    const close = day + SERVICE_HOURS.toHour * HOUR;
    const overlap = Math.min(to, close) - Math.max(from, open);
    if (overlap > 0) total += overlap;
  }
  return total / SECOND;
}
