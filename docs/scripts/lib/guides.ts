/**
 * The guides in reading order. The reference's navigation bar and the index test read this list, so a
 * new guide is added here once and shows up everywhere.
 */
export interface Guide {
  /** File name under docs/guides/. */
  readonly file: string;
  readonly title: string;
}

export const GUIDES: readonly Guide[] = [
  { file: 'getting-started.md', title: 'Getting started' },
  { file: 'authentication.md', title: 'Authentication and context' },
  { file: 'pagination.md', title: 'Pagination' },
  { file: 'filtering-and-search.md', title: 'Filtering and search' },
  { file: 'rate-limits.md', title: 'Rate limits' },
  { file: 'errors.md', title: 'Errors' },
  { file: 'versioning.md', title: 'Versioning and deprecation' },
  { file: 'analytics-metrics.md', title: 'Analytics metrics' },
  { file: 'using-the-model.md', title: 'Using @org/model' },
  { file: 'contract-tests.md', title: 'Consumer contract tests' },
  { file: 'reference-server.md', title: 'Running the reference server' },
  { file: 'sandbox.md', title: 'Testing against the reference server (sandbox)' },
  { file: 'release-flow.md', title: 'Releases and the breaking-change gate' },
];
