import { describe, expect, it } from 'vitest';
import { wholeNumbersUpTo } from './number-pattern.js';

describe('wholeNumbersUpTo', () => {
  it('admits exactly 1..max without leading zeros', () => {
    for (const max of [1, 7, 9, 10, 19, 20, 99, 100, 101, 537, 1000, 2047, 9999]) {
      const re = new RegExp(`^${wholeNumbersUpTo(max)}$`);
      for (let k = 0; k <= 11_000; k++) expect([k, re.test(String(k))]).toEqual([k, k >= 1 && k <= max]);
      expect(re.test('01')).toBe(false);
      expect(re.test('')).toBe(false);
    }
  });
  it('bounds 32-bit ids', () => {
    const re = new RegExp(`^${wholeNumbersUpTo(2_147_483_647)}$`);
    for (const ok of ['1', '999999999', '1000000000', '2147483647', '2147483639', '2099999999'])
      expect([ok, re.test(ok)]).toEqual([ok, true]);
    for (const bad of [
      '0',
      '2147483648',
      '2147483650',
      '2200000000',
      '9999999999',
      '10000000000',
      '-1',
      '+1',
    ])
      expect([bad, re.test(bad)]).toEqual([bad, false]);
  });
});
