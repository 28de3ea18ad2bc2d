import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleStatesOf } from '@org/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, TEST_RESULTS_DIR } from '../scripts/lib/paths.js';
import {
  integerQueryOf,
  referenceDocument,
  referenceOperations,
} from '../scripts/lib/site/reference-model.js';
import { samplesOf } from '../scripts/lib/site/samples.js';
import { type DocsServer, startDocsServer } from './support/docs-server.js';
import { run } from './support/run.js';
import { runnerModule, type SampleCase } from './support/sample-runner.js';

const CLIENT_PACKAGE = fileURLToPath(new URL('../../packages/client', import.meta.url));
// The compiler readers run: TypeScript 7, the registry's latest.
const TSC = join(DOCS_DIR, 'node_modules', 'typescript-7', 'bin', 'tsc');

const KINDS = ['curl', 'fetch', 'client'] as const;

/**
 * The `@org/client` sample of every operation, as a reader's project compiles it: strict, ESM with
 * top-level await, `@org/client` installed (a link to the built package, a dependency of this test
 * task), Node's types from this package.
 */
describe('the code samples of every operation', () => {
  const project = join(TEST_RESULTS_DIR, 'client-samples');
  let server: DocsServer;
  const cases: SampleCase[] = [];

  beforeAll(async () => {
    const starting = startDocsServer();
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
      const samples = samplesOf(op.id, op.endpoint, integerQueryOf(doc, op.operation));
      for (const kind of KINDS)
        cases.push({
          id: op.id,
          kind,
          text: samples[kind],
          states: exampleStatesOf(op.endpoint),
          writes: op.method !== 'GET',
        });
    }
    await writeFile(join(project, 'run-samples.mjs'), runnerModule(cases));
    server = await starting;
  });

  afterAll(async () => {
    await server?.stop();
    await rm(project, { recursive: true, force: true });
  });

  it('each answer its documented 2xx from the reference server (a retired one its 410): curl, fetch and @org/client', async () => {
    const env = { ...process.env, API: server.url, TOKEN: server.token };
    const result = await run(process.execPath, ['run-samples.mjs'], project, env);
    expect(result.stderr).toBe('');
    const statuses = JSON.parse(result.stdout) as Record<string, unknown>;
    const wrong = referenceOperations().flatMap((op) => {
      // A retired operation documents no success: its samples answer its documented error (410).
      const success = Object.keys(op.endpoint.success).map(Number);
      const documented = success.length > 0 ? success : op.endpoint.errors.map(Number);
      return KINDS.map((kind) => `${op.id} ${kind}`)
        .filter((key) => !documented.includes(statuses[key] as number))
        .map((key) => `${key}: ${String(statuses[key])} (documented: ${documented.join(', ')})`);
    });
    expect(wrong).toEqual([]);
    expect(Object.keys(statuses)).toHaveLength(cases.length);
    // A guard against a hang, not a speed check: 240 samples in one process take seconds alone and
    // minutes on a machine the whole test command shares (its other suites run beside this one).
  }, 900_000);

  it('of @org/client type-check with tsc for every operation of the endpoint table', async () => {
    const result = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], project);
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.code).toBe(0);
  });
});
