/**
 * The built package as consumers get it (turbo builds before the tests): the runtime entry loads
 * nothing but `zod/v4`, which zod 3.25 and zod 4 both ship, so projects on either major can use it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = resolve(import.meta.dirname, '../dist');
const read = (file: string): string => {
  const path = resolve(dist, file);
  if (!existsSync(path))
    throw new Error(`${path} is missing: build the package first (pnpm --filter @org/model build).`);
  return readFileSync(path, 'utf8');
};
const importsOf = (code: string): Set<string> =>
  new Set(
    [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?|\brequire\()\s*["']([^"'.][^"']*)["']/g)].map(
      (m) => m[1]!,
    ),
  );

/** The runtime modules: the CommonJS bundle and every ES module but the generator's. */
const runtimeFiles = (): string[] => [
  'index.cjs',
  ...readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js') && f !== 'openapi.js')
    .map((f) => relative(dist, resolve(dist, f))),
];

describe('the runtime entry works with zod 3.25 and zod 4', () => {
  it('every runtime module imports nothing but zod/v4 (zod/v4/mini for @org/model/mini) and its own files', () => {
    read('index.js');
    const imports = new Set(runtimeFiles().flatMap((file) => [...importsOf(read(file))]));
    expect(imports).toEqual(new Set(['zod/v4', 'zod/v4/mini']));
  });

  it.each(['mini.cjs', 'mini/schemas.generated.js'])(
    'dist/%s (@org/model/mini) loads zod mini, never the classic API (D73)',
    (file) => {
      const imports = importsOf(read(file));
      expect([...imports].filter((i) => i.startsWith('zod'))).toEqual(['zod/v4/mini']);
    },
  );

  it.each(['openapi.js', 'openapi.cjs'])(
    'dist/%s (the build-time generator) imports nothing but zod/v4 (the generator is z.toJSONSchema)',
    (file) => {
      const imports = importsOf(read(file));
      expect([...imports].filter((i) => i.startsWith('zod'))).toEqual(['zod/v4']);
      expect([...imports].some((i) => /anatine|openapi3-ts|yaml|ts-deepmerge/.test(i))).toBe(false);
    },
  );

  it('declares zod 3.25 and 4 as its peer and installs no zod-3-only dependency', () => {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8'));
    expect(pkg.peerDependencies).toEqual({ zod: '^3.25.0 || ^4.0.0' });
    expect(pkg.dependencies ?? {}).toEqual({});
  });
});

describe('one set of type declarations per entry', () => {
  it.each(['index', 'mini', 'openapi'])(
    'dist/%s.d.ts re-exports dist/%s.d.cts instead of repeating it',
    (entry) => {
      expect(read(`${entry}.d.ts`)).toBe(`export * from './${entry}.cjs';\n`);
      expect(read(`${entry}.d.cts`).length).toBeGreaterThan(1000);
    },
  );
});
