// The packages as a team installs them (issue 23): the release into a local registry (its tarballs'
// weight), the reference server's first answer after `npm install @org/reference-server@^<the released major>` in a new
// project, and the type-check cost for a consumer (issue 13): `tsc --noEmit` of the 20 client calls
// of the adoption projects (apps/adoption/projects/shared/src/calls.ts) against an empty file, both
// in a project installed from that registry, so the difference is what importing @org/client and
// typing the calls adds. Measured with the project's TypeScript (the latest) and with this workspace's.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  CONSUMERS,
  type Consumer,
  install,
  onNode,
  type RunResult,
  run,
  writeProject,
} from '@org/adoption/harness';
import { type LocalRegistry, startRegistry } from '@org/adoption/registry';
import { caretOf, releaseInto } from '@org/adoption/release';
import { startBin } from '@org/adoption/server-bin';
import type { Log } from '../common/log.js';
import { median } from '../common/stats.js';

/** The file of the 20 calls, inside a written project. */
const CALLS_FILE = 'src/calls.ts';
const EMPTY_FILE = 'src/bench-empty.ts';

type ProjectKind = Consumer['kind'];

export interface TypecheckRow {
  project: ProjectKind;
  typescript: string;
  /** Median wall seconds of `tsc --noEmit` over the runs. */
  emptyS: number;
  callsS: number;
  addedS: number;
  /** The same in CPU seconds (user + system of the tsc process tree): steadier on a shared machine. */
  emptyCpuS: number;
  callsCpuS: number;
  addedCpuS: number;
  runs: number;
}

/** A published package's tarball as the release packed it. */
export interface PackageWeight {
  name: string;
  version: string;
  packedBytes: number;
  unpackedBytes: number;
}

export interface TypecheckBenchResult {
  /** The tarballs of the release into the local registry. */
  packages: PackageWeight[];
  /** `reference-server` with no option after `npm install @org/reference-server@^<major>`, spawn to first page (ms). */
  registryStartsMs: number[];
  /** Why the start from the registry was not measured, if it was not. */
  registryStartSkipped?: string;
  rows: TypecheckRow[];
  /** Projects that could not be measured, with the reason (e.g. npm install failed). */
  skipped: Array<{ project: ProjectKind; reason: string }>;
}

const firstLines = (result: RunResult, n = 12) => result.log.split('\n').slice(0, n).join('\n');
/** The error lines of a failed command, on one line (npm's ERESOLVE explanation, tsc's errors). */
const errorLines = (result: RunResult) =>
  result.log
    .split('\n')
    .filter((line) => /error/i.test(line))
    .slice(0, 6)
    .join('; ');

const only = (dir: string, name: string, file: string) =>
  writeFile(
    path.join(dir, name),
    `${JSON.stringify({ extends: './tsconfig.json', include: [], files: [file] }, null, 2)}\n`,
  );

interface Timing {
  wallS: number;
  cpuS: number;
}

/** The shell's `times` builtin: the CPU its children used, `0m1.970000s 0m0.010000s` (user, system). */
const TIMES = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/;
export function cpuSecondsOf(log: string): number {
  const line = log.trimEnd().split('\n').at(-1) ?? '';
  const m = TIMES.exec(line.trim());
  if (!m) throw new Error(`no CPU times in: ${line}`);
  return Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]);
}

/** One `tsc --noEmit -p <config>` under `sh`, which reports its CPU time; a type error is a failed measurement. */
const timeTsc = async (tsc: readonly string[], dir: string, config: string): Promise<Timing> => {
  const script = '"$0" "$@"; status=$?; times >&2; exit $status';
  const result = await run('sh', ['-c', script, process.execPath, ...tsc, '--noEmit', '-p', config], dir);
  if (!result.ok) throw new Error(`tsc failed:\n${firstLines(result, 30)}`);
  return { wallS: result.ms / 1000, cpuS: cpuSecondsOf(result.log) };
};

const measure = async (
  project: ProjectKind,
  dir: string,
  compiler: { label: string; tsc: readonly string[] },
  runs: number,
): Promise<TypecheckRow> => {
  const empty: Timing[] = [];
  const calls: Timing[] = [];
  // One warm-up pass each (file cache), then the two alternate so drift affects both alike.
  await timeTsc(compiler.tsc, dir, 'tsconfig.bench-empty.json');
  await timeTsc(compiler.tsc, dir, 'tsconfig.bench-calls.json');
  for (let i = 0; i < runs; i++) {
    empty.push(await timeTsc(compiler.tsc, dir, 'tsconfig.bench-empty.json'));
    calls.push(await timeTsc(compiler.tsc, dir, 'tsconfig.bench-calls.json'));
  }
  const of = (timings: Timing[], key: keyof Timing) => median(timings.map((t) => t[key]));
  const [emptyS, callsS] = [of(empty, 'wallS'), of(calls, 'wallS')];
  const [emptyCpuS, callsCpuS] = [of(empty, 'cpuS'), of(calls, 'cpuS')];
  return {
    project,
    typescript: compiler.label,
    emptyS,
    callsS,
    addedS: callsS - emptyS,
    emptyCpuS,
    callsCpuS,
    addedCpuS: callsCpuS - emptyCpuS,
    runs,
  };
};

const versionOf = async (tsc: readonly string[], dir: string) =>
  (await run(process.execPath, [...tsc, '--version'], dir)).stdout.trim().replace(/^Version /, '');

/** Fresh starts of the installed bin: each in a new folder, so each writes its data directory anew. */
const REGISTRY_START_RUNS = 3;
const SERVER_ONLY: Consumer = { kind: 'server-only', node: '22', packageManager: 'npm' };

/**
 * `npm install @org/reference-server@<range>` (the released major) in a new project, then the bin
 * with no option, started from new folders (its data directory is made in the current one): spawn to the first page.
 */
const measureRegistryStarts = async (
  root: string,
  registry: LocalRegistry,
  range: string,
): Promise<number[]> => {
  const dir = path.join(root, SERVER_ONLY.kind);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, '.npmrc'), registry.scopeConfig);
  await writeFile(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'server-only', private: true, dependencies: { '@org/reference-server': range } }, null, 2)}\n`,
  );
  const installed = await install(dir, SERVER_ONLY);
  if (!installed.ok) throw new Error(`npm install failed: ${errorLines(installed)}`);
  const bin = path.join(dir, 'node_modules/@org/reference-server/bin/reference-server.js');
  const env = await onNode(SERVER_ONLY.node);
  const nodeBin = path.join(env.PATH!.split(path.delimiter)[0]!, 'node');
  const starts: number[] = [];
  for (let i = 0; i < REGISTRY_START_RUNS; i++) {
    const cwd = path.join(dir, `start-${i}`);
    await mkdir(cwd);
    const server = await startBin(nodeBin, [bin], cwd, env);
    starts.push(server.firstAnswerMs);
    await server.stop();
  }
  return starts;
};

export async function runTypecheckBench(runs: number, log: Log): Promise<TypecheckBenchResult> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bench-typecheck-'));
  const registry = await startRegistry(path.join(root, 'registry'));
  try {
    log('packages: the release into a local registry (changeset version, pnpm pack, checks, npm publish)');
    const release = await releaseInto(registry, root);
    if (!release.ok) throw new Error(`the release failed:\n${release.log}`);
    const result: TypecheckBenchResult = {
      packages: release.packages.map(({ name, version, packedBytes, unpackedBytes }) => ({
        name,
        version,
        packedBytes,
        unpackedBytes,
      })),
      registryStartsMs: [],
      rows: [],
      skipped: [],
    };
    const range = caretOf(release);
    log(`packages: npm install @org/reference-server@${range} from the registry, first answers of the bin`);
    try {
      result.registryStartsMs = await measureRegistryStarts(root, registry, range);
    } catch (error) {
      result.registryStartSkipped = (error as Error).message.split('\n')[0];
    }
    log('consumer type-check: install of the adoption projects from the registry');
    const projects = await Promise.all(
      CONSUMERS.map(async (consumer) => {
        const dir = await writeProject(root, consumer.kind, registry.scopeConfig);
        const installed = await install(dir, consumer);
        return { project: consumer.kind, dir, installed };
      }),
    );
    const workspaceTsc = [createRequire(import.meta.url).resolve('typescript/bin/tsc')];
    for (const { project, dir, installed } of projects) {
      if (!installed.ok) {
        result.skipped.push({ project, reason: `install failed: ${errorLines(installed)}` });
        continue;
      }
      await writeFile(path.join(dir, EMPTY_FILE), 'export {};\n');
      await only(dir, 'tsconfig.bench-empty.json', EMPTY_FILE);
      await only(dir, 'tsconfig.bench-calls.json', CALLS_FILE);
      const projectTsc = [path.join(dir, 'node_modules/typescript/bin/tsc')];
      for (const [tsc, whose] of [
        [projectTsc, "the project's"],
        [workspaceTsc, "this workspace's"],
      ] as const) {
        const label = `${await versionOf(tsc, dir)} (${whose})`;
        log(`consumer type-check: ${project}, TypeScript ${label}, ${runs} runs`);
        try {
          result.rows.push(await measure(project, dir, { label, tsc }, runs));
        } catch (error) {
          result.skipped.push({ project, reason: `TypeScript ${label}: ${(error as Error).message}` });
        }
      }
    }
    return result;
  } finally {
    await registry.close();
    await rm(root, { recursive: true, force: true });
  }
}
