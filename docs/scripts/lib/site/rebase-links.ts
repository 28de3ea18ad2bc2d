import { REFERENCE_PATH } from './links.js';

interface LinkToken {
  type: string;
  attrGet(name: string): string | null;
  attrSet(name: string, value: string): void;
  children: LinkToken[] | null;
}

/**
 * In docs/ the guides point at the reference as `dist/index.html` (README) or `../dist/index.html`
 * (guides/), which is where a reader of the repository finds it after a build; on the site the same
 * links lead to the reference's overview page.
 */
export const rebaseReferenceLinks = (state: { tokens: LinkToken[] }): void => {
  for (const token of state.tokens) {
    for (const child of token.children ?? []) {
      if (child.type !== 'link_open') continue;
      const href = child.attrGet('href') ?? '';
      if (/^(?:\.\.\/)?dist\/index\.html$/.test(href)) child.attrSet('href', REFERENCE_PATH);
    }
  }
};
