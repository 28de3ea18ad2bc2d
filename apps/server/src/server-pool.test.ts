// The many-files pattern of the sandbox guide, run as a team runs it: a nested vitest over copies of
// examples/many-files/cleanup-job.test.ts with the global setup, on two workers. The copies pass
// only if each file starts from a clean sandbox; the pool's log says how many servers it started.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowServer } from './server-pool.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLE_DIR = path.join(PACKAGE_DIR, 'examples', 'many-files');
const EXAMPLE = path.join(EXAMPLE_DIR, 'cleanup-job.test.ts');
const FILES = 6;
const WORKERS = 2;

interface NestedRun {
  code: number | null;
  stderr: string;
  report: { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number };
}

/**
 * The example's config and copies of its file, in a folder where `@org/reference-server` is this
 * package as built (dist/, which the test task's build makes), as a team's node_modules would hold it.
 */
function writeSuite(dir: string) {
  for (let n = 1; n <= FILES; n++) copyFileSync(EXAMPLE, path.join(dir, `cleanup-job-${n}.test.ts`));
  copyFileSync(path.join(EXAMPLE_DIR, 'vitest.config.ts'), path.join(dir, 'vitest.config.ts'));
  mkdirSync(path.join(dir, 'node_modules', '@org'), { recursive: true });
  symlinkSync(PACKAGE_DIR, path.join(dir, 'node_modules', '@org', 'reference-server'), 'dir');
}

async function runSuite(dir: string): Promise<NestedRun> {
  const vitest = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
    'vitest.mjs',
  );
  const child = spawn(
    process.execPath,
    [vitest, 'run', `--maxWorkers=${WORKERS}`, '--reporter=json', '--outputFile=report.json'],
    { cwd: dir, env: { ...process.env, VITEST_POOL_ID: undefined, NO_COLOR: '1' } },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr, report: JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) };
}

describe('a suite of many files with the global setup', () => {
  let dir: string;
  let run: NestedRun;
  beforeAll(async () => {
    mkdirSync(path.join(PACKAGE_DIR, 'node_modules', '.cache'), { recursive: true });
    dir = mkdtempSync(path.join(PACKAGE_DIR, 'node_modules', '.cache', 'many-files-'));
    writeSuite(dir);
    run = await runSuite(dir);
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes every file: each starts from the seeded world and sees nothing of the files before it', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(run.report.numTotalTestSuites).toBeGreaterThanOrEqual(FILES);
    expect(run.report).toMatchObject({ numPassedTests: FILES * 2, numFailedTests: 0 });
  });

  it('starts one server per worker that ran a file, not one per file', () => {
    const starts = run.stderr.match(/^reference server for vitest worker \d+: http:\/\/127\.0\.0\.1:\d+/gm);
    expect(starts?.length).toBeGreaterThanOrEqual(1);
    expect(starts?.length).toBeLessThanOrEqual(WORKERS);
  });
});

describe('the pool, as built', () => {
  let pool: string;
  let teardown: () => Promise<void>;
  beforeAll(async () => {
    // dist/ has the pool's thread entry, which the sources alone do not run. By a path the type
    // check does not follow: it runs before the build.
    const built = new URL('../dist/vitest-setup.js', import.meta.url).href;
    const { shareReferenceServers } = (await import(built)) as typeof import('./vitest-setup.js');
    const project = { provide: (_key: string, url: string) => (pool = url) };
    teardown = await shareReferenceServers()(
      project as unknown as Parameters<ReturnType<typeof shareReferenceServers>>[0],
    );
  });
  afterAll(() => teardown());

  it('lends a worker the same server every time it asks, and another worker its own', async () => {
    const [first, again, other] = await Promise.all([
      borrowServer(pool, '1'),
      borrowServer(pool, '1'),
      borrowServer(pool, '2'),
    ]);
    expect(again).toEqual(first);
    expect(other.url).not.toBe(first.url);
    expect(other.world.organizations[0]!.token).toBe(first.world.organizations[0]!.token);
    // Each answers on its own.
    for (const { url } of [first, other])
      expect((await fetch(new URL('/_sandbox/clock', url))).status).toBe(200);
  });

  it('answers what it does not know with 404, and a borrower with a clear error', async () => {
    expect((await fetch(new URL('/workers/x', pool), { method: 'POST' })).status).toBe(404);
    expect((await fetch(new URL('/workers/1', pool))).status).toBe(404);
    await expect(borrowServer(pool, 'x')).rejects.toThrow(/for worker x:\nPOST \/workers/);
  });
});
