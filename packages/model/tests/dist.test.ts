/**
 * The built package as consumers get it (turbo builds before the tests): the runtime entry loads
 * nothing but `zod/v3`, which zod 3.25 and zod 4 both ship, so projects on either major can use it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

describe('the runtime entry works with zod 3.25 and zod 4', () => {
  it.each(['index.js', 'index.cjs'])('dist/%s imports only zod/v3', (file) => {
    expect(importsOf(read(file))).toEqual(new Set(['zod/v3']));
  });

  it.each(['openapi.js', 'openapi.cjs'])(
    'dist/%s (the build-time generator) carries its generator and imports zod/v3',
    (file) => {
      const imports = importsOf(read(file));
      expect([...imports].filter((i) => i.startsWith('zod'))).toEqual(['zod/v3']);
      expect([...imports].some((i) => /anatine|openapi3-ts|yaml|ts-deepmerge/.test(i))).toBe(false);
    },
  );

  it('declares zod 3.25 and 4 as its peer and installs no zod-3-only dependency', () => {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8'));
    expect(pkg.peerDependencies).toEqual({ zod: '^3.25.0 || ^4.0.0' });
    expect(pkg.dependencies ?? {}).toEqual({});
  });
});
