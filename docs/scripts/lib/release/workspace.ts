import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface WorkspacePackage {
  readonly name: string;
  readonly dir: string;
}

/** The package directories pnpm-workspace.yaml names: "dir/*" (each folder of dir) or "dir". */
const packageDirs = async (root: string): Promise<string[]> => {
  const text = await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8').catch(() => '');
  const config = (parse(text) ?? {}) as { packages?: unknown };
  const patterns = Array.isArray(config.packages)
    ? config.packages.filter((p): p is string => typeof p === 'string' && !p.startsWith('!'))
    : [];
  const dirs = await Promise.all(
    patterns.map(async (pattern) => {
      if (!pattern.endsWith('/*')) return [join(root, pattern)];
      const parent = join(root, pattern.slice(0, -2));
      const children = await readdir(parent, { withFileTypes: true }).catch(() => []);
      return children.filter((c) => c.isDirectory()).map((c) => join(parent, c.name));
    }),
  );
  return dirs.flat();
};

/** The packages of the workspace at `root`, by the name in their package.json. */
export async function workspacePackages(root: string): Promise<WorkspacePackage[]> {
  const found = await Promise.all(
    (await packageDirs(root)).map(async (dir) => {
      const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
      const name = text === undefined ? undefined : (JSON.parse(text) as { name?: unknown }).name;
      return typeof name === 'string' ? [{ name, dir }] : [];
    }),
  );
  return found.flat();
}
