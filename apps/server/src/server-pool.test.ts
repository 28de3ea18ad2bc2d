// The many-files pattern of the sandbox guide, run as a team runs it: a nested vitest over copies of
// examples/many-files/cleanup-job.test.ts with the global setup, on two workers. The copies pass
// only if each file starts from a clean sandbox, which a planted fault shows; the pool's log says
// how many servers it started.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowServer, type LentServer, releaseServer, serverStartsIn } from './server-pool.js';

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
 * The example's config and `files` copies of its file, in a folder where `@org/reference-server` is
 * `pkg`: this package as built (dist/, which the test task's build makes), as a team's node_modules
 * would hold it, or a copy of it with a fault planted.
 */
function writeSuite(dir: string, files: number, pkg = PACKAGE_DIR) {
  for (let n = 1; n <= files; n++) copyFileSync(EXAMPLE, path.join(dir, `cleanup-job-${n}.test.ts`));
  copyFileSync(path.join(EXAMPLE_DIR, 'vitest.config.ts'), path.join(dir, 'vitest.config.ts'));
  // A project of its own, as a team's is: without it, Vite resolves `@org/reference-server` as a
  // reference to the package this folder sits in (node_modules/.cache of it), not to `pkg`.
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'many-files-suite', type: 'module' }));
  mkdirSync(path.join(dir, 'node_modules', '@org'), { recursive: true });
  symlinkSync(pkg, path.join(dir, 'node_modules', '@org', 'reference-server'), 'dir');
}

/** Where the pool puts a server back to the seeded world between a worker's files (server-pool.ts). */
const POOL_RESET = 'async function resetForNextFile({ url }) {';

/**
 * This package with the planted fault: the pool lends a server as the worker's previous file left it,
 * so the next file's beforeAll sees that file's writes and its journal. Its JavaScript is copied,
 * so that every module loads the faulty one, the chunk that resets rewritten; the rest is linked.
 */
function plantedPackage(dir: string): string {
  const pkg = path.join(dir, 'planted-reference-server');
  mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  // A copy: Vite finds a package's root from its package.json's real path.
  copyFileSync(path.join(PACKAGE_DIR, 'package.json'), path.join(pkg, 'package.json'));
  for (const entry of ['node_modules', 'bin'])
    symlinkSync(path.join(PACKAGE_DIR, entry), path.join(pkg, entry));
  let planted = 0;
  for (const entry of readdirSync(path.join(PACKAGE_DIR, 'dist'))) {
    const from = path.join(PACKAGE_DIR, 'dist', entry);
    const to = path.join(pkg, 'dist', entry);
    if (!entry.endsWith('.js')) {
      symlinkSync(from, to);
      continue;
    }
    const source = readFileSync(from, 'utf8');
    if (source.includes(POOL_RESET)) planted += 1;
    writeFileSync(to, source.replace(POOL_RESET, `${POOL_RESET}\n  return;`));
  }
  expect(planted).toBe(1);
  return pkg;
}

async function runSuite(dir: string, workers = WORKERS): Promise<NestedRun> {
  const vitest = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
    'vitest.mjs',
  );
  const child = spawn(
    process.execPath,
    [vitest, 'run', `--maxWorkers=${workers}`, '--reporter=json', '--outputFile=report.json'],
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
  const dirs: string[] = [];
  let run: NestedRun;
  let planted: NestedRun;
  beforeAll(async () => {
    mkdirSync(path.join(PACKAGE_DIR, 'node_modules', '.cache'), { recursive: true });
    const [clean, faulty] = [0, 1].map(() =>
      mkdtempSync(path.join(PACKAGE_DIR, 'node_modules', '.cache', 'many-files-')),
    );
    dirs.push(clean!, faulty!);
    writeSuite(clean!, FILES);
    // Two files on one worker: the second borrows the server the first wrote to.
    writeSuite(faulty!, 2, plantedPackage(faulty!));
    [run, planted] = await Promise.all([runSuite(clean!), runSuite(faulty!, 1)]);
  }, 300_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('passes every file: each begins with the seeded world and a journal of its own', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(run.report.numTotalTestSuites).toBeGreaterThanOrEqual(FILES);
    expect(run.report).toMatchObject({ numPassedTests: FILES * 2, numFailedTests: 0 });
  });

  it('fails the file after another when the pool lends a server as the previous file left it', () => {
    expect(planted.code, planted.stderr).toBe(1);
    // The first file had a fresh server; the second saw the first's deletion and journal.
    expect(planted.report).toMatchObject({ numPassedTests: 2, numFailedTests: 2 });
  });

  it('starts one server per worker that ran a file, not one per file', () => {
    const starts = serverStartsIn(run.stderr);
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(starts.length).toBeLessThanOrEqual(WORKERS);
    for (const { url } of starts) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
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

  it('lends a server back at the seeded world, whether its last file released it or not', async () => {
    const conversations = async ({ url, world }: LentServer) =>
      (await (
        await fetch(new URL('/api/um/v3/conversations/?limit=1', url), {
          headers: { Authorization: world.organizations[0]!.token },
        })
      ).json()) as { count: number; results: Array<{ id: number }> };
    const deleteOne = async (lent: LentServer) => {
      const { results } = await conversations(lent);
      const deleted = await fetch(new URL(`/api/um/v3/conversations/${results[0]!.id}/`, lent.url), {
        method: 'DELETE',
        headers: { Authorization: lent.world.organizations[0]!.token },
      });
      expect(deleted.status).toBe(204);
    };
    const lent = await borrowServer(pool, '3');
    const { count } = await conversations(lent);
    await deleteOne(lent);
    await releaseServer(pool, '3');
    expect((await conversations(await borrowServer(pool, '3'))).count).toBe(count);
    // A file that ended without releasing it (its process died): the next one still starts clean.
    await deleteOne(lent);
    expect((await conversations(await borrowServer(pool, '3'))).count).toBe(count);
  });

  it('answers what it does not know with 404, and a borrower with a clear error', async () => {
    expect((await fetch(new URL('/workers/x', pool), { method: 'POST' })).status).toBe(404);
    expect((await fetch(new URL('/workers/1', pool))).status).toBe(404);
    // Nothing to give back: no server is started for it.
    expect((await fetch(new URL('/workers/9/release', pool), { method: 'POST' })).status).toBe(204);
    await expect(borrowServer(pool, 'x')).rejects.toThrow(/for worker x:\nPOST \/workers/);
  });
});
