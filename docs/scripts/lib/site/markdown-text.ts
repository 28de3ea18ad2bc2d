import { siteHref } from './links.js';

/** Text as the content of an HTML element of a page: `<`, `&` and Vue's `{{` as entities, on one line. */
export function htmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\{/g, '&#123;')
    .replace(/\}/g, '&#125;')
    .replace(/\r?\n/g, ' ');
}

/**
 * Text from the OpenAPI document put into generated Markdown: VitePress compiles each page as a Vue
 * template, so `{{`, `<` and `|` in a description must not be read as an interpolation, a tag or a
 * table cell.
 */
export function cellText(text: string): string {
  return htmlText(text).replace(/\|/g, '\\|');
}

/**
 * The inline Markdown of a cell (`code`, [links](/site/path), `\|` as typeOf writes it) as HTML, for
 * a table written in HTML: a Markdown table has no cell that spans a row.
 */
export function inlineHtml(markdown: string): string {
  return markdown
    .split(/(`[^`]*`|\[[^\]]*\]\([^)\s]*\))/)
    .map(function partHtml(part) {
      const code = /^`([^`]*)`$/.exec(part);
      if (code) return `<code>${htmlText(code[1] ?? '')}</code>`;
      const link = /^\[([^\]]*)\]\(([^)\s]*)\)$/.exec(part);
      if (link) return `<a href="${encodeURI(siteHref(link[2] ?? ''))}">${htmlText(link[1] ?? '')}</a>`;
      return htmlText(part.replace(/\\\|/g, '|'));
    })
    .join('');
}

/** A paragraph of Markdown from a document: its Markdown kept, Vue's `{{` and a tag's `<` not. */
export function paragraphText(text: string): string {
  return text.replace(/</g, '&lt;').replace(/\{\{/g, '&#123;&#123;').replace(/\}\}/g, '&#125;&#125;');
}

/**
 * Text as inline code that may hold anything (a runtime expression, a criterion): HTML, so that no
 * `{{`, `<` or `|` in it is read as Vue, a tag or a table cell, in a table or outside one.
 */
export function codeHtml(text: string): string {
  return `<code>${htmlText(text).replace(/\|/g, '&#124;')}</code>`;
}
