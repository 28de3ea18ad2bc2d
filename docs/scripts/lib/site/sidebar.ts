import { readdirSync } from 'node:fs';
import type { DefaultTheme } from 'vitepress';
import type { DecisionFile } from '../decisions/read-decisions.js';
import { GUIDES } from '../guides.js';
import { RELEASES_DIR } from '../paths.js';
import { CONSOLE_PATH, REFERENCE_PATH, SCHEMAS_PATH, slugOf } from './links.js';
import { referenceTags } from './reference-model.js';

const guidesSidebar = (): DefaultTheme.SidebarItem[] => [
  {
    text: 'Guides',
    items: [
      { text: 'Overview', link: '/README' },
      ...GUIDES.map((g) => ({ text: g.title, link: `/guides/${g.file.replace(/\.md$/, '')}` })),
    ],
  },
  { text: 'Release notes', items: releaseItems() },
];

/**
 * The reference's own links and one per tag (its list on the overview page). The operations are not
 * listed one by one here: the sidebar is rendered into every page, and the overview lists them all.
 */
const referenceSidebar = (): DefaultTheme.SidebarItem[] => [
  {
    text: 'API reference',
    items: [
      { text: 'Overview', link: REFERENCE_PATH },
      { text: 'Try-it console', link: CONSOLE_PATH },
      { text: 'Schemas', link: SCHEMAS_PATH },
      { text: 'Metric reference', link: '/guides/analytics-metrics' },
    ],
  },
  {
    text: 'Operations by tag',
    items: referenceTags().map((tag) => ({ text: tag.name, link: `${REFERENCE_PATH}#${slugOf(tag.name)}` })),
  },
];

const decisionsSidebar = (decisions: readonly DecisionFile[]): DefaultTheme.SidebarItem[] => [
  {
    text: 'Decisions',
    items: [{ text: 'Index', link: '/decisions/README' }],
  },
  ...(['api', 'engineering'] as const).map((kind) => ({
    text: kind === 'api' ? 'API decisions' : 'Engineering decisions',
    collapsed: kind === 'engineering',
    items: decisions
      .filter((d) => d.kind === kind)
      .map((d) => ({ text: `${d.id}. ${d.title}`, link: `/decisions/${d.path.replace(/\.md$/, '')}` })),
  })),
];

export const releaseItems = (): DefaultTheme.SidebarItem[] =>
  readdirSync(RELEASES_DIR)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .reverse()
    .map((f) => ({ text: `Release ${f.replace(/\.md$/, '')}`, link: `/releases/${f.replace(/\.md$/, '')}` }));

/** A sidebar per part of the site, so a page carries only its own part's links. */
export const siteSidebar = (decisions: readonly DecisionFile[]): DefaultTheme.SidebarMulti => ({
  '/guides/': guidesSidebar(),
  '/releases/': guidesSidebar(),
  '/README': guidesSidebar(),
  '/reference/': referenceSidebar(),
  '/decisions/': decisionsSidebar(decisions),
});
