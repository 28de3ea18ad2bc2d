import { defineConfig } from 'vitepress';
import { readDecisions } from '../scripts/lib/decisions/read-decisions.js';
import { DECISIONS_DIR } from '../scripts/lib/paths.js';
import { CONSOLE_PATH, REFERENCE_PATH, SITE_BASE } from '../scripts/lib/site/links.js';
import { releaseItems, siteSidebar } from '../scripts/lib/site/sidebar.js';
import { readWorkflowFiles } from '../scripts/lib/site/workflow-files.js';

/**
 * The docs site (D68): the guides, decisions and release notes of docs/ as they are, the reference
 * pages generated from the model and docs/workflows/ (reference/operations, reference/schemas,
 * reference/workflow-*) and the try-it console.
 * Served at /docs/ by the reference server, so that is its base everywhere.
 */
export default defineConfig({
  title: 'Customer-messaging API',
  description: 'Guides and reference of the customer-messaging JSON API v3 and Analytics API v1',
  lang: 'en',
  base: SITE_BASE,
  outDir: 'dist',
  srcExclude: ['dist/**', 'test/**', 'test-fixtures/**', 'scripts/**', 'node_modules/**', 'test-results/**'],
  // Files, not folders: every page is a .html file, which any static host (and the server) serves
  // as it is, so a permalink opened directly never depends on a rewrite rule.
  cleanUrls: false,
  // Site data in one chunk, not inlined into each of the hundreds of pages.
  metaChunk: true,
  lastUpdated: false,
  head: [['meta', { name: 'color-scheme', content: 'light dark' }]],
  // The search index is one chunk of about 600 kB, loaded only when the search opens.
  vite: { build: { chunkSizeWarningLimit: 1000 } },
  markdown: {
    // GitHub's high-contrast themes: the default ones fail WCAG AA contrast on several token colours.
    theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
  },
  themeConfig: {
    nav: [
      { text: 'Guides', link: '/guides/getting-started' },
      { text: 'Reference', link: REFERENCE_PATH },
      { text: 'Try it', link: CONSOLE_PATH },
      { text: 'Decisions', link: '/decisions/README' },
      { text: 'Releases', link: releaseItems()[0]?.link ?? '/README' },
    ],
    sidebar: siteSidebar(await readDecisions(DECISIONS_DIR), await readWorkflowFiles()),
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    // The 404 page's link is named by what it says (axe-core: label-content-name-mismatch).
    notFound: { linkText: 'Take me home', linkLabel: 'Take me home' },
  },
});
