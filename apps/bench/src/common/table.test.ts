import { describe, expect, it } from 'vitest';
import { markdownTable } from './table.js';

describe('markdownTable', () => {
  it('aligns columns and escapes pipes', () => {
    const table = markdownTable(
      ['Name', { header: 'Value', align: 'right' }],
      [
        ['a|b', '1'],
        ['long name', '1,234'],
      ],
    );
    expect(table.split('\n')).toEqual([
      '| Name      | Value |',
      '| --------- | ----: |',
      '| a\\|b      |     1 |',
      '| long name | 1,234 |',
    ]);
  });
});
