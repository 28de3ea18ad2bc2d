/** What changesets wrote for one package of the release (its CHANGELOG.md entry). */
export interface PackageChanges {
  readonly name: string;
  readonly entry: string;
}

export interface ReleaseNotesInput {
  readonly version: string;
  /** The packages released together (the fixed group), each with its changelog entry. */
  readonly packages: readonly PackageChanges[];
  /** The generated "API changes" section (level-2 heading). */
  readonly apiChanges: string;
}

/**
 * docs/releases/<version>.md: the changesets of every package of the release, then what changed in
 * the API document. A package's entry keeps changesets' "### Major|Minor|Patch Changes" headings,
 * which fall under the package's level-2 heading here as they fall under the version's there.
 */
export function renderReleaseNotes({ version, packages, apiChanges }: ReleaseNotesInput): string {
  return [
    `# Release ${version}`,
    '',
    packages.length === 0
      ? 'No package changelog has an entry for this version.'
      : `Released together as ${version}: ${packages.map((p) => `\`${p.name}\``).join(', ')}.`,
    ...packages.flatMap((p) => [
      '',
      `## ${p.name}`,
      '',
      p.entry === '' ? '_No changes of its own._' : p.entry,
    ]),
    '',
    apiChanges,
    '',
  ].join('\n');
}
