/**
 * A table of a generated page that fits the page's column at any width: short cells on a row of
 * fixed column widths (a long value wraps within its cell), and a long text (a description) on the
 * row below across all of them, each entry a row group of its own. As one more column, such a text
 * squeezed every row to several lines and pushed the last columns past the edge. HTML, since a
 * Markdown table has no cell that spans a row; custom.css (`table.stacked`) lays it out.
 */
export interface StackedColumn {
  readonly title: string;
  /** Its share of the table's width, e.g. `38%`. */
  readonly width: string;
}

export interface StackedRow {
  /** The HTML of each cell, one per column. */
  readonly cells: readonly string[];
  /** The HTML shown below them, if any. */
  readonly below?: string;
}

/** The table's lines, to join into a page; `kind` names it for the theme and the tests (`params`). */
export function stackedTable(kind: string, columns: readonly StackedColumn[], rows: readonly StackedRow[]) {
  return [
    `<table class="stacked ${kind}">`,
    `<colgroup>${columns.map((c) => `<col style="width: ${c.width}">`).join('')}</colgroup>`,
    `<thead><tr>${columns.map((c) => `<th>${c.title}</th>`).join('')}</tr></thead>`,
    ...rows.map(function rowGroup(row) {
      const below = row.below
        ? `<tr class="stacked-below"><td colspan="${columns.length}">${row.below}</td></tr>`
        : '';
      return `<tbody><tr>${row.cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>${below}</tbody>`;
    }),
    '</table>',
  ];
}
