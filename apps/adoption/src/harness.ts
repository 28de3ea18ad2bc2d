// Throwaway consumer projects outside the repository: write the project from its template, install
// it from the local registry with npm or pnpm on the Node.js major it names, as any team would, then
// type-check, build and run it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADOPTION_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(ADOPTION_ROOT, '../..');
const PROJECTS = join(ADOPTION_ROOT, 'projects');

export interface RunResult {
  readonly ok: boolean;
  /** The command, its exit status and output: the message of a failed test. */
  readonly log: string;
  readonly stdout: string;
  readonly ms: number;
}

export function skipped(why: string): RunResult {
  return { ok: false, log: `not run: ${why}`, stdout: '', ms: 0 };
}

/** Runs a command to its end, keeping its output (never rejects). */
export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return new Promise<RunResult>((done) => {
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
}

/**
 * Variables of the running test that are not a team's: what pnpm and turbo set for the script (npm
 * would read `npm_config_*` of pnpm's run as its own settings) and what vitest sets for its workers
 * (NODE_PATH would resolve this workspace's packages; NODE_ENV=test changes what npm runs).
 */
const NOT_A_TEAMS = /^(npm_|pnpm_|INIT_CWD$|TURBO_HASH$|NODE_PATH$|NODE_ENV$|VITEST|TEST$|NODE$)/i;

/** The environment of a consumer's commands: this process's, less what is not a team's. */
export function childEnv(): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !NOT_A_TEAMS.test(key) || key === 'npm_config_cache'),
    ),
    // Nor this workspace's bins (its TypeScript 5.9 tsc: `npx tsc` must find the project's own), nor
    // the helpers npm puts on PATH for the script it runs.
    PATH: (process.env.PATH ?? '')
      .split(delimiter)
      .filter((entry) => !entry.startsWith(REPO_ROOT) && !entry.includes('node-gyp-bin'))
      .join(delimiter),
  };
}

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

/**
 * The pnpm that resolves `workspace:` and `catalog:`: the one running this test (`pnpm test`), else
 * `npx -y pnpm@<the repository's packageManager version>`.
 */
export async function pnpm(): Promise<[string, string[]]> {
  const running = process.env.npm_execpath;
  if (running && /pnpm\.c?js$/.test(running)) return [process.execPath, [running]];
  return ['npx', ['-y', await pnpmSpec()]];
}

/** `pnpm@<version>` of the repository's packageManager field: consumers use the same pnpm. */
export async function pnpmSpec(): Promise<string> {
  const { packageManager } = await readJson<{ packageManager: string }>(join(REPO_ROOT, 'package.json'));
  return packageManager.split('+')[0]!;
}

/** What a consumer project is: its template, the Node.js major it runs on, its package manager. */
export interface Consumer {
  readonly kind: string;
  readonly node: NodeMajor;
  readonly packageManager: 'npm' | 'pnpm';
}

/** Every supported Node.js major and both package managers, each at least once (D61). */
export const CONSUMERS: readonly Consumer[] = [
  { kind: 'esm-zod4', node: '24', packageManager: 'npm' },
  { kind: 'cjs-zod3', node: '22', packageManager: 'pnpm' },
];

/** The Node.js majors consumers run on: the machine's (20) and the registry's `node` package's. */
export type NodeMajor = '20' | '22' | '24';

const nodeBins = new Map<NodeMajor, Promise<string>>();

/**
 * The folder of a Node.js binary of that major: the machine's own when it is that major, else the
 * npm registry's `node` package, run once through npx (`npx -y node@24`), which keeps it in npx's cache.
 */
export function nodeBinDir(major: NodeMajor): Promise<string> {
  let found = nodeBins.get(major);
  if (!found) {
    found =
      process.versions.node.split('.')[0] === major
        ? Promise.resolve(dirname(process.execPath))
        : run('npx', ['-y', `node@${major}`, '-p', 'process.execPath'], tmpdir()).then((result) => {
            if (!result.ok) throw new Error(`npx -y node@${major} failed:\n${result.log}`);
            return dirname(result.stdout.trim());
          });
    nodeBins.set(major, found);
  }
  return found;
}

let machineNpmConfig: Promise<string> | undefined;
/**
 * The machine's global npm configuration file (where a machine keeps its CA file and proxy): npm
 * looks for it beside the node binary it runs on, so npm on another Node.js would not find it.
 */
const globalNpmConfig = (): Promise<string> =>
  (machineNpmConfig ??= run('npm', ['config', 'get', 'globalconfig'], tmpdir()).then((r) => r.stdout.trim()));

/**
 * The environment of a consumer's command on that Node.js major: its node first on PATH, and npm's
 * global configuration the machine's, whichever node runs npm.
 */
export async function onNode(major: NodeMajor, env: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  const globalconfig = await globalNpmConfig();
  return {
    ...(globalconfig && existsSync(globalconfig) ? { npm_config_globalconfig: globalconfig } : {}),
    ...env,
    PATH: [await nodeBinDir(major), childEnv().PATH].join(delimiter),
  };
}

/** Writes `<root>/<kind>`: the shared sources, then the kind's own files over them, and its .npmrc. */
export async function writeProject(root: string, kind: string, npmrc: string): Promise<string> {
  const dir = join(root, kind);
  await cp(join(PROJECTS, 'shared'), dir, { recursive: true });
  await cp(join(PROJECTS, kind), dir, { recursive: true });
  await writeFile(join(dir, '.npmrc'), npmrc);
  return dir;
}

/** Notices that are not what a consumer project tests: audit, funding, update offers. */
const QUIET = { npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** A plain install, as a consuming team runs it: `npm install` or `pnpm install`, no flags. */
export async function install(dir: string, consumer: Consumer): Promise<RunResult> {
  const env = await onNode(consumer.node, QUIET);
  return consumer.packageManager === 'npm'
    ? run('npm', ['install'], dir, env)
    : run('npx', ['-y', await pnpmSpec(), 'install'], dir, env);
}

/**
 * A command of the project (`tsc ...`, `vitest run`, `contracts verify ...`) on its Node.js major,
 * as the project's package.json scripts run it: the installed bin, from node_modules/.bin first on
 * PATH. `npx` runs the same file after loading the whole installed tree, seconds of CPU per call
 * and about forty calls in this suite; the server's start (`npx reference-server`, server-bin.ts)
 * keeps npx proven in every project.
 */
export async function inProject(
  dir: string,
  consumer: Consumer,
  [bin, ...args]: readonly [string, ...string[]],
  env: NodeJS.ProcessEnv = {},
) {
  const bins = join(dir, 'node_modules', '.bin');
  const onItsNode = await onNode(consumer.node, { ...QUIET, ...env });
  return run(join(bins, bin), args, dir, { ...onItsNode, PATH: [bins, onItsNode.PATH].join(delimiter) });
}

export interface Step {
  readonly step: string;
  readonly ok: boolean;
  readonly detail: unknown;
  readonly ms: number;
}

/** The `ADOPTION {...}` lines the project's script prints (projects/shared/src/steps.ts). */
export function stepsOf(stdout: string): Step[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('ADOPTION '))
    .map((line) => JSON.parse(line.slice('ADOPTION '.length)) as Step);
}
