/**
 * Publish readiness: the packages as npm would ship them (`pnpm pack`), installed from their tarballs
 * into a scratch project, must import from ESM and CommonJS and type-check under NodeNext resolution
 * (which reads the exports map exactly as Node and TypeScript users will); the installed server's
 * bin must start there and serve the demo world and its docs.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, REPO_ROOT } from '../scripts/lib/paths.js';
import { runOk } from './support/run.js';

const PNPM = ['-y', 'pnpm@10.34.9'];
const ZOD = 'zod@3.25.76';

interface Candidate {
  readonly name: string;
  readonly dir: string;
  /** Why it is not checked yet, or undefined when it is. */
  readonly skipReason: string | undefined;
}

const filesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The builds turbo runs before this package's tests (docs/turbo.json, test.dependsOn). */
const buildsBeforeTests = (): string[] => {
  const config = JSON.parse(readFileSync(join(DOCS_DIR, 'turbo.json'), 'utf8'));
  return config.tasks?.test?.dependsOn ?? [];
};

/**
 * @org/model (a dependency of @org/docs) is always checked. @org/client and @org/contracts are checked
 * once they exist and docs/turbo.json makes their build run before this test: packing a package while
 * a concurrent build rewrites its dist/ would be a race.
 */
const candidate = (name: string, folder: string, required: boolean): Candidate => {
  const dir = join(REPO_ROOT, folder.includes('/') ? folder : join('packages', folder));
  const hasSource = filesIn(join(dir, 'src')).length > 0;
  let skipReason: string | undefined;
  if (!required && !hasSource) skipReason = `${name} has no source yet`;
  else if (!required && !buildsBeforeTests().includes(`${name}#build`))
    skipReason = `${name}#build is not in docs/turbo.json test.dependsOn yet (add it once the package builds)`;
  return { name, dir, skipReason };
};

const CANDIDATES = [
  candidate('@org/model', 'model', true),
  candidate('@org/client', 'client', true),
  candidate('@org/contracts', 'contracts', true),
  // A dependency of @org/contracts (D34): its tarball must be in the same install.
  candidate('@org/reference-server', 'apps/server', true),
];
const CHECKED = CANDIDATES.filter((c) => c.skipReason === undefined);
const isChecked = (name: string) => CHECKED.some((c) => c.name === name);

for (const skipped of CANDIDATES.filter((c) => c.skipReason !== undefined)) {
  console.warn(`publish readiness: skipping ${skipped.name}: ${skipped.skipReason}`);
}

/** A TypeScript consumer of the checked packages, in the module flavour of `ext` (mts or cts). */
const consumerSource = (): string =>
  [
    "import { ConversationSchema, ERROR_CODES, endpoints, type Conversation, type ErrorCode } from '@org/model';",
    "import { openApiDocument } from '@org/model/openapi';",
    isChecked('@org/client') ? "import { createClient, isApiError } from '@org/client';" : '',
    isChecked('@org/contracts') ? "import { pactMatchersFor } from '@org/contracts';" : '',
    '',
    'export const parse = (value: unknown): Conversation => ConversationSchema.parse(value);',
    'export const throttled: ErrorCode = "throttled";',
    'export const status: 429 = ERROR_CODES.throttled.status;',
    'export const path: string = endpoints.listConversations.path;',
    'export const title: string = openApiDocument().info.title;',
    isChecked('@org/client')
      ? [
          "const client = createClient({ baseUrl: 'http://127.0.0.1:1', token: 't' });",
          'export const firstIds = async (): Promise<number[]> => {',
          "  const page = await client.request('listConversations', { query: { limit: 2 } });",
          '  return page.results.map((c) => c.id);',
          '};',
          'export const failed = (e: unknown): boolean => isApiError(e) && e.status === 404;',
        ].join('\n')
      : '',
    isChecked('@org/contracts') ? 'export const matchersOf: typeof pactMatchersFor = pactMatchersFor;' : '',
  ].join('\n');

describe('publish readiness', () => {
  let work: string;
  let project: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'publish-readiness-'));
    project = join(work, 'consumer');
    const tarballs: string[] = [];
    for (const pkg of CHECKED) {
      const before = new Set(await readdir(work));
      await runOk('npx', [...PNPM, 'pack', '--pack-destination', work], pkg.dir);
      const created = (await readdir(work)).filter((f) => f.endsWith('.tgz') && !before.has(f));
      expect(created, `pnpm pack of ${pkg.name}`).toHaveLength(1);
      tarballs.push(join(work, created[0] ?? ''));
    }
    await mkdir(project);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    // All tarballs in one install: the client's dependency on @org/model is then satisfied by the
    // local tarball instead of the registry. Only zod (the peer dependency) comes from the registry.
    await runOk(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', ...tarballs, ZOD],
      project,
    );
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('ships the files allow-list (dist, README, CHANGELOG, LICENSE, package.json; the server its bin), README and CHANGELOG always', async () => {
    for (const tarball of (await readdir(work)).filter((f) => f.endsWith('.tgz'))) {
      const listing = (await runOk('tar', ['-tzf', join(work, tarball)], work)).stdout.trim().split('\n');
      const unexpected = listing.filter(
        (entry) =>
          !/^package\/(dist\/|package\.json$|README\.md$|CHANGELOG\.md$|LICENSE)/.test(entry) &&
          !(tarball.startsWith('org-reference-server-') && entry === 'package/bin/reference-server.js'),
      );
      expect(unexpected, tarball).toEqual([]);
      expect(
        listing.some((entry) => entry.startsWith('package/dist/')),
        tarball,
      ).toBe(true);
      // Each tarball carries its install guide and its release notes.
      expect(listing, tarball).toEqual(expect.arrayContaining(['package/README.md', 'package/CHANGELOG.md']));
    }
  });

  it('imports from ESM', async () => {
    const script = [
      "import * as model from '@org/model';",
      "import { openApiDocument } from '@org/model/openapi';",
      "if (typeof model.ConversationSchema?.parse !== 'function') throw new Error('no ConversationSchema');",
      "if (model.ERROR_CODES.throttled.status !== 429) throw new Error('no ERROR_CODES');",
      "if (openApiDocument().openapi !== '3.0.3') throw new Error('no OpenAPI 3.0 document');",
      isChecked('@org/client')
        ? "const { createClient } = await import('@org/client'); if (typeof createClient !== 'function') throw new Error('no createClient');"
        : '',
      isChecked('@org/contracts')
        ? "const { pactMatchersFor } = await import('@org/contracts'); if (typeof pactMatchersFor !== 'function') throw new Error('no pactMatchersFor');"
        : '',
      "console.log('esm ok');",
    ].join('\n');
    await writeFile(join(project, 'check.mjs'), script);
    expect((await runOk(process.execPath, ['check.mjs'], project)).stdout).toContain('esm ok');
  });

  it('requires from CommonJS', async () => {
    const script = [
      "const model = require('@org/model');",
      "const { openApiDocument } = require('@org/model/openapi');",
      "if (typeof model.ConversationSchema?.parse !== 'function') throw new Error('no ConversationSchema');",
      "if (Object.keys(model.endpoints).length === 0) throw new Error('no endpoints');",
      "if (!openApiDocument().paths) throw new Error('no OpenAPI document');",
      isChecked('@org/client')
        ? "if (typeof require('@org/client').createClient !== 'function') throw new Error('no createClient');"
        : '',
      isChecked('@org/contracts')
        ? "if (typeof require('@org/contracts').pactMatchersFor !== 'function') throw new Error('no pactMatchersFor');"
        : '',
      "console.log('cjs ok');",
    ].join('\n');
    await writeFile(join(project, 'check.cjs'), script);
    expect((await runOk(process.execPath, ['check.cjs'], project)).stdout).toContain('cjs ok');
  });

  it('starts the installed bin with no data directory given: the demo world in .reference-server/data of the project, its docs at /docs/', async () => {
    const bin = join(project, 'node_modules', '@org', 'reference-server', 'bin', 'reference-server.js');
    const child = spawn(process.execPath, [bin, '--json', '--port', '0'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) =>
          reject(new Error(`the installed server exited with ${code}: ${stderr}`)),
        );
      });
      const summary = JSON.parse(line) as { url: string; database: string; world: string };
      expect(summary.database).toBe(`pglite (${join(project, '.reference-server', 'data')})`);
      expect(summary.world).toBe('prebuilt');
      const page = await fetch(`${summary.url}/api/um/v3/conversations/?limit=2`, {
        headers: { Authorization: 'demo-org-token' },
      });
      expect(page.status).toBe(200);
      const docs = await fetch(`${summary.url}/docs/`);
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-type')).toMatch(/text\/html/);
      expect((await docs.text()).includes('VitePress')).toBe(true);
      // The same site with its try-it console and the Scalar bundle it loads.
      expect((await fetch(`${summary.url}/docs/reference/console.html`)).status).toBe(200);
      expect((await fetch(`${summary.url}/docs/scalar/standalone.js`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('type-checks a consumer as ESM and as CommonJS with tsc (NodeNext, strict)', async () => {
    await writeFile(join(project, 'consumer.mts'), consumerSource());
    await writeFile(join(project, 'consumer.cts'), consumerSource());
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          // Only the published declarations are under test, not @types/node of the scratch project.
          types: [],
          lib: ['ES2022', 'DOM'],
        },
        files: ['consumer.mts', 'consumer.cts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    await runOk(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
  });
});
