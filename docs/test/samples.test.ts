import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, TEST_RESULTS_DIR } from '../scripts/lib/paths.js';
import {
  integerQueryOf,
  referenceDocument,
  referenceOperations,
} from '../scripts/lib/site/reference-model.js';
import { samplesOf } from '../scripts/lib/site/samples.js';
import { run } from './support/run.js';

const CLIENT_PACKAGE = fileURLToPath(new URL('../../packages/client', import.meta.url));
const TSC = join(DOCS_DIR, 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * The `@org/client` sample of every operation, as a reader's project compiles it: strict, ESM with
 * top-level await, `@org/client` installed (a link to the built package, a dependency of this test
 * task), Node's types from this package.
 */
describe('the @org/client code samples', () => {
  const project = join(TEST_RESULTS_DIR, 'client-samples');

  beforeAll(async () => {
    await rm(project, { recursive: true, force: true });
    await mkdir(join(project, 'node_modules', '@org'), { recursive: true });
    await symlink(CLIENT_PACKAGE, join(project, 'node_modules', '@org', 'client'), 'dir');
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [join(DOCS_DIR, 'node_modules', '@types')],
        },
        include: ['*.ts'],
      }),
    );
    const doc = referenceDocument();
    for (const op of referenceOperations(doc)) {
      const sample = samplesOf(op.id, op.endpoint, integerQueryOf(doc, op.operation)).client;
      await writeFile(join(project, `${op.id}.ts`), `${sample}\nexport {};\n`);
    }
  });

  afterAll(async () => {
    await rm(project, { recursive: true, force: true });
  });

  it('type-check with tsc for every operation of the endpoint table', async () => {
    const result = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], project);
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.code).toBe(0);
  });
});
