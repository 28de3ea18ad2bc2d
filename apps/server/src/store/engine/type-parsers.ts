import { parseTimestamp } from '../../core/timestamps.js';

export { parseTimestamp };

/** PostgreSQL type oids whose text form both engines parse the same way. */
const PG_OID = {
  int8: 20,
  numeric: 1700,
  timestamp: 1114,
  timestamptz: 1184,
  int8Array: 1016,
  numericArray: 1231,
  timestamptzArray: 1185,
  timestampArray: 1115,
} as const;

function parseNumber(text: string): number {
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
