// Each check is shown failing on a tarball made to break it, and passing on one that does not.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarball, importedPackages, packageOf, readTarball } from './tarball-checks.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tarball-checks-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const MANIFEST = {
  name: '@acme/thing',
  version: '1.0.0',
  type: 'module',
  main: './dist/index.js',
  types: './dist/index.d.ts',
  bin: { thing: './dist/cli.js' },
  exports: {
    '.': { types: './dist/index.d.ts', default: './dist/index.js' },
    './package.json': './package.json',
  },
  dependencies: { zod: '^4.0.0' },
  devDependencies: { '@acme/private': '1.0.0' },
};

const FILES = {
  'dist/index.js': `import { z } from "zod";\nimport { readFile } from "node:fs";\nexport const x = z.string();`,
  'dist/index.d.ts': `import type { z } from 'zod';\nexport declare const x: z.ZodString;`,
  'dist/cli.js': `#!/usr/bin/env node\nimport("./index.js");`,
  'README.md': '# thing',
  'CHANGELOG.md': '# @acme/thing',
};

/** Packs a package folder as npm does (entries under package/) and reads it back. */
async function packed(name: string, manifest: object, files: Record<string, string>) {
  const dir = join(root, name);
  for (const [path, text] of Object.entries({ ...files, 'package.json': JSON.stringify(manifest) })) {
    await mkdir(dirname(join(dir, 'package', path)), { recursive: true });
    await writeFile(join(dir, 'package', path), text);
  }
  const file = join(root, `${name}.tgz`);
  await create({ gzip: true, cwd: dir, file, portable: true }, ['package']);
  return readTarball(file);
}

describe('checkTarball', () => {
  it('passes a package whose manifest and files a registry install resolves', async () => {
    expect(checkTarball(await packed('clean', MANIFEST, FILES))).toEqual([]);
  });

  it('finds a workspace: or catalog: range left in the manifest', async () => {
    const manifest = { ...MANIFEST, dependencies: { zod: 'catalog:', '@acme/model': 'workspace:^' } };
    expect(checkTarball(await packed('ranges', manifest, FILES))).toEqual([
      { check: 'workspace-range', detail: 'dependencies.zod: "catalog:"' },
      { check: 'workspace-range', detail: 'dependencies.@acme/model: "workspace:^"' },
    ]);
  });

  it('finds a published file that resolves a devDependency (the demo-world bug: a renamed require)', async () => {
    const files = {
      ...FILES,
      'dist/chunk.js': `import { createRequire } from "node:module";\nvar require2 = createRequire(import.meta.url);\nconst g = require2.resolve("@acme/private");`,
    };
    expect(checkTarball(await packed('private', MANIFEST, files))).toEqual([
      {
        check: 'undeclared-import',
        detail:
          'dist/chunk.js imports @acme/private, which is not a dependency of @acme/thing (only a devDependency)',
      },
    ]);
  });

  it('finds an import of a package that is no dependency at all, in code and in declarations', async () => {
    const files = {
      ...FILES,
      'dist/index.cjs': `const fastify = require('fastify');`,
      'dist/extra.d.ts': `export type T = import("vitest").Mock;`,
      // A docs site's browser bundle is not Node code: its import-like text is not a dependency.
      'dist/docs/scalar/standalone.js': `const client = await import("axios");`,
    };
    const problems = checkTarball(await packed('undeclared', MANIFEST, files));
    expect(problems.map((p) => p.detail).sort()).toEqual([
      'dist/extra.d.ts imports vitest, which is not a dependency of @acme/thing',
      'dist/index.cjs imports fastify, which is not a dependency of @acme/thing',
    ]);
  });

  it('finds a bin, main, types or exports target the tarball lacks', async () => {
    const { 'dist/cli.js': _cli, 'dist/index.d.ts': _types, ...files } = FILES;
    const manifest = { ...MANIFEST, exports: { ...MANIFEST.exports, './extra/*': './dist/extra/*.js' } };
    expect(checkTarball(await packed('targets', manifest, files)).map((p) => p.detail)).toEqual([
      'types -> ./dist/index.d.ts is not in the tarball',
      'bin.thing -> ./dist/cli.js is not in the tarball',
      'exports -> ./dist/index.d.ts is not in the tarball',
      'exports -> ./dist/extra/*.js is not in the tarball',
    ]);
  });

  it('finds a file outside the allow-list, and a missing README or CHANGELOG', async () => {
    const { 'CHANGELOG.md': _notes, ...files } = FILES;
    const manifest = { ...MANIFEST, bin: { thing: './bin/thing.js' } };
    const withExtras = { ...files, 'bin/thing.js': '#!/usr/bin/env node', 'src/index.ts': '', '.env': '' };
    expect(checkTarball(await packed('extras', manifest, withExtras)).map((p) => p.detail)).toEqual([
      '.env is outside the files allow-list',
      'src/index.ts is outside the files allow-list',
      'CHANGELOG.md is missing',
    ]);
  });
});

describe('importedPackages', () => {
  it('names packages of every import form, not relative paths or built-ins', () => {
    const text = [
      `import a from "a"; import "b/side"; export * from '@s/c/deep';`,
      `const d = await import('d'); const e = require("e"); __require("f");`,
      `import.meta.resolve("g"); require("./local"); import("node:fs"); require("path");`,
    ].join('\n');
    expect([...importedPackages(text)]).toEqual(['a', '@s/c', 'b', 'd', 'e', 'f', 'g']);
  });

  it('maps a specifier to its package', () => {
    expect(packageOf('@org/model/openapi')).toBe('@org/model');
    expect(packageOf('zod/v4')).toBe('zod');
    expect(packageOf('fs/promises')).toBeUndefined();
    expect(packageOf('#internal')).toBeUndefined();
  });
});
