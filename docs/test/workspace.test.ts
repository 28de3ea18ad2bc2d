import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../scripts/lib/paths.js';
import { workspacePackages } from '../scripts/lib/release/workspace.js';

let root: string | undefined;
afterEach(() => (root ? rm(root, { recursive: true, force: true }) : undefined));

describe('workspacePackages', () => {
  it('reads the names of the folders pnpm-workspace.yaml names, "dir/*" and "dir" alike', async () => {
    root = await mkdtemp(join(tmpdir(), 'workspace-'));
    await writeFile(
      join(root, 'pnpm-workspace.yaml'),
      'packages:\n  - packages/*\n  - docs\n  - "!ignored"\n',
    );
    for (const [dir, name] of [
      ['packages/a', '@x/a'],
      ['packages/b', '@x/b'],
      ['docs', '@x/docs'],
    ] as const) {
      await mkdir(join(root, dir), { recursive: true });
      await writeFile(join(root, dir, 'package.json'), JSON.stringify({ name }));
    }
    await mkdir(join(root, 'packages/no-manifest'));
    const found = await workspacePackages(root);
    expect(found.map((p) => [p.name, p.dir]).sort()).toEqual([
      ['@x/a', join(root, 'packages/a')],
      ['@x/b', join(root, 'packages/b')],
      ['@x/docs', join(root, 'docs')],
    ]);
  });

  it('finds the published packages of this repository', async () => {
    const names = (await workspacePackages(REPO_ROOT)).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['@org/model', '@org/client', '@org/contracts', '@org/docs']),
    );
  });
});
