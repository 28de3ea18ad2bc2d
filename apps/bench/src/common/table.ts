export type Align = 'left' | 'right';

export interface Column {
  header: string;
  align?: Align;
}

/** Right-aligned columns (figures), one per header. */
export function right(...headers: string[]): Column[] {
  return headers.map((header) => ({ header, align: 'right' }));
}

const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** A GitHub-flavoured Markdown table whose columns line up in a terminal too. */
export function markdownTable(
  columns: readonly (Column | string)[],
  rows: readonly (readonly string[])[],
): string {
  const cols = columns.map((c) => (typeof c === 'string' ? { header: c } : c));
  const cells = rows.map((row) => cols.map((_, i) => escapeCell(row[i] ?? '')));
  const widths = cols.map((c, i) => Math.max(3, c.header.length, ...cells.map((row) => row[i]!.length)));
  const pad = (text: string, i: number) =>
    cols[i]!.align === 'right' ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => pad(cell, i)).join(' | ')} |`;
  // The delimiter row as Biome's Markdown formatter writes it: `| --- | --: |`.
  const rule = `| ${widths.map((w, i) => (cols[i]!.align === 'right' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(cols.map((c) => escapeCell(c.header))), rule, ...cells.map(line)].join('\n');
}

/** "met" / "MISSED" next to a figure, e.g. `p99 142 ms (target < 100 ms: MISSED)`. */
export function verdict(met: boolean | undefined, target: string): string {
  return met === undefined ? `target ${target}: not measured` : `target ${target}: ${met ? 'met' : 'MISSED'}`;
}
