// @ts-check
/**
 * `pnpm generate`: writes every committed generated file, each by its own plain script, in the
 * order their inputs are made. A test compares each file with what its script would write and
 * fails, naming this command, while the file is stale; no test writes one.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The workspace's one tsx (a catalog version), taken from the model, which declares it: the client
 * and the server declare none, and a script run by it resolves its own imports from its package.
 */
const TSX = createRequire(join(ROOT, 'packages/model/package.json')).resolve('tsx/cli');

/** @typedef {{ writes: string, run: string[], cwd?: string }} Step */

/** @type {(packageDir: string, file: string, writes: string) => Step} */
const script = (packageDir, file, writes) => ({
  writes,
  cwd: join(ROOT, packageDir),
  run: [process.execPath, TSX, file],
});

/** @type {Step[]} */
const STEPS = [
  // From the model's sources: nothing needs building first.
  script('packages/model', 'scripts/write-openapi.ts', 'docs/openapi.json, openapi-3.1.json, openapi.yaml'),
  script('packages/model', 'scripts/write-mini.ts', 'packages/model/src/mini/schemas.generated.ts'),
  // The generators below import @org/model's build (dist/), which embeds the documents above and
  // the mini schemas: built after them, so none reads a stale model. turbo skips an unchanged build.
  {
    writes: "@org/model's dist/",
    run: [
      join(ROOT, 'node_modules/.bin/turbo'),
      'run',
      'build',
      '--filter=@org/model',
      '--output-logs=errors-only',
    ],
  },
  script('packages/client', 'scripts/write-endpoint-io.ts', 'packages/client/src/endpoint-io.generated.ts'),
  script('docs', 'scripts/generate-analytics-metrics.ts', 'docs/guides/analytics-metrics.md'),
  script('docs', 'scripts/write-decisions.ts', 'docs/decisions/README.md'),
  script('apps/server', 'scripts/write-sandbox-openapi.ts', 'docs/sandbox-openapi.json'),
  script(
    'apps/server',
    'scripts/write-schema-snapshot.ts',
    'apps/server/src/store/test-support/schema.snapshot.txt',
  ),
];

for (const { writes, run, cwd = ROOT } of STEPS) {
  console.log(`generate: ${writes}`);
  const [command, ...args] = run;
  const result = spawnSync(/** @type {string} */ (command), args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`generate: failed writing ${writes}`);
    process.exit(result.status ?? 1);
  }
}
