/**
 * PostgreSQL prints timestamptz (with TimeZone=UTC, which both engines use) as
 * `2024-01-02 03:04:05.123456+00`, dropping trailing fraction digits. The API wants
 * `2024-01-02T03:04:05.123456Z` always; normalising here keeps every microsecond.
 */
export function parseTimestamp(text: string): string {
  const match =
    /^(\d{4,}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:([+-]\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/.exec(
      text,
    );
  if (!match) return text; // infinity / -infinity / BC dates: pass through untouched
  const [, date, time, fraction = '', offsetHours, offsetMinutes, offsetSeconds] = match;
  const normalized = `${date}T${time}.${fraction.padEnd(6, '0')}Z`;
  if (
    !offsetHours ||
    (Number(offsetHours) === 0 && !Number(offsetMinutes ?? 0) && !Number(offsetSeconds ?? 0))
  ) {
    return normalized;
  }
  // A session not in UTC: shift to UTC (only whole seconds move, so microseconds stay exact).
  const sign = offsetHours.startsWith('-') ? -1 : 1;
  const offsetMs =
    sign *
    (Math.abs(Number(offsetHours)) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0)) *
    1000;
  const utc = new Date(Date.parse(`${date}T${time}Z`) - offsetMs).toISOString().slice(0, 19);
  return `${utc}.${fraction.padEnd(6, '0')}Z`;
}
