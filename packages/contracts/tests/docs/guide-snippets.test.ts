/**
 * The TypeScript examples of docs/guides/contract-tests.md and of this package's README compile
 * against this package's sources (the docs package has no Pact to compile them with), so a renamed
 * export or option fails here instead of misleading readers.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../support/contract.js';

const SOURCES = [
  resolve(PACKAGE_ROOT, '../../docs/guides/contract-tests.md'),
  resolve(PACKAGE_ROOT, 'README.md'),
];
const dir = join(PACKAGE_ROOT, 'test-results', `guide-snippets-${process.pid}`);

/** The ```ts blocks that are programs (they import); signatures and one-line fragments are not. */
const tsPrograms = (markdown: string): string[] =>
  [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)]
    .map((m) => m[1] ?? '')
    .filter((block) => /^import /m.test(block));

/** Names the examples use without declaring them, as a reader's surrounding code would provide. */
const AMBIENT: Record<string, string> = { baseUrl: 'string', token: 'string', otherToken: 'string' };

const withAmbient = (code: string): string =>
  [
    ...Object.entries(AMBIENT)
      .filter(([name]) => new RegExp(`\\b${name}\\b`).test(code))
      .filter(([name]) => !new RegExp(`\\b(?:const|let|var)\\s+${name}\\b`).test(code))
      .map(([name, type]) => `declare const ${name}: ${type};`),
    code,
    'export {};',
  ].join('\n');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the TypeScript examples of the contract guide and the README type-check', async () => {
  mkdirSync(dir, { recursive: true });
  const files = SOURCES.flatMap((source, s) =>
    tsPrograms(readFileSync(source, 'utf8')).map((block, i) => {
      const file = `snippet-${s}-${i + 1}.ts`;
      writeFileSync(join(dir, file), withAmbient(block));
      return file;
    }),
  );
  expect(files.length).toBeGreaterThanOrEqual(4);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../../../tooling/tsconfig.base.json',
      compilerOptions: {
        noEmit: true,
        // Top-level await in the examples, and @org/contracts as its users import it.
        module: 'ESNext',
        target: 'ES2022',
        types: ['node', 'vitest/globals'],
        paths: { '@org/contracts': ['../../src/index.ts'] },
      },
      // The validator ships no types: the package declares the part it uses.
      files: [...files, '../../src/openapi/swagger-mock-validator.d.ts'],
    }),
  );
  // The compiler readers run: TypeScript 7, the registry's latest.
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');
  const result = await promisify(execFile)(
    process.execPath,
    [tsc, '-p', 'tsconfig.json', '--pretty', 'false'],
    {
      cwd: dir,
    },
  ).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  expect(result.trim().split('\n').filter(Boolean)).toEqual([]);
}, 120_000);
