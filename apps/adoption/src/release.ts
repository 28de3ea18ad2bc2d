// The release flow as a maintainer runs it, into a registry: `changeset version` (the fixed group),
// then every published package packed, its tarball checked, and published. It runs in a scratch copy
// of the workspace's release files, so the repository itself is never versioned by a test.
import { cp, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pnpm, REPO_ROOT, type RunResult, run } from './harness.js';
import type { LocalRegistry } from './registry.js';
import { checkTarball, type Manifest, type Problem, readTarball } from './tarball-checks.js';

/** A workspace package: its folder (relative to the root) and manifest. */
interface WorkspacePackage {
  readonly folder: string;
  readonly manifest: Manifest & { private?: boolean; files?: string[] };
}

export interface PublishedPackage {
  readonly name: string;
  readonly version: string;
  readonly tarball: string;
  /** Bytes of the .tgz, and of its files unpacked. */
  readonly packedBytes: number;
  readonly unpackedBytes: number;
  readonly problems: readonly Problem[];
}

export interface ReleaseResult {
  readonly ok: boolean;
  readonly log: string;
  readonly packages: readonly PublishedPackage[];
}

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

/** The caret range of the released major, as a team taking it writes it (`^2`). */
export function caretOf(release: ReleaseResult): string {
  return `^${release.packages[0]!.version.split('.')[0]}`;
}

/** Every package of the workspace (pnpm-workspace.yaml: packages/*, apps/*, docs). */
export async function workspacePackages(): Promise<WorkspacePackage[]> {
  const folders = ['docs'];
  for (const parent of ['packages', 'apps'])
    for (const entry of await readdir(join(REPO_ROOT, parent), { withFileTypes: true }))
      if (entry.isDirectory()) folders.push(`${parent}/${entry.name}`);
  const found = await Promise.all(
    folders.map(async (folder) => {
      const manifest = await readJson<WorkspacePackage['manifest']>(
        join(REPO_ROOT, folder, 'package.json'),
      ).catch(() => undefined);
      return manifest ? { folder, manifest } : undefined;
    }),
  );
  return found.filter((p): p is WorkspacePackage => p !== undefined);
}

/**
 * The scratch workspace: the root manifest, the workspace file (its catalog), the changesets and
 * every package's manifest, plus the published packages' own files (`files`: dist, bin, README,
 * CHANGELOG). node_modules links to the repository's, where changesets finds its changelog module.
 */
async function scratchWorkspace(dir: string, packages: readonly WorkspacePackage[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset'])
    await cp(join(REPO_ROOT, file), join(dir, file), { recursive: true });
  await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const folders = new Map(packages.map((p) => [p.manifest.name, p.folder]));
  for (const { folder, manifest } of packages) {
    await mkdir(join(dir, folder), { recursive: true });
    await linkWorkspaceDependencies(dir, folder, manifest, folders);
    await cp(join(REPO_ROOT, folder, 'package.json'), join(dir, folder, 'package.json'));
    if (manifest.private) continue;
    for (const entry of manifest.files ?? [])
      await cp(join(REPO_ROOT, folder, entry), join(dir, folder, entry), { recursive: true }).catch(
        (error: NodeJS.ErrnoException) => {
          // A CHANGELOG.md appears with the first release; a missing one is no error.
          if (error.code !== 'ENOENT') throw error;
        },
      );
  }
}

/**
 * Links a package's `workspace:` dependencies to their scratch folders, as `pnpm install` would:
 * `pnpm pack` reads the version it writes for such a range from the installed dependency.
 */
async function linkWorkspaceDependencies(
  dir: string,
  folder: string,
  manifest: Manifest,
  folders: ReadonlyMap<string, string>,
): Promise<void> {
  const ranges = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies };
  for (const [name, range] of Object.entries(ranges)) {
    const target = folders.get(name);
    if (!range.startsWith('workspace:') || !target) continue;
    const link = join(dir, folder, 'node_modules', name);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(dir, target), link, 'dir');
  }
}

/** `changeset version` with the repository's changesets CLI, in the scratch workspace. */
async function changesetVersion(dir: string): Promise<RunResult> {
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  return run(process.execPath, [require.resolve('@changesets/cli/bin.js'), 'version'], dir);
}

/** `pnpm pack` of one package of the scratch workspace (workspace: and catalog: ranges rewritten). */
async function pack(
  dir: string,
  folder: string,
  destination: string,
): Promise<RunResult & { file?: string }> {
  const [command, prefix] = await pnpm();
  const packed = await run(
    command,
    [...prefix, 'pack', '--pack-destination', destination, '--json'],
    join(dir, folder),
  );
  if (!packed.ok) return packed;
  const { filename } = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('{'))) as { filename: string };
  return { ...packed, file: filename };
}

/** `npm publish <tarball>` into the registry, as the publisher. */
export async function publishTarball(
  tarball: string,
  registry: LocalRegistry,
  workDir: string,
): Promise<RunResult> {
  const userconfig = join(workDir, '.npmrc-publish');
  await writeFile(userconfig, registry.publishConfig);
  return run(
    'npm',
    ['publish', tarball, '--registry', registry.url, '--userconfig', userconfig, '--access', 'restricted'],
    workDir,
  );
}

/**
 * Versions the fixed group with `changeset version`, packs every published package, checks each
 * tarball, and publishes them all when every check holds (nothing is published otherwise).
 */
export async function releaseInto(registry: LocalRegistry, root: string): Promise<ReleaseResult> {
  const dir = join(root, 'release');
  const tarballs = join(root, 'release-tarballs');
  await mkdir(tarballs, { recursive: true });
  const packages = await workspacePackages();
  await scratchWorkspace(dir, packages);
  const versioned = await changesetVersion(dir);
  if (!versioned.ok) return { ok: false, log: versioned.log, packages: [] };
  const published = packages.filter((p) => !p.manifest.private);
  const packed = await Promise.all(published.map((p) => pack(dir, p.folder, tarballs)));
  const failedPack = packed.find((p) => !p.ok || !p.file);
  if (failedPack) return { ok: false, log: failedPack.log, packages: [] };
  const results: PublishedPackage[] = await Promise.all(
    packed.map(async ({ file }) => {
      const contents = await readTarball(file!);
      const { size } = await stat(file!);
      return {
        name: contents.manifest.name,
        version: contents.manifest.version,
        tarball: file!,
        packedBytes: size,
        // What `npm pack` reports as the unpacked size: the sum of the files' sizes.
        unpackedBytes: contents.files.reduce((sum, f) => sum + f.size, 0),
        problems: checkTarball(contents),
      };
    }),
  );
  const problems = results.flatMap((r) => r.problems.map((p) => `${r.name}: ${p.check}: ${p.detail}`));
  if (problems.length > 0)
    return {
      ok: false,
      log: `not published, the tarballs fail their checks:\n${problems.join('\n')}`,
      packages: results,
    };
  const logs = [versioned.log];
  // One at a time: a dependency is in the registry before the package that depends on it is.
  for (const result of results) {
    const publishedOne = await publishTarball(result.tarball, registry, root);
    logs.push(publishedOne.log);
    if (!publishedOne.ok) return { ok: false, log: logs.join('\n'), packages: results };
  }
  const summary = results.map((r) => `${r.name}@${r.version} (${relative(root, r.tarball)})`).join(', ');
  return { ok: true, log: `published ${summary}\n${logs.join('\n')}`, packages: results };
}
