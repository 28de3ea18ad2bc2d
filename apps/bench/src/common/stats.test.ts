import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatNumber, median } from './stats.js';

describe('median and number formats', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('formats figures for the table', () => {
    expect(formatNumber(12345.6)).toBe('12,346');
    expect(formatNumber(12.34)).toBe('12.3');
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MB');
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(100_000)).toBe('100k');
  });
});
