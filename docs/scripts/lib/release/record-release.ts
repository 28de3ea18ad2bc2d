import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { baselineFileName, previousBaseline } from '../breaking/baseline.js';
import { readFixedGroups } from '../breaking/changesets.js';
import { MODEL_PACKAGE } from '../breaking/gate.js';
import { type ApiReleaseNotes, apiReleaseNotes } from '../breaking/release-notes.js';
import { formatApiChanges, formatFirstRelease } from '../breaking/release-notes-markdown.js';
import type { Json } from '../breaking/types.js';
import { changelogEntry, topVersion, withApiChanges } from './changelog.js';
import { type PackageChanges, renderReleaseNotes } from './notes-file.js';
import { type WorkspacePackage, workspacePackages } from './workspace.js';

export interface RecordReleaseOptions {
  /** The regenerated document (docs/openapi.json); its info.version is the release's version. */
  readonly currentPath: string;
  /** Where released documents and notes are kept (docs/releases). */
  readonly releasesDir: string;
  /** The workspace root: pnpm-workspace.yaml, .changeset/config.json and the packages' CHANGELOG.md. */
  readonly root: string;
  /** Compute everything, write nothing. */
  readonly dryRun?: boolean;
}

export interface RecordedRelease {
  readonly version: string;
  /** The release compared with; undefined for the first one. */
  readonly previousVersion: string | undefined;
  readonly baselinePath: string;
  readonly notesPath: string;
  /** The notes file's text. */
  readonly notesMarkdown: string;
  /** The API changes, machine-readable; undefined for the first release. */
  readonly apiChanges: ApiReleaseNotes | undefined;
  /** The model's CHANGELOG.md when its top entry got the API section, else why it did not. */
  readonly changelog:
    | { readonly path: string; readonly updated: boolean; readonly reason?: string }
    | undefined;
}

const readJson = async (path: string): Promise<Json> => JSON.parse(await readFile(path, 'utf8')) as Json;
const readIfExists = (path: string): Promise<string | undefined> =>
  readFile(path, 'utf8').catch(() => undefined);

const releaseVersion = (doc: Json, path: string): string => {
  const info = doc.info as { version?: unknown } | undefined;
  const version = info?.version;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error(`${path} has no semver info.version (found ${String(version)})`);
  }
  return version;
};

/** The packages released with the model: its fixed group (one version for all), the model first. */
const releasedPackages = async (root: string): Promise<WorkspacePackage[]> => {
  const groups = await readFixedGroups(join(root, '.changeset'));
  const names = [MODEL_PACKAGE, ...(groups.find((g) => g.includes(MODEL_PACKAGE)) ?? [])];
  const byName = new Map((await workspacePackages(root)).map((p) => [p.name, p]));
  return [...new Set(names)].flatMap((name) => byName.get(name) ?? []);
};

const packageChanges = async (packages: readonly WorkspacePackage[], version: string) => {
  const found = await Promise.all(
    packages.map(async ({ name, dir }): Promise<PackageChanges[]> => {
      const text = await readIfExists(join(dir, 'CHANGELOG.md'));
      const entry = text === undefined ? undefined : changelogEntry(text, version);
      return entry === undefined ? [] : [{ name, entry }];
    }),
  );
  return found.flat();
};

/** Adds the API section to the model's newest CHANGELOG entry, if that entry is this release's. */
const extendModelChangelog = async (
  model: WorkspacePackage | undefined,
  version: string,
  section: string,
  dryRun: boolean,
): Promise<RecordedRelease['changelog']> => {
  if (!model) return undefined;
  const path = join(model.dir, 'CHANGELOG.md');
  const text = await readIfExists(path);
  if (text === undefined) return undefined;
  const extended = withApiChanges(text, version, section);
  if (extended === undefined) {
    const top = topVersion(text);
    return { path, updated: false, reason: `its newest entry is ${top ?? 'none'}, not ${version}` };
  }
  if (!dryRun && extended !== text) await writeFile(path, extended);
  return { path, updated: true };
};

/**
 * Records a release once `changeset version` has bumped the versions and the document is regenerated:
 * copies the document to releases/openapi-<version>.json (the gate's next baseline), writes
 * releases/<version>.md (the packages' changelog entries and the API changes since the previous
 * release, by the gate's differ) and adds the same API section to the model's CHANGELOG entry.
 * Running it again rewrites the same files and replaces the section.
 */
export async function recordRelease(options: RecordReleaseOptions): Promise<RecordedRelease> {
  const { currentPath, releasesDir, root, dryRun = false } = options;
  const doc = await readJson(currentPath);
  const version = releaseVersion(doc, currentPath);
  const previous = await previousBaseline(releasesDir, version);
  const apiChanges = previous
    ? apiReleaseNotes(await readJson(previous.path), doc, { from: previous.version, to: version })
    : undefined;
  const section = (level: number) =>
    apiChanges ? formatApiChanges(apiChanges, level) : formatFirstRelease(level);

  const packages = await releasedPackages(root);
  const notesMarkdown = renderReleaseNotes({
    version,
    packages: await packageChanges(packages, version),
    apiChanges: section(2),
  });
  const baselinePath = join(releasesDir, baselineFileName(version));
  const notesPath = join(releasesDir, `${version}.md`);
  if (!dryRun) {
    await mkdir(releasesDir, { recursive: true });
    await copyFile(currentPath, baselinePath);
    await writeFile(notesPath, notesMarkdown);
  }
  // In the changelog the version is the level-2 heading, so the section sits one level below it.
  const model = packages.find((p) => p.name === MODEL_PACKAGE);
  const changelog = await extendModelChangelog(model, version, section(3), dryRun);
  return {
    version,
    previousVersion: previous?.version,
    baselinePath,
    notesPath,
    notesMarkdown,
    apiChanges,
    changelog,
  };
}
