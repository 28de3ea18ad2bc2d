import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The package as a team installs it from a registry, with no workspace around it: its bundle may
 * load only what its own package.json makes npm install, and it stays light.
 */
const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(PACKAGE, 'dist');
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  engines: { node: string };
};

/** The package a specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every module the bundle imports, requires or resolves by a bare name, with the files naming it. */
const bareSpecifiers = () => {
  const found = new Map<string, Set<string>>();
  const code = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.js') && !file.startsWith('docs'),
  );
  const pattern =
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\.resolve\s*\(\s*)(["'])([^"'./][^"']*)\1/g;
  for (const file of code)
    for (const [, , specifier] of readFileSync(join(DIST, file), 'utf8').matchAll(pattern)) {
      const files = found.get(specifier!) ?? new Set<string>();
      found.set(specifier!, files.add(file));
    }
  return found;
};

describe('the published package', () => {
  it('loads only Node built-ins and its own dependencies (never the private demo world package)', () => {
    const allowed = new Set([
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.peerDependencies),
    ]);
    const builtins = new Set(builtinModules);
    const strays = [...bareSpecifiers()]
      .filter(([specifier]) => !specifier.startsWith('node:') && !builtins.has(specifier))
      .filter(([specifier]) => !allowed.has(packageOf(specifier)))
      .map(([specifier, files]) => `${specifier} (${[...files].join(', ')})`);
    expect(strays).toEqual([]);
    expect(Object.keys(manifest.dependencies)).not.toContain('@org/demo-world');
  });

  it("carries its own copy of the model, so it runs on its own zod whatever zod the team's project has", () => {
    // Loaded from the team's install, npm would give @org/model the project's zod 3.25 (its v4 is
    // 4.0): the sandbox's document and state catalogue answered 500, and error messages differed.
    const model = [...bareSpecifiers().keys()].filter((specifier) => packageOf(specifier) === '@org/model');
    expect(model).toEqual([]);
    expect(bareSpecifiers().has('zod/v4')).toBe(true);
  });

  it('weighs at most 8 MB packed and 40 MB unpacked, with its docs site and the archives of the worlds', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: PACKAGE,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as Array<{ size: number; unpackedSize: number; files: Array<{ path: string }> }>;
    const paths = packed!.files.map((f) => f.path);
    // The demo worlds share one archive; the empty database (what a new database that no prebuilt
    // world matches starts from) is first in the tiny world's (store/prebuilt-worlds/prebuilt-world.ts).
    expect(paths.filter((path) => path.startsWith('dist/worlds/')).sort()).toEqual([
      'dist/worlds/demo.tar.br',
      'dist/worlds/manifest.json',
      'dist/worlds/tiny.tar.br',
    ]);
    expect(paths).toContain('dist/docs/index.html');
    expect(packed!.size).toBeLessThanOrEqual(8_000_000);
    expect(packed!.unpackedSize).toBeLessThanOrEqual(40_000_000);
  });

  it('declares the Node versions it supports', () => {
    expect(manifest.engines.node).toBe('>=22');
  });
});
