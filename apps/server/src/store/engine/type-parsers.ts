/** PostgreSQL type oids whose text form both engines parse the same way. */
export const PG_OID = {
  int8: 20,
  numeric: 1700,
  timestamp: 1114,
  timestamptz: 1184,
  int8Array: 1016,
  numericArray: 1231,
  timestamptzArray: 1185,
  timestampArray: 1115,
} as const;

/**
 * PostgreSQL prints timestamptz (with TimeZone=UTC, which both engines use) as
 * `2024-01-02 03:04:05.123456+00`, dropping trailing fraction digits. The API wants
 * `2024-01-02T03:04:05.123456Z` always (DESIGN D15); normalising here keeps every microsecond.
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

export function parseNumber(text: string): number {
  return Number(text);
}

/**
 * One-dimensional arrays of unquoted-safe scalars (numbers, timestamps): `{1,2}` or
 * `{"2024-01-02 03:04:05+00",NULL}`. Nested arrays are not used by the schema.
 */
export function parseScalarArray<T>(text: string, element: (text: string) => T): Array<T | null> {
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return inner.split(',').map((item) => {
    if (item === 'NULL') return null;
    return element(item.startsWith('"') ? item.slice(1, -1) : item);
  });
}

/** Parsers keyed by oid, shared by the PGlite adapter and the pg adapter. */
export const TYPE_PARSERS: Readonly<Record<number, (text: string) => unknown>> = {
  [PG_OID.int8]: parseNumber,
  [PG_OID.numeric]: parseNumber,
  [PG_OID.timestamptz]: parseTimestamp,
  [PG_OID.timestamp]: parseTimestamp,
  [PG_OID.int8Array]: (text) => parseScalarArray(text, parseNumber),
  [PG_OID.numericArray]: (text) => parseScalarArray(text, parseNumber),
  [PG_OID.timestamptzArray]: (text) => parseScalarArray(text, parseTimestamp),
  [PG_OID.timestampArray]: (text) => parseScalarArray(text, parseTimestamp),
};
