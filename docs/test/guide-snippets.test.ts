/**
 * The TypeScript examples of the guides are compiled against the built @org/model and @org/client,
 * so a renamed export or option fails here instead of misleading readers.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GUIDES_DIR, REPO_ROOT, TEST_RESULTS_DIR } from '../scripts/lib/paths.js';
import { run } from './support/run.js';

/** Guides whose ```ts blocks are complete programs; the contract guide needs Pact and is left out. */
const CHECKED_GUIDES = [
  'getting-started.md',
  'authentication.md',
  'pagination.md',
  'filtering-and-search.md',
  'rate-limits.md',
  'errors.md',
  'using-the-model.md',
];

/** Names the guides use without declaring them, as a reader's surrounding code would provide. */
const AMBIENT: Record<string, string> = {
  client: "import('@org/client').ApiClient",
  response: 'Response',
  baseUrl: 'string',
  token: 'string',
};

const tsBlocks = (markdown: string): string[] =>
  [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => (m[1] ?? '').replace(/^ {2}/gm, ''));

const withAmbient = (code: string): string => {
  const declarations = Object.entries(AMBIENT)
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(code))
    .filter(([name]) => !new RegExp(`\\b(?:const|let|var|function)\\s+${name}\\b`).test(code))
    .map(([name, type]) => `declare const ${name}: ${type};`);
  return [...declarations, code, 'export {};'].join('\n');
};

describe('the TypeScript examples of the guides', () => {
  const dir = join(TEST_RESULTS_DIR, `guide-snippets-${process.pid}`);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('type-check against the built packages', async () => {
    await mkdir(dir, { recursive: true });
    const files: string[] = [];
    for (const guide of CHECKED_GUIDES) {
      const blocks = tsBlocks(await readFile(join(GUIDES_DIR, guide), 'utf8'));
      for (const [i, block] of blocks.entries()) {
        const file = `${guide.replace(/\.md$/, '')}-${i + 1}.mts`;
        await writeFile(join(dir, file), withAmbient(block));
        files.push(file);
      }
    }
    expect(files.length).toBeGreaterThan(10);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          // @org/client is not a dependency of @org/docs; point at its built declarations.
          paths: { '@org/client': [join(REPO_ROOT, 'packages/client/dist/index.d.ts')] },
        },
        files,
      }),
    );
    // The compiler readers run: TypeScript 7, the registry's latest.
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], dir);
    expect(result.stdout.trim().split('\n').filter(Boolean)).toEqual([]);
    expect(result.code).toBe(0);
  });
});
