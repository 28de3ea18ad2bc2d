import { describe, expect, it } from 'vitest';
import { parseScalarArray, parseTimestamp } from './type-parsers.js';

describe('parseTimestamp', () => {
  it.each([
    ['2024-01-02 03:04:05.123456+00', '2024-01-02T03:04:05.123456Z'],
    ['2024-01-02 03:04:05.1+00', '2024-01-02T03:04:05.100000Z'],
    ['2024-01-02 03:04:05+00', '2024-01-02T03:04:05.000000Z'],
    ['2024-01-02 01:04:05.5+02', '2024-01-01T23:04:05.500000Z'],
    ['2024-01-02 03:04:05-05:30', '2024-01-02T08:34:05.000000Z'],
    ['2024-01-02 03:04:05', '2024-01-02T03:04:05.000000Z'],
    ['infinity', 'infinity'],
  ])('%s -> %s', (input, expected) => {
    expect(parseTimestamp(input)).toBe(expected);
  });
});

describe('parseScalarArray', () => {
  it('parses numbers, quoted timestamps and NULL', () => {
    expect(parseScalarArray('{1,2,NULL}', Number)).toEqual([1, 2, null]);
    expect(parseScalarArray('{}', Number)).toEqual([]);
    expect(parseScalarArray('{"2024-01-02 03:04:05+00"}', parseTimestamp)).toEqual([
      '2024-01-02T03:04:05.000000Z',
    ]);
  });
});
