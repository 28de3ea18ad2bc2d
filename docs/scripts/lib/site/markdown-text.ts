/**
 * Text from the OpenAPI document put into generated Markdown: VitePress compiles each page as a Vue
 * template, so `{{`, `<` and `|` in a description must not be read as an interpolation, a tag or a
 * table cell.
 */
export const cellText = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\{/g, '&#123;')
    .replace(/\}/g, '&#125;')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ');

export const paragraphText = (text: string): string =>
  text.replace(/</g, '&lt;').replace(/\{\{/g, '&#123;&#123;').replace(/\}\}/g, '&#125;&#125;');
