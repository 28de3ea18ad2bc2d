// Type-check cost for a consumer (issue 13): `tsc --noEmit` of the 20 client calls of the adoption
// projects (apps/adoption/projects/shared/src/calls.ts) against an empty file, both in a project
// installed from the packed tarballs, so the difference is what importing @org/client and typing the
// calls adds. Measured with the project's TypeScript (the latest) and with this workspace's.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  npmInstall,
  PROJECT_KINDS,
  type ProjectKind,
  packTarballs,
  type RunResult,
  run,
  writeProject,
} from '@org/adoption/harness';
import { median } from './stats.js';

/** The file of the 20 calls, inside a written project. */
const CALLS_FILE = 'src/calls.ts';
const EMPTY_FILE = 'src/bench-empty.ts';

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

export interface TypecheckBenchResult {
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
export const cpuSecondsOf = (log: string): number => {
  const line = log.trimEnd().split('\n').at(-1) ?? '';
  const m = TIMES.exec(line.trim());
  if (!m) throw new Error(`no CPU times in: ${line}`);
  return Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]);
};

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

export const runTypecheckBench = async (
  runs: number,
  log: (message: string) => void,
): Promise<TypecheckBenchResult> => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bench-typecheck-'));
  try {
    log('consumer type-check: pnpm pack, npm install of the adoption projects');
    const packed = await packTarballs(root);
    if (!packed.ok) throw new Error(`pnpm pack failed:\n${packed.log}`);
    const projects = await Promise.all(
      PROJECT_KINDS.map(async (project) => {
        const dir = await writeProject(root, project);
        const installed = await npmInstall(dir);
        return { project, dir, installed };
      }),
    );
    const workspaceTsc = [createRequire(import.meta.url).resolve('typescript/bin/tsc')];
    const result: TypecheckBenchResult = { rows: [], skipped: [] };
    for (const { project, dir, installed } of projects) {
      if (!installed.ok) {
        result.skipped.push({ project, reason: `npm install failed: ${errorLines(installed)}` });
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
    await rm(root, { recursive: true, force: true });
  }
};
