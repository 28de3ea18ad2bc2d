// Throwaway consumer projects from packed tarballs: pack the workspace packages a template names,
// write the project, `npm install` it as any team would, then type-check, build and run it.
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADOPTION_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(ADOPTION_ROOT, '../..');
const PROJECTS = join(ADOPTION_ROOT, 'projects');
/** The templates reference tarballs as `file:../tarballs/<name>.tgz`, beside the project. */
export const TARBALLS = 'tarballs';
const TARBALL_SPEC = /^file:\.\.\/tarballs\/(.+\.tgz)$/;

export const PROJECT_KINDS = ['esm-zod4', 'cjs-zod3'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

export interface RunResult {
  readonly ok: boolean;
  /** The command, its exit status and output: the message of a failed test. */
  readonly log: string;
  readonly stdout: string;
  readonly ms: number;
}

export const skipped = (why: string): RunResult => ({ ok: false, log: `not run: ${why}`, stdout: '', ms: 0 });

/** Runs a command to its end, keeping its output (never rejects). */
export const run = (command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  new Promise<RunResult>((done) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: { ...childEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    const finish = (code: number | null, error?: Error) => {
      const line = `$ ${[command, ...args].join(' ')}  (in ${cwd})\nexit ${error ? error.message : code}`;
      done({ ok: !error && code === 0, log: `${line}\n${output}`, stdout, ms: performance.now() - started });
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });

/**
 * The environment of a consumer's commands: this process's, without the variables pnpm and turbo
 * set for the running script (npm would read `npm_config_*` of pnpm's run as its own settings).
 */
const childEnv = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_|pnpm_|INIT_CWD$|TURBO_HASH$)/i.test(key) || key === 'npm_config_cache',
    ),
  ),
  // Nor this workspace's bins (its TypeScript 5.9 tsc): `npx tsc` must find the project's own.
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !entry.startsWith(REPO_ROOT))
    .join(delimiter),
});

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Record<string, string>;
}

/** Tarball name -> package name, as the templates name them (`org-model.tgz` -> `@org/model`). */
const tarballsOf = async (kind: ProjectKind): Promise<Map<string, string>> => {
  const manifest = await readJson<Manifest>(join(PROJECTS, kind, 'package.json'));
  const specs = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.overrides };
  const named = new Map<string, string>();
  for (const [name, spec] of Object.entries(specs)) {
    const file = TARBALL_SPEC.exec(spec)?.[1];
    if (file) named.set(file, name);
  }
  return named;
};

/** Workspace package name -> its folder. */
const workspacePackages = async (): Promise<Map<string, string>> => {
  const folders = new Map<string, string>();
  for (const parent of ['packages', 'apps']) {
    for (const entry of await readdir(join(REPO_ROOT, parent), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(REPO_ROOT, parent, entry.name);
      const manifest = await readJson<Manifest>(join(dir, 'package.json')).catch(() => undefined);
      if (manifest) folders.set(manifest.name, dir);
    }
  }
  return folders;
};

/**
 * The pnpm that resolves `workspace:` and `catalog:`: the one running this test (`pnpm test`), else
 * `npx -y pnpm@<the repository's packageManager version>`.
 */
const pnpm = async (): Promise<[string, string[]]> => {
  const running = process.env.npm_execpath;
  if (running && /pnpm\.c?js$/.test(running)) return [process.execPath, [running]];
  const { packageManager } = await readJson<{ packageManager: string }>(join(REPO_ROOT, 'package.json'));
  return ['npx', ['-y', packageManager.split('+')[0]!]];
};

/**
 * `pnpm pack`s every workspace package the templates name into `<root>/tarballs/<name>.tgz`, in
 * parallel. The packages must be built (turbo's `^build`).
 */
export const packTarballs = async (root: string): Promise<RunResult> => {
  const started = performance.now();
  const dest = join(root, TARBALLS);
  await mkdir(dest, { recursive: true });
  const wanted = new Map<string, string>();
  for (const kind of PROJECT_KINDS) for (const [file, name] of await tarballsOf(kind)) wanted.set(file, name);
  const folders = await workspacePackages();
  const [command, prefix] = await pnpm();
  const results = await Promise.all(
    [...wanted].map(async ([file, name]) => {
      const folder = folders.get(name);
      if (!folder) return skipped(`${name} is not a package of this workspace`);
      const packed = await run(command, [...prefix, 'pack', '--pack-destination', dest, '--json'], folder);
      if (!packed.ok) return packed;
      const { filename } = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('{'))) as {
        filename: string;
      };
      await rename(filename, join(dest, file));
      return packed;
    }),
  );
  const failed = results.filter((r) => !r.ok);
  return {
    ok: failed.length === 0,
    log: failed.map((r) => r.log).join('\n') || `packed ${[...wanted.keys()].join(', ')}`,
    stdout: '',
    ms: performance.now() - started,
  };
};

/** Writes `<root>/<kind>`: the shared sources, then the kind's own files over them. */
export const writeProject = async (root: string, kind: ProjectKind): Promise<string> => {
  const dir = join(root, kind);
  await cp(join(PROJECTS, 'shared'), dir, { recursive: true });
  await cp(join(PROJECTS, kind), dir, { recursive: true });
  return dir;
};

/** Plain `npm install`, as a consuming team runs it (no flags; audit and funding notices off). */
export const npmInstall = (dir: string) =>
  run('npm', ['install'], dir, { npm_config_audit: 'false', npm_config_fund: 'false' });

export interface Step {
  readonly step: string;
  readonly ok: boolean;
  readonly detail: unknown;
  readonly ms: number;
}

/** The `ADOPTION {...}` lines the project's script prints (projects/shared/src/steps.ts). */
export const stepsOf = (stdout: string): Step[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('ADOPTION '))
    .map((line) => JSON.parse(line.slice('ADOPTION '.length)) as Step);
