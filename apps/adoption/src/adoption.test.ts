// Issue 13's "done when": the packages as another team adopts them. Both throwaway projects run in
// parallel (each is a chain of processes); the tests below only await their steps in order.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  npmInstall,
  PROJECT_KINDS,
  type ProjectKind,
  packTarballs,
  type RunResult,
  run,
  type Step,
  skipped,
  stepsOf,
  writeProject,
} from './harness.js';

interface Pipeline {
  readonly install: Promise<RunResult>;
  readonly tscVersion: Promise<RunResult>;
  readonly typecheck: Promise<RunResult>;
  readonly libCheck: Promise<RunResult>;
  readonly build: Promise<RunResult>;
  readonly script: Promise<RunResult>;
}

/** A thrown error as a failed step, so no promise of the chain is ever left rejected. */
const failed = (error: unknown): RunResult => ({
  ok: false,
  log: error instanceof Error ? (error.stack ?? error.message) : String(error),
  stdout: '',
  ms: 0,
});

const after = (previous: Promise<RunResult>, what: string, next: () => Promise<RunResult>) =>
  previous.then((result) => (result.ok ? next().catch(failed) : skipped(`${what} failed`)));

/** install -> (tsc --noEmit | tsc --noCheck -> node dist/main.js): the type check and the run overlap. */
const pipeline = (root: string, kind: ProjectKind, packed: Promise<RunResult>): Pipeline => {
  const dir = writeProject(root, kind);
  dir.catch(() => {}); // awaited (and reported) by the install step
  const install = after(packed, 'pnpm pack', async () => npmInstall(await dir));
  const tsc = (...args: string[]) =>
    after(install, 'npm install', async () => run('npx', ['tsc', ...args], await dir));
  const build = tsc('--noCheck');
  return {
    install,
    tscVersion: tsc('--version'),
    typecheck: tsc('--noEmit'),
    libCheck: tsc('--noEmit', '--skipLibCheck', 'false'),
    build,
    script: after(build, 'the build', async () => run('node', ['dist/main.js'], await dir)),
  };
};

const expectOk = (result: RunResult) => expect(result.ok, result.log).toBe(true);

const expectStep = async ({ script }: Pipeline, name: string): Promise<Step> => {
  const result = await script;
  const step = stepsOf(result.stdout).find((s) => s.step === name);
  expect(step, `the script reported no "${name}" step\n${result.log}`).toBeDefined();
  expect(step!.ok, `${name}: ${String(step!.detail)}\n${result.log}`).toBe(true);
  return step!;
};

let root: string;
let packed: Promise<RunResult>;
const pipelines = {} as Record<ProjectKind, Pipeline>;
const started = performance.now();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'adoption-'));
  packed = packTarballs(root).catch(failed);
  for (const kind of PROJECT_KINDS) pipelines[kind] = pipeline(root, kind, packed);
});

afterAll(async () => {
  const settled = await Promise.all(
    PROJECT_KINDS.map(async (kind) => {
      const p = pipelines[kind];
      if (!p) return `${kind}: not started`;
      const [install, typecheck, script] = await Promise.all([p.install, p.typecheck, p.script]);
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const steps = stepsOf(script.stdout).map((step) => `${step.step} ${s(step.ms)}`);
      return `${kind}: npm install ${s(install.ms)}, tsc --noEmit ${s(typecheck.ms)}, script ${s(script.ms)} (${steps.join(', ')})`;
    }),
  );
  const pack = packed ? `pnpm pack ${((await packed).ms / 1000).toFixed(1)} s; ` : '';
  console.info(
    `adoption: ${pack}${settled.join('; ')}; wall ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (root && !process.env.ADOPTION_KEEP) await rm(root, { recursive: true, force: true });
});

it('packs model, client, contracts and the reference server with pnpm pack', async () => {
  expectOk(await packed);
});

describe.each(PROJECT_KINDS)('a consumer project (%s) from the tarballs', (kind) => {
  it('installs with a plain npm install', async () => {
    expectOk(await pipelines[kind].install);
  });

  it('has the latest TypeScript and the zod major it is named after', async () => {
    const [version, latest] = await Promise.all([
      pipelines[kind].tscVersion,
      run('npm', ['view', 'typescript', 'version'], root),
    ]);
    expectOk(version);
    expectOk(latest);
    expect(version.stdout).toContain(`Version ${latest.stdout.trim()}`);
    const zod = JSON.parse(await readFile(join(root, kind, 'node_modules/zod/package.json'), 'utf8'));
    expect(`zod${zod.version.split('.')[0]}`).toBe(kind.split('-')[1]);
  });

  it('type-checks with tsc --noEmit', async () => {
    expectOk(await pipelines[kind].typecheck);
  });

  it("compiles the packages' own declarations without an error (skipLibCheck off)", async () => {
    const { log } = await pipelines[kind].libCheck;
    // Other libraries' declarations are not this project's to fix (Pact's name express without its types).
    const ours = log.split('\n').filter((line) => line.startsWith('node_modules/@org/'));
    expect(log).not.toMatch(/^not run/);
    expect(ours, log).toEqual([]);
  });

  it('builds and runs its script', async () => {
    expectOk(await pipelines[kind].build);
    expectOk(await pipelines[kind].script);
  });

  it('starts the reference server', async () => {
    await expectStep(pipelines[kind], 'server');
  });

  it('calls the reference server through the client, parsing every response with the model', async () => {
    const { detail } = await expectStep(pipelines[kind], 'calls');
    expect(detail).toMatchObject({ calls: 20, notFound: true });
  });

  it('writes a consumer pact with the exported matchers', async () => {
    const { detail } = await expectStep(pipelines[kind], 'pact');
    expect(detail).toBe(3);
  });

  it('verifies the pact with verifyProvider against a reference server', async () => {
    await expectStep(pipelines[kind], 'verify');
  });
});
