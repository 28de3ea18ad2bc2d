import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Log } from '../common/log.js';
import { REPO_ROOT } from '../common/paths.js';
import { median } from '../common/stats.js';

/**
 * Issue #40 item 2: what a file of a team's suite costs when its files call `useReferenceServer()`.
 * The same suite of one file and of FILES files, run by vitest with its defaults on this machine,
 * three ways: with the global setup that lends each worker one sandbox (apps/server/examples/
 * many-files), without it (each file starts its own), and with no server at all (vitest's own cost
 * of a file). A file's added time is the suite's wall time less the one-file suite's, over the
 * files beyond the first. Each file also times itself, from its first line (before it imports the
 * helper) to its test: the median over the many files is what one file waits for its server.
 */
export const SUITE_FILES = 50;

export interface SuiteRun {
  /** Wall seconds of the whole `vitest run`, spawn to exit. */
  oneFileS: number;
  manyFilesS: number;
  /** (manyFilesS - oneFileS) / (files - 1), ms. */
  addedPerFileMs: number;
  /**
   * The median over the many files of each one's own time from its first line to its test, ms:
   * importing the helper and its hooks. Absent in runs recorded before it.
   */
  fileMedianMs?: number;
}

export interface ManyFilesResult {
  files: number;
  /** Each file borrows its worker's sandbox (`@org/reference-server/vitest-setup`). */
  shared: SuiteRun;
  /** Each file starts a sandbox of its own (no global setup). */
  own: SuiteRun;
  /** No server: what vitest itself adds per file. */
  bare: SuiteRun;
}

type Kind = keyof Omit<ManyFilesResult, 'files'>;

/** Where each file writes its own time from its first line to its test, one line a file. */
const FILE_TIMES = 'file-times.txt';

/**
 * A file whose only work is the server's setup and one test's reset: what a file costs beyond its
 * tests. It imports the helper after noting the time, so the import counts too.
 */
const SERVER_FILE = `import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const started = performance.now();
const { useReferenceServer } = await import('@org/reference-server/vitest');
const server = useReferenceServer();

it('is given a server', () => {
  appendFileSync('${FILE_TIMES}', \`\${performance.now() - started}\\n\`);
  expect(server.url).toMatch(/^http:/);
});
`;
const BARE_FILE = `import { appendFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const started = performance.now();

it('runs', () => {
  appendFileSync('${FILE_TIMES}', \`\${performance.now() - started}\\n\`);
  expect(1).toBe(1);
});
`;

const EXAMPLE_CONFIG = path.join(REPO_ROOT, 'apps/server/examples/many-files/vitest.config.ts');

/** A suite folder under the bench's node_modules, so that vitest and the reference server resolve. */
function writeSuite(root: string, kind: Kind, files: number): string {
  const dir = path.join(root, `${kind}-${files}`);
  mkdirSync(dir);
  if (kind === 'shared') copyFileSync(EXAMPLE_CONFIG, path.join(dir, 'vitest.config.ts'));
  else writeFileSync(path.join(dir, 'vitest.config.ts'), 'export default {};\n');
  for (let n = 1; n <= files; n++)
    writeFileSync(path.join(dir, `file-${n}.test.ts`), kind === 'bare' ? BARE_FILE : SERVER_FILE);
  return dir;
}

async function timeVitest(dir: string): Promise<number> {
  const vitest = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
    'vitest.mjs',
  );
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (exit) => {
      if (exit !== 0) process.stderr.write(stderr);
      resolve(exit);
    });
  });
  if (code !== 0) throw new Error(`vitest run in ${dir} exited with ${code}`);
  return (performance.now() - started) / 1000;
}

async function measureKind(root: string, kind: Kind, files: number): Promise<SuiteRun> {
  const oneFileS = await timeVitest(writeSuite(root, kind, 1));
  const many = writeSuite(root, kind, files);
  const manyFilesS = await timeVitest(many);
  const fileTimes = readFileSync(path.join(many, FILE_TIMES), 'utf8').trim().split('\n').map(Number);
  if (fileTimes.length !== files)
    throw new Error(`${many}: ${fileTimes.length} of ${files} files timed themselves`);
  return {
    oneFileS,
    manyFilesS,
    addedPerFileMs: ((manyFilesS - oneFileS) / (files - 1)) * 1000,
    fileMedianMs: median(fileTimes),
  };
}

export async function measureManyFilesSuite(log: Log, files = SUITE_FILES): Promise<ManyFilesResult> {
  const cache = path.join(REPO_ROOT, 'apps/bench/node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(path.join(cache, 'many-files-'));
  try {
    log(`a team's suite: ${files} files calling useReferenceServer(), with and without the global setup`);
    const shared = await measureKind(root, 'shared', files);
    const own = await measureKind(root, 'own', files);
    const bare = await measureKind(root, 'bare', files);
    return { files, shared, own, bare };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
