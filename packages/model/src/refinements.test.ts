import { describe, expect, it } from 'vitest';
import * as rules from './refinements.js';

/** The rule as the document states it: the pattern, on a real calendar instant. */
const byPattern = (pattern: RegExp, v: string): boolean => {
  const m = pattern.exec(v);
  return !!m && rules.isRealInstant(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
};

/** A small deterministic generator, so a failure names the same strings on every run. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('the timestamp predicates, read character by character', () => {
  it('accept what the pattern admits on a real instant and nothing else', () => {
    const cases = [
      '2024-03-14T09:26:53.589793Z',
      '2024-02-29T23:59:59.999999Z',
      '2023-02-29T00:00:00.000000Z',
      '1900-02-29T00:00:00.000000Z',
      '2000-02-29T00:00:00.000000Z',
      '0099-01-01T00:00:00.000000Z',
      '0100-01-01T00:00:00.000000Z',
      '2024-13-01T00:00:00.000000Z',
      '2024-00-01T00:00:00.000000Z',
      '2024-04-31T00:00:00.000000Z',
      '2024-04-00T00:00:00.000000Z',
      '2024-01-01T24:00:00.000000Z',
      '2024-01-01T23:60:00.000000Z',
      '2024-01-01T23:59:60.000000Z',
      '2024-01-01T00:00:00.00000Z',
      '2024-01-01T00:00:00.0000000Z',
      '2024-01-01T00:00:00.000000',
      '2024-01-01T00:00:00.000000z',
      '2024-01-01 00:00:00.000000Z',
      '2024-01-01T00:00:00,000000Z',
      '2024/01/01T00:00:00.000000Z',
      '2024-01-01T00:00:00.00000aZ',
      '2024-01-01T0a:00:00.000000Z',
      '2a24-01-01T00:00:00.000000Z',
      '９024-01-01T00:00:00.000000Z',
      '2024-01-01T00:00:00.000000Z\n',
      ' 2024-01-01T00:00:00.000000Z',
      '2024-03-14T09:26:53',
      '2024-02-30T09:26:53',
      '2024-03-14T09:26:5',
      '2024-03-14T09:26:53Z',
      '2024-03-14T-9:26:53',
      '',
    ];
    for (const v of cases) {
      expect(rules.isV3Timestamp(v), v).toBe(byPattern(rules.V3_TIMESTAMP, v));
      expect(rules.isAnalyticsTime(v), v).toBe(byPattern(rules.ANALYTICS_TIME, v));
    }
    expect(rules.isV3Timestamp('2024-02-29T23:59:59.999999Z')).toBe(true);
    expect(rules.isAnalyticsTime('2024-03-14T09:26:53')).toBe(true);
  });

  it('agree with the pattern on strings one to three edits away from a timestamp', () => {
    const next = random(40);
    const pick = (s: string) => s[Math.floor(next() * s.length)]!;
    const bases = ['2024-02-29T23:59:59.123456Z', '2023-12-31T00:00:00.000000Z', '2024-03-14T09:26:53'];
    for (let i = 0; i < 20_000; i++) {
      let v = bases[Math.floor(next() * bases.length)]!;
      for (let e = 1 + Math.floor(next() * 3); e > 0; e--) {
        const at = Math.floor(next() * (v.length + 1));
        const c = pick('0123456789-T:.Z /a');
        const op = Math.floor(next() * 3);
        v =
          op === 0
            ? v.slice(0, at) + c + v.slice(at + 1)
            : op === 1
              ? v.slice(0, at) + c + v.slice(at)
              : v.slice(0, at) + v.slice(at + 1);
      }
      expect(rules.isV3Timestamp(v), v).toBe(byPattern(rules.V3_TIMESTAMP, v));
      expect(rules.isAnalyticsTime(v), v).toBe(byPattern(rules.ANALYTICS_TIME, v));
    }
  });
});
