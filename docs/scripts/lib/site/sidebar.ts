import { readdirSync } from 'node:fs';
import type { DefaultTheme } from 'vitepress';
import { DECISION_KINDS, type DecisionFile, type DecisionKind } from '../decisions/read-decisions.js';
import { GUIDES } from '../guides.js';
import { RELEASES_DIR } from '../paths.js';
import { CONSOLE_PATH, REFERENCE_PATH, SCHEMAS_PATH, slugOf, workflowPath } from './links.js';
import { referenceTags } from './reference-model.js';
import type { WorkflowFile } from './workflow-files.js';

function guidesSidebar(): DefaultTheme.SidebarItem[] {
  return [
    {
      text: 'Guides',
      items: [
        { text: 'Overview', link: '/README' },
        ...GUIDES.map((g) => ({ text: g.title, link: `/guides/${g.file.replace(/\.md$/, '')}` })),
      ],
    },
    { text: 'Release notes', items: releaseItems() },
  ];
}

/**
 * The reference's own links, the workflows (tasks across operations, each step linked to its
 * operation's page) and one link per tag (its list on the overview page). The operations are not
 * listed one by one here: the sidebar is rendered into every page, and the overview lists them all.
 */
function referenceSidebar(workflows: readonly WorkflowFile[]): DefaultTheme.SidebarItem[] {
  return [
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
      text: 'Workflows',
      items: workflows.map((w) => ({ text: w.document.info.title, link: workflowPath(w.name) })),
    },
    {
      text: 'Operations by tag',
      items: referenceTags().map((tag) => ({
        text: tag.name,
        link: `${REFERENCE_PATH}#${slugOf(tag.name)}`,
      })),
    },
  ];
}

const KIND_TITLES: Record<DecisionKind, string> = {
  api: 'API decisions',
  engineering: 'Engineering decisions',
};
function decisionLink(d: DecisionFile): string {
  return `/decisions/${d.path.replace(/\.md$/, '')}`;
}

/** A decision's ten: D87 is in the ten that begins at D80, whose files' names begin `008`. */
function tenOf(d: DecisionFile): number {
  return Math.floor(d.number / 10);
}
function tenPrefix(ten: number): string {
  return String(ten).padStart(3, '0');
}

/**
 * The sidebar of a decision page: its own ten's decisions one by one, the other tens of its kind one
 * link each (to their first decision), the other kind one link, and the index of all of them. The
 * sidebar is rendered into every page of its part: one list of every decision on every decision page
 * was 30 kB of each page, 2.3 MB of the site, and a list of a whole kind grew with the square of its
 * decisions (23 kB of each engineering page at 52 of them).
 */
function decisionsSidebar(
  decisions: readonly DecisionFile[],
  page?: { kind: DecisionKind; ten: number },
): DefaultTheme.SidebarItem[] {
  const ofKind = (k: DecisionKind) => decisions.filter((d) => d.kind === k);
  const others = DECISION_KINDS.filter((k) => k !== page?.kind);
  const tens = page ? [...new Set(ofKind(page.kind).map(tenOf))] : [];
  return [
    {
      text: 'Decisions',
      items: [
        { text: 'Index', link: '/decisions/README' },
        ...others.flatMap((k) => {
          const first = ofKind(k)[0];
          return first ? [{ text: KIND_TITLES[k], link: decisionLink(first) }] : [];
        }),
      ],
    },
    ...(page
      ? [
          {
            text: KIND_TITLES[page.kind],
            items: tens.flatMap((ten) => {
              const inTen = ofKind(page.kind).filter((d) => tenOf(d) === ten);
              if (ten === page.ten)
                return inTen.map((d) => ({ text: `${d.id}. ${d.title}`, link: decisionLink(d) }));
              const span = `${inTen[0]!.id}-${inTen[inTen.length - 1]!.id}`;
              return [{ text: span, link: decisionLink(inTen[0]!) }];
            }),
          },
        ]
      : []),
  ];
}

/** The sidebars of the decision pages, one per kind and ten (the longest matching path wins). */
function decisionSidebars(decisions: readonly DecisionFile[]): DefaultTheme.SidebarMulti {
  const sidebars: DefaultTheme.SidebarMulti = {};
  for (const d of decisions) {
    const key = `/decisions/${d.kind}/${tenPrefix(tenOf(d))}`;
    sidebars[key] ??= decisionsSidebar(decisions, { kind: d.kind, ten: tenOf(d) });
  }
  return sidebars;
}

export function releaseItems(): DefaultTheme.SidebarItem[] {
  return readdirSync(RELEASES_DIR)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .reverse()
    .map((f) => ({ text: `Release ${f.replace(/\.md$/, '')}`, link: `/releases/${f.replace(/\.md$/, '')}` }));
}

/** A sidebar per part of the site, so a page carries only its own part's links. */
export function siteSidebar(
  decisions: readonly DecisionFile[],
  workflows: readonly WorkflowFile[],
): DefaultTheme.SidebarMulti {
  return {
    '/guides/': guidesSidebar(),
    '/releases/': guidesSidebar(),
    '/README': guidesSidebar(),
    '/reference/': referenceSidebar(workflows),
    ...decisionSidebars(decisions),
    '/decisions/': decisionsSidebar(decisions),
  };
}
