import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface PendingChangeset {
  readonly file: string;
  /** Package name -> bump, from the changeset's front matter. */
  readonly releases: Readonly<Record<string, Bump>>;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

export function parseChangeset(file: string, text: string): PendingChangeset {
  const match = FRONT_MATTER.exec(text);
  const data: unknown = match ? parse(match[1] ?? '') : {};
  const releases: Record<string, Bump> = {};
  if (typeof data === 'object' && data !== null) {
    for (const [name, bump] of Object.entries(data)) {
      if (bump === 'major' || bump === 'minor' || bump === 'patch' || bump === 'none') releases[name] = bump;
    }
  }
  return { file, releases };
}

/** The changesets waiting in a .changeset directory (every *.md but its README). */
export async function readPendingChangesets(dir: string): Promise<PendingChangeset[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const markdown = files.filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md').sort();
  return Promise.all(markdown.map(async (f) => parseChangeset(f, await readFile(join(dir, f), 'utf8'))));
}

/** The `fixed` groups of .changeset/config.json: packages that always share one version. */
export async function readFixedGroups(dir: string): Promise<string[][]> {
  const text = await readFile(join(dir, 'config.json'), 'utf8').catch(() => '{}');
  const config = JSON.parse(text) as { fixed?: unknown };
  return Array.isArray(config.fixed)
    ? config.fixed.filter((g): g is string[] => Array.isArray(g) && g.every((n) => typeof n === 'string'))
    : [];
}

/**
 * The changesets that make `pkg` a major release. With `fixed` groups, changesets bumps every package of
 * the group to the highest bump declared for any of them, so a major on @org/client also majors the model.
 */
export function majorChangesetsFor(
  pkg: string,
  changesets: readonly PendingChangeset[],
  fixedGroups: readonly (readonly string[])[],
): PendingChangeset[] {
  const group = new Set([pkg, ...fixedGroups.filter((g) => g.includes(pkg)).flat()]);
  return changesets.filter((c) =>
    Object.entries(c.releases).some(([name, bump]) => bump === 'major' && group.has(name)),
  );
}
