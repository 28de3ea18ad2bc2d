/**
 * Records a release (`pnpm --filter @org/docs record-release`), once `changeset version` has bumped
 * the packages and `pnpm generate` has regenerated docs/openapi.json (its info.version is the
 * model's version):
 *  - docs/releases/openapi-<version>.json: the released document, the gate's next baseline;
 *  - docs/releases/<version>.md: the release notes, the packages' changelog entries and "API changes
 *    since <previous version>" by the breaking-change gate's differ;
 *  - the same section at the end of the newest entry of packages/model/CHANGELOG.md.
 * Commit the three with the release. Running it again rewrites them (the section is replaced).
 *
 * Options: --current <file> --releases <dir> --root <workspace> --dry-run (print the notes, write nothing)
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { OPENAPI_JSON, RELEASES_DIR, REPO_ROOT } from './lib/paths.js';
import { type RecordedRelease, recordRelease } from './lib/release/record-release.js';

const { values } = parseArgs({
  options: {
    current: { type: 'string', default: OPENAPI_JSON },
    releases: { type: 'string', default: RELEASES_DIR },
    root: { type: 'string', default: REPO_ROOT },
    'dry-run': { type: 'boolean', default: false },
  },
});

const dryRun = values['dry-run'];
const release = await recordRelease({
  currentPath: values.current,
  releasesDir: values.releases,
  root: values.root,
  dryRun,
});
/** pnpm runs the script in docs/: paths relative to it are what a maintainer types next. */
const shown = (path: string): string => relative(process.cwd(), path) || path;

/** What was written (or would be, in a dry run), one line per file. */
const reportLines = (release: RecordedRelease): string[] => {
  const verb = dryRun ? 'would write' : 'recorded';
  const changes = release.apiChanges;
  const summary = changes
    ? `${changes.entries.length} API change(s) since ${release.previousVersion}, ${changes.breakingCount} breaking`
    : 'the first release, no earlier document';
  const changelog = release.changelog;
  return [
    `${verb} ${shown(release.baselinePath)}`,
    `${verb} ${shown(release.notesPath)}: ${summary}`,
    ...(changelog?.updated
      ? [`${dryRun ? 'would add' : 'added'} the API changes to ${shown(changelog.path)}`]
      : changelog
        ? [`left ${shown(changelog.path)} alone: ${changelog.reason}`]
        : []),
  ];
};

if (dryRun) console.log(release.notesMarkdown);
console.log(reportLines(release).join('\n'));
