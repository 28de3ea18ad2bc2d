import { GUIDES } from '../guides.js';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The navigation bar put above the reference. Links are relative to the page: the build copies the
 * guides next to it (dist/guides/), so the bar works from a file:// URL and from any static host.
 */
export const guidesNavHtml = (): string => {
  const links = [
    '<a class="guides-nav-home" href="README.md">API guides</a>',
    ...GUIDES.map((g) => `<a href="guides/${encodeURI(g.file)}">${escapeHtml(g.title)}</a>`),
    '<a href="decisions/README.md">Decisions</a>',
  ];
  return `<nav class="guides-nav" aria-label="Guides">${links.join('')}</nav>`;
};
