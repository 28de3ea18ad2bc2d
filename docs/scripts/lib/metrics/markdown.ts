/**
 * Model texts go into Markdown table cells. Outside code spans, `<` would start an HTML tag and `|` a
 * new cell; inside code spans only `|` needs care. Backtick spans are kept as written.
 */
export function tableCell(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`') ? part.replace(/\|/g, '\\|') : part.replace(/</g, '&lt;').replace(/\|/g, '\\|'),
    )
    .join('')
    .replace(/\s*\n\s*/g, ' ');
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(tableCell).join(' | ')} |`),
  ].join('\n');
}
