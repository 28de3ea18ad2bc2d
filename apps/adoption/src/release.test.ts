// The packages as other teams take them: released into a real registry (Verdaccio, started here),
// installed by range into throwaway projects outside the repository with npm and with pnpm, on each
// supported Node.js major, and every published entry point run with its default options. The
// projects run at once (each is a chain of processes); the tests below only await their steps.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { PROVIDER_NAME } from '@org/contracts';
import { apiReleaseNotesOfFiles } from '@org/docs/release-notes';
import { serverStartsIn } from '@org/reference-server/vitest-setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSUMERS,
  type Consumer,
  inProject,
  install,
  onNode,
  REPO_ROOT,
  type RunResult,
  run,
  type Step,
  skipped,
  stepsOf,
  writeProject,
} from './harness.js';
import { startProxyBin } from './proxy-bin.js';
import { type LocalRegistry, startRegistry } from './registry.js';
import { caretOf, publishTarball, type ReleaseResult, releaseInto } from './release.js';
import { DEMO_TOKEN, OTHER_DEMO_TOKEN, type StartedBin, startBin } from './server-bin.js';
import { type Probe, probeResultsOf, probesFor } from './upgrade-probes.js';

/** A team on 0.1.0, on the machine's Node.js 20, upgrading with npm. */
const UPGRADE: Consumer = { kind: 'upgrade', node: '20', packageManager: 'npm' };
const RELEASED_0_1_0 = join(REPO_ROOT, 'apps/adoption/released/0.1.0');
/** The sandbox guide's suite of many files: its vitest.config.ts and the file it copies. */
const MANY_FILES_EXAMPLE = join(REPO_ROOT, 'apps/server/examples/many-files');
const MANY_FILES = 50;
const FUZZ_REQUESTS = '300';
/** The one project that checks the model through the proxy: one is enough, and the machine has 2 cores. */
const MODEL_CHECK_CONSUMER: Consumer = CONSUMERS[0]!;
/** What the model check writes in the project, with the commands' defaults otherwise. */
const SESSION_HAR = 'sandbox-session.har';
const PROXY_REPORT = 'model-check.json';
const HAR_CONSUMER = 'adoption-proxy';

/** A thrown error as a failed step, so no promise of a chain is ever left rejected. */
const failed = (error: unknown): RunResult => ({
  ok: false,
  log: error instanceof Error ? (error.stack ?? error.message) : String(error),
  stdout: '',
  ms: 0,
});

const after = <T extends { ok: boolean }>(
  previous: Promise<T>,
  what: string,
  next: () => Promise<RunResult>,
) => previous.then((result) => (result.ok ? next().then(traced, failed) : skipped(`${what} failed`)));

/** RELEASE_TRACE=1 prints each command as it ends: the chains run for minutes before a test reports. */
function traced(result: RunResult): RunResult {
  if (process.env.RELEASE_TRACE)
    process.stderr.write(
      `${result.ok ? 'ok' : 'FAILED'} ${Math.round(result.ms)} ms: ${result.log.split('\n')[0]}\n`,
    );
  return result;
}

interface ServerBinRun extends RunResult {
  readonly firstAnswerMs?: number;
  /** GET /docs/ of the installed server: its status, content type and page; the console's statuses. */
  readonly docs?: { status: number; type: string; page: string; console: number; consoleBundle: number };
}

/** The API reference the installed server serves at /docs/ (the site ships in the package). */
async function docsPage(url: string): Promise<ServerBinRun['docs']> {
  const response = await fetch(new URL('/docs/', url));
  const statusOf = async (path: string) => {
    const answer = await fetch(new URL(path, url));
    await answer.arrayBuffer();
    return answer.status;
  };
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    page: await response.text(),
    // The same site as the repository's: the try-it console and the Scalar bundle it loads.
    console: await statusOf('/docs/reference/console.html'),
    consoleBundle: await statusOf('/docs/scalar/standalone.js'),
  };
}

/** Every bin's usage and version, as the CLI conventions ask: each must exit 0. */
const CLI_CONVENTIONS = [
  ['reference-server', '--help'],
  ['reference-server', '--version'],
  ['contracts', '--help'],
  ['contracts', '--version'],
  ['contracts', 'verify', '--help'],
  ['contracts', 'check-pact', '--help'],
  ['contracts', 'fuzz', '--help'],
  ['contracts', 'conform', '--help'],
  ['contracts', 'coverage', '--help'],
  ['contracts', 'publish', '--help'],
  ['contracts', 'proxy', '--help'],
  ['contracts', 'check-har', '--help'],
  ['contracts', 'har-to-pact', '--help'],
] as const;

/** Runs each command of CLI_CONVENTIONS in the project; the first that fails, else the last with every output. */
async function cliConventions(dir: string, consumer: Consumer): Promise<RunResult> {
  let last: RunResult | undefined;
  const outputs: string[] = [];
  for (const args of CLI_CONVENTIONS) {
    last = await inProject(dir, consumer, args);
    if (!last.ok) return last;
    outputs.push(last.stdout);
  }
  return { ...last!, stdout: outputs.join('\n') };
}

interface Pipeline {
  readonly dir: Promise<string>;
  readonly install: Promise<RunResult>;
  readonly nodeVersion: Promise<RunResult>;
  readonly tscVersion: Promise<RunResult>;
  readonly typecheck: Promise<RunResult>;
  readonly libCheck: Promise<RunResult>;
  readonly build: Promise<RunResult>;
  readonly script: Promise<RunResult>;
  readonly verify: Promise<RunResult>;
  readonly checkPact: Promise<RunResult>;
  readonly bin: Promise<ServerBinRun>;
  readonly vitest: Promise<RunResult>;
  /** MODEL_CHECK_CONSUMER only: the sandbox guide's 50-file suite with the global setup. */
  readonly manyFiles?: Promise<RunResult>;
  readonly cli: Promise<RunResult>;
  readonly sandboxVerify: Promise<SandboxRun>;
}

/** The bin with no option, its first answer and its docs; stopped after. */
async function binFirstAnswer(dir: string, consumer: Consumer): Promise<ServerBinRun> {
  const started = performance.now();
  let server: StartedBin | undefined;
  try {
    server = await startBin('npx', ['reference-server'], dir, await onNode(consumer.node));
    const docs = await docsPage(server.url);
    const stopped = await server.stop();
    return {
      ok: stopped,
      docs,
      log: `reference-server ${stopped ? 'stopped' : 'failed to stop'} on SIGTERM\n${server.output()}`,
      stdout: server.output(),
      ms: performance.now() - started,
      firstAnswerMs: server.firstAnswerMs,
    };
  } catch (error) {
    await server?.stop();
    return failed(error);
  }
}

interface SandboxRun extends RunResult {
  /** `vitest run test/against-sandbox.test.ts` with SANDBOX_URL: a team's tests against the started sandbox. */
  readonly teamTests?: RunResult;
  /** Then `contracts coverage --journal <url>` with its defaults. */
  readonly coverage?: RunResult;
  /** Last (it writes): `contracts fuzz --base-url <url> --token … --json`, both phases. */
  readonly fuzz?: RunResult;
  /** MODEL_CHECK_CONSUMER only: the proxy in front of the sandbox, then check-har and har-to-pact on its HAR. */
  readonly modelCheck?: ModelCheckRun;
}

interface ModelCheckRun {
  /** `contracts proxy --upstream <url> --port 0 --har … --report …`, stopped with SIGTERM: its exit status and summary. */
  readonly proxy: RunResult & { readonly report?: { ok: boolean; exchanges: number; judged: number } };
  readonly checkHar: RunResult;
  readonly harToPact: RunResult;
  /** `contracts verify <the pact> --base-url <url> --sandbox`: the loop closed. */
  readonly verify: RunResult;
}

/** A few requests through the proxy, as a team's smoke run sends them: a page, one record, a 404. */
async function sendThrough(proxyUrl: string): Promise<void> {
  const get = async (path: string) => {
    const answer = await fetch(new URL(path, proxyUrl), { headers: { Authorization: DEMO_TOKEN } });
    const body = await answer.text();
    return { status: answer.status, body };
  };
  const page = await get('/api/um/v3/conversations/?limit=2');
  if (page.status !== 200)
    throw new Error(`the page through the proxy answered ${page.status}: ${page.body}`);
  const [first] = (JSON.parse(page.body) as { results: Array<{ id: number }> }).results;
  await get(`/api/um/v3/conversations/${first!.id}/`);
  await get('/api/um/v3/conversations/2147483000/');
}

/**
 * Is the model true of the deployment? `contracts proxy` in front of the sandbox the project
 * started, a few requests through it, stopped; then `check-har` on its HAR, `har-to-pact` on it
 * (default --out pacts) and the pact verified against the same sandbox.
 */
async function modelCheck(dir: string, consumer: Consumer, url: string): Promise<ModelCheckRun> {
  const started = performance.now();
  const proxy = await startProxyBin(dir, consumer, [
    '--upstream',
    url,
    '--port',
    '0',
    '--har',
    SESSION_HAR,
    '--report',
    PROXY_REPORT,
  ]);
  let sent: unknown;
  await sendThrough(proxy.url).catch((error: unknown) => {
    sent = error;
  });
  const { code, output } = await proxy.stop();
  const report = existsSync(join(dir, PROXY_REPORT))
    ? (JSON.parse(await readFile(join(dir, PROXY_REPORT), 'utf8')) as ModelCheckRun['proxy']['report'])
    : undefined;
  const proxyRun = {
    ok: code === 0 && sent === undefined,
    log: `$ contracts proxy --upstream ${url} --port 0 --har ${SESSION_HAR} --report ${PROXY_REPORT}
exit ${code}${
      sent
        ? `
${String(sent)}`
        : ''
    }
${output}`,
    stdout: output,
    ms: performance.now() - started,
    ...(report ? { report } : {}),
  };
  const checkHar = await inProject(dir, consumer, ['contracts', 'check-har', SESSION_HAR]);
  const harToPact = await inProject(dir, consumer, [
    'contracts',
    'har-to-pact',
    SESSION_HAR,
    '--consumer',
    HAR_CONSUMER,
  ]);
  const verify = harToPact.ok
    ? await inProject(dir, consumer, [
        'contracts',
        'verify',
        `pacts/${HAR_CONSUMER}-${PROVIDER_NAME}.json`,
        '--base-url',
        url,
        '--sandbox',
      ])
    : skipped('har-to-pact failed');
  return { proxy: proxyRun, checkHar, harToPact, verify };
}

/**
 * The team's tests against the sandbox, then the coverage of what they exercised, read from the
 * sandbox's journal: the order a CI job runs them in, on the server the project already started.
 */
async function testsAndCoverage(dir: string, consumer: Consumer, url: string) {
  const teamTests = await inProject(dir, consumer, ['vitest', 'run', 'test/against-sandbox.test.ts'], {
    SANDBOX_URL: url,
  });
  const coverage = teamTests.ok
    ? await inProject(dir, consumer, ['contracts', 'coverage', '--journal', url])
    : skipped('the tests against the sandbox failed');
  return { teamTests, coverage };
}

/**
 * `contracts fuzz` as a team's CI runs it against the sandbox it started: the JSON report, both
 * phases (the stateful one walks records of the two organizations), after the coverage, since it writes.
 */
function fuzzSandbox(dir: string, consumer: Consumer, url: string): Promise<RunResult> {
  return inProject(dir, consumer, [
    'contracts',
    'fuzz',
    '--base-url',
    url,
    '--token',
    DEMO_TOKEN,
    '--other-token',
    OTHER_DEMO_TOKEN,
    '--requests',
    FUZZ_REQUESTS,
    '--json',
  ]);
}

/**
 * `reference-server --sandbox` from the bin (in a folder of its own: a new data directory), its
 * document and state catalogue, then `contracts verify pacts-sandbox --base-url … --sandbox`, which
 * sets each provider state up there, then the team's tests and their coverage from its journal.
 */
async function verifyAgainstSandbox(dir: string, consumer: Consumer): Promise<SandboxRun> {
  const cwd = join(dir, 'sandbox');
  await mkdir(cwd, { recursive: true });
  let server: StartedBin | undefined;
  try {
    server = await startBin('npx', ['reference-server', '--sandbox'], cwd, await onNode(consumer.node));
    // The sandbox's own document and state catalogue are generated by zod in the installed server.
    for (const path of ['/_sandbox/openapi.json', '/_sandbox/provider-states']) {
      const response = await fetch(new URL(path, server.url));
      if (response.status !== 200)
        throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    }
    const verified = await inProject(dir, consumer, [
      'contracts',
      'verify',
      'pacts-sandbox',
      '--base-url',
      server.url,
      '--sandbox',
    ]);
    const tested = await testsAndCoverage(dir, consumer, server.url);
    // Before the fuzzer, which writes: the session through the proxy reads the demo world.
    const checked =
      consumer.kind === MODEL_CHECK_CONSUMER.kind
        ? await modelCheck(dir, consumer, server.url).catch((error: unknown) => {
            const run = failed(error);
            return { proxy: run, checkHar: run, harToPact: run, verify: run };
          })
        : undefined;
    const fuzz = await fuzzSandbox(dir, consumer, server.url);
    await server.stop();
    return { ...verified, ...tested, fuzz, ...(checked ? { modelCheck: checked } : {}) };
  } catch (error) {
    await server?.stop();
    return failed(error);
  }
}

/**
 * The sandbox guide's pattern as a team copies it: the example's vitest.config.ts (the global setup
 * from the installed package) and MANY_FILES copies of its file, in a folder of the project, run by
 * the project's vitest with its defaults.
 */
async function manyFilesSuite(dir: string, consumer: Consumer): Promise<RunResult> {
  const suite = join(dir, 'many-files');
  await mkdir(suite);
  await copyFile(join(MANY_FILES_EXAMPLE, 'vitest.config.ts'), join(suite, 'vitest.config.ts'));
  for (let n = 1; n <= MANY_FILES; n++)
    await copyFile(join(MANY_FILES_EXAMPLE, 'cleanup-job.test.ts'), join(suite, `cleanup-job-${n}.test.ts`));
  return inProject(dir, consumer, ['vitest', 'run', '--root', 'many-files']);
}

/**
 * install -> (tsc --noEmit | tsc --noCheck -> node dist/main.js -> contracts verify, check-pact ->
 * the bin -> vitest -> the sandbox: verify, the team's tests, coverage, contracts fuzz): one server at
 * a time per project, on a 2-core machine.
 */
function pipeline(
  root: string,
  consumer: Consumer,
  registry: Promise<LocalRegistry>,
  released: Promise<ReleaseResult>,
): Pipeline {
  const dir = registry.then((r) => writeProject(root, consumer.kind, r.scopeConfig));
  dir.catch(() => {}); // awaited (and reported) by the install step
  const installed = after(released, 'the release', async () => install(await dir, consumer));
  const projectCommand = (what: string, previous: Promise<RunResult>, ...args: [string, ...string[]]) =>
    after(previous, what, async () => inProject(await dir, consumer, args));
  const build = projectCommand('the install', installed, 'tsc', '--noCheck');
  const script = after(build, 'the build', async () =>
    run('node', ['dist/main.js'], await dir, await onNode(consumer.node)),
  );
  const verify = projectCommand('the script (it writes the pact)', script, 'contracts', 'verify', 'pacts');
  const checkPact = projectCommand(
    'the script (it writes the pact)',
    script,
    'contracts',
    'check-pact',
    `pacts/adoption-${consumer.kind}-${PROVIDER_NAME}.json`,
  );
  const bin = Promise.all([verify, checkPact]).then(async () => binFirstAnswer(await dir, consumer));
  // Its files are test/; the many-files suite is written into the project once it has run.
  const vitest = bin.then(async () => inProject(await dir, consumer, ['vitest', 'run'])).catch(failed);
  return {
    dir,
    install: installed,
    nodeVersion: after(installed, 'the install', async () =>
      run('node', ['--version'], await dir, await onNode(consumer.node)),
    ),
    tscVersion: projectCommand('the install', installed, 'tsc', '--version'),
    typecheck: projectCommand('the install', installed, 'tsc', '--noEmit'),
    libCheck: projectCommand('the install', installed, 'tsc', '--noEmit', '--skipLibCheck', 'false'),
    build,
    script,
    verify,
    checkPact,
    bin,
    vitest,
    ...(consumer.kind === MODEL_CHECK_CONSUMER.kind
      ? { manyFiles: after(vitest, "the project's vitest", async () => manyFilesSuite(await dir, consumer)) }
      : {}),
    cli: after(installed, 'the install', async () => cliConventions(await dir, consumer)),
    sandboxVerify: after(bin, 'the bin', async () => verifyAgainstSandbox(await dir, consumer)),
  };
}

interface UpgradeRun {
  readonly probes: Promise<Probe[]>;
  readonly before: Promise<{ typecheck: RunResult; script: RunResult }>;
  readonly upgrade: Promise<RunResult>;
  readonly after: Promise<{ typecheck: RunResult; script: RunResult }>;
}

/** The release notes of 1.0.0 as data (docs/releases/1.0.0.md in Markdown): what changed since 0.1.0. */
const notesOf100 = () =>
  apiReleaseNotesOfFiles(
    join(REPO_ROOT, 'docs/releases/openapi-0.1.0.json'),
    join(REPO_ROOT, 'docs/releases/openapi-1.0.0.json'),
  );

/** The 0.1.0 project: type-check and run, `npm install @org/...@^<released major>`, type-check and run again. */
function upgradeRun(
  root: string,
  registry: Promise<LocalRegistry>,
  released: Promise<ReleaseResult>,
  old: Promise<RunResult>,
): UpgradeRun {
  const probes = notesOf100().then((notes) => probesFor(notes.entries));
  const dir = Promise.all([registry, probes]).then(async ([r, list]) => {
    const written = await writeProject(root, UPGRADE.kind, r.scopeConfig);
    await writeFile(join(written, 'probes.json'), JSON.stringify(list));
    return written;
  });
  const check = async () => {
    const [typecheck, build] = await Promise.all([
      inProject(await dir, UPGRADE, ['tsc', '--noEmit']),
      inProject(await dir, UPGRADE, ['tsc', '--noCheck']),
    ]);
    const script = build.ok
      ? await run('node', ['dist/upgrade.js'], await dir, await onNode(UPGRADE.node))
      : build;
    return { typecheck, script };
  };
  const installed = after(old, 'publishing 0.1.0', async () => install(await dir, UPGRADE));
  const before = installed.then((r) => (r.ok ? check() : { typecheck: r, script: r }));
  const upgrade = Promise.all([before, released]).then(async ([, release]) =>
    release.ok
      ? run(
          'npm',
          ['install', ...['@org/model', '@org/client'].map((name) => `${name}@${caretOf(release)}`)],
          await dir,
          await onNode(UPGRADE.node),
        ).catch(failed)
      : skipped('the release failed'),
  );
  return {
    probes,
    before,
    upgrade,
    after: upgrade.then((r) => (r.ok ? check() : { typecheck: r, script: r })),
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour
const stripColours = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

const expectOk = (result: RunResult) => expect(result.ok, result.log).toBe(true);

const expectStep = async ({ script }: Pipeline, name: string): Promise<Step> => {
  const result = await script;
  const step = stepsOf(result.stdout).find((s) => s.step === name);
  expect(step, `the script reported no "${name}" step\n${result.log}`).toBeDefined();
  expect(step!.ok, `${name}: ${String(step!.detail)}\n${result.log}`).toBe(true);
  return step!;
};

let root: string;
let registry: Promise<LocalRegistry>;
let released: Promise<ReleaseResult>;
let oldPublished: Promise<RunResult>;
let upgrade: UpgradeRun;
const pipelines = {} as Record<string, Pipeline>;
const started = performance.now();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'release-'));
  registry = startRegistry(join(root, 'registry'));
  released = registry
    .then((r) => releaseInto(r, root))
    .catch((error: unknown) => ({ ...failed(error), packages: [] }));
  oldPublished = registry
    .then(async (r) => {
      const results: RunResult[] = [];
      for (const name of ['org-model-0.1.0.tgz', 'org-client-0.1.0.tgz'])
        results.push(await publishTarball(join(RELEASED_0_1_0, name), r, root));
      return results.find((x) => !x.ok) ?? results[0]!;
    })
    .catch(failed);
  for (const consumer of CONSUMERS) pipelines[consumer.kind] = pipeline(root, consumer, registry, released);
  upgrade = upgradeRun(root, registry, released, oldPublished);
});

afterAll(async () => {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = await Promise.all(
    CONSUMERS.map(async (consumer) => {
      const p = pipelines[consumer.kind];
      if (!p) return `${consumer.kind}: not started`;
      const [installed, typecheck, script, bin, vitest, sandbox] = await Promise.all([
        p.install,
        p.typecheck,
        p.script,
        p.bin,
        p.vitest,
        p.sandboxVerify,
      ]);
      const steps = stepsOf(script.stdout).map((step) => `${step.step} ${s(step.ms)}`);
      const first =
        bin.firstAnswerMs === undefined ? '' : `, bin first answer ${Math.round(bin.firstAnswerMs)} ms`;
      return `${consumer.kind} (Node ${consumer.node}, ${consumer.packageManager}): install ${s(installed.ms)}, tsc --noEmit ${s(typecheck.ms)}, script ${s(script.ms)} (${steps.join(', ')})${first}, vitest ${s(vitest.ms)}, tests against the sandbox and their coverage ${s((sandbox.teamTests?.ms ?? 0) + (sandbox.coverage?.ms ?? 0))}, fuzz ${s(sandbox.fuzz?.ms ?? 0)}`;
    }),
  ).catch((error: unknown) => [String(error)]);
  const release = await released?.catch(() => undefined);
  const sizes = release?.packages.map(
    (p) =>
      `${p.name}@${p.version} ${(p.packedBytes / 1e6).toFixed(1)} MB packed, ${(p.unpackedBytes / 1e6).toFixed(1)} MB unpacked`,
  );
  console.info(
    `release: ${sizes?.join('; ') ?? 'none'}\n${lines.join('\n')}\nwall ${s(performance.now() - started)}`,
  );
  await (await registry?.catch(() => undefined))?.close();
  if (root && !process.env.ADOPTION_KEEP) await rm(root, { recursive: true, force: true });
}, 120_000);

describe('the release into a local registry', () => {
  it('versions the fixed group, packs every published package, checks each tarball and publishes it', async () => {
    const release = await released;
    expect(release.ok, release.log).toBe(true);
    const names = release.packages.map((p) => p.name).sort();
    expect(names).toEqual(['@org/client', '@org/contracts', '@org/model', '@org/reference-server']);
    expect(new Set(release.packages.map((p) => p.version)).size, 'one version for the fixed group').toBe(1);
    // The zod 4 schemas changed @org/model's TypeScript API (D31): a major, 2.x.
    expect(release.packages[0]!.version).toMatch(/^2\./);
    for (const p of release.packages) expect(p.problems, p.name).toEqual([]);
  });

  it('keeps the reference server within 8 MB packed and 40 MB unpacked', async () => {
    const server = (await released).packages.find((p) => p.name === '@org/reference-server');
    expect(server, 'the reference server was packed').toBeDefined();
    expect(server!.packedBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(server!.unpackedBytes).toBeLessThanOrEqual(40 * 1024 * 1024);
  });

  it('declares the supported Node.js majors in every published package', async () => {
    for (const p of (await released).packages) {
      const { readTarball } = await import('./tarball-checks.js');
      const { manifest } = await readTarball(p.tarball);
      expect(manifest.engines?.node, p.name).toBe('>=22');
    }
  });
});

describe.each(CONSUMERS)('a consumer project ($kind, Node $node, $packageManager)', (consumer) => {
  const p = () => pipelines[consumer.kind]!;

  it('installs by range from the local registry with a plain install, warning of no engine', async () => {
    const result = await p().install;
    expectOk(result);
    expect(result.log).not.toMatch(/EBADENGINE|Unsupported engine/);
  });

  it('runs on its Node.js major, the latest TypeScript and the zod major it is named after', async () => {
    const [node, tsc, latest] = await Promise.all([
      p().nodeVersion,
      p().tscVersion,
      run('npm', ['view', 'typescript', 'version'], tmpdir()),
    ]);
    expectOk(node);
    expect(node.stdout.trim()).toMatch(new RegExp(`^v${consumer.node}\\.`));
    expectOk(tsc);
    expectOk(latest);
    expect(tsc.stdout).toContain(`Version ${latest.stdout.trim()}`);
    const zod = JSON.parse(await readFile(join(await p().dir, 'node_modules/zod/package.json'), 'utf8'));
    expect(`zod${zod.version.split('.')[0]}`).toBe(consumer.kind.split('-')[1]);
  });

  it('type-checks with tsc --noEmit, z.infer of each named record schema being its named type (src/composition.ts)', async () => {
    expectOk(await p().typecheck);
  });

  it("compiles the packages' own declarations without an error (skipLibCheck off)", async () => {
    const { log } = await p().libCheck;
    // Other libraries' declarations are not this project's to fix (Pact's name express without its types).
    const ours = log.split('\n').filter((line) => /node_modules\/(\.pnpm\/)?@org/.test(line));
    expect(log).not.toMatch(/^not run/);
    expect(ours, log).toEqual([]);
  });

  it('builds and runs its script', async () => {
    expectOk(await p().build);
    expectOk(await p().script);
  });

  it('parses a record with @org/model/mini (its ES module, or its require() build under node16)', async () => {
    const { detail } = await expectStep(p(), 'mini');
    expect(detail).toMatchObject({ rejectsWrongId: true });
  });

  it('starts the reference server with startServer()', async () => {
    await expectStep(p(), 'server');
  });

  it('calls the reference server through the client, parsing every response with the model', async () => {
    const { detail } = await expectStep(p(), 'calls');
    expect(detail).toMatchObject({ calls: 20, notFound: true });
  });

  it('writes a consumer pact with the exported matchers', async () => {
    const { detail } = await expectStep(p(), 'pact');
    expect(detail).toBe(3);
  });

  it('verifies the pact with verifyProvider()', async () => {
    await expectStep(p(), 'verify');
  });

  it('verifies the pact with `contracts verify`, which starts the reference server itself', async () => {
    const result = await p().verify;
    expectOk(result);
  });

  it('checks the pact against the document with `contracts check-pact`', async () => {
    expectOk(await p().checkPact);
  });

  it('starts the `reference-server` bin with no option and gets the first page, its prebuilt world in .reference-server/data of the project', async () => {
    const bin = await p().bin;
    expectOk(bin);
    expect(bin.firstAnswerMs).toBeGreaterThan(0);
    expect(existsSync(join(await p().dir, '.reference-server', 'data')), bin.log).toBe(true);
    // A generated world announces itself on stderr; the prebuilt one is only written.
    expect(bin.log).not.toMatch(/seeding the demo world/);
  });

  it('fuzzes the started `reference-server --sandbox` with `contracts fuzz --json`: both phases, records walked, no finding', async () => {
    const { fuzz, log } = await p().sandboxVerify;
    expect(fuzz, log).toBeDefined();
    expectOk(fuzz!);
    const report = JSON.parse(fuzz!.stdout) as {
      requests: number;
      phases: string[];
      stateful: { sequences: number; steps: number; byStep: Record<string, unknown> };
      findings: unknown[];
    };
    expect(report.requests).toBe(Number(FUZZ_REQUESTS));
    expect(report.phases).toEqual(['stateless', 'stateful']);
    expect(report.stateful.steps).toBeGreaterThan(report.stateful.sequences);
    expect(Object.keys(report.stateful.byStep)).toContain('read after the delete (getContact)');
    expect(report.findings).toEqual([]);
  });

  it('serves the API reference at /docs/ from the installed package, naming no path of the machine', async () => {
    const { docs, log } = await p().bin;
    expect(docs, log).toBeDefined();
    expect(docs!.status).toBe(200);
    expect(docs!.type).toMatch(/^text\/html/);
    // Neither the installed package's folder nor this repository's: the page names no local path.
    expect(docs!.page).not.toContain(root);
    expect(docs!.page).not.toContain(REPO_ROOT);
    expect(docs!.page.includes('VitePress')).toBe(true);
    expect([docs!.console, docs!.consoleBundle]).toEqual([200, 200]);
  });

  it('prints the usage and version of every bin and command, exiting 0', async () => {
    const result = await p().cli;
    expectOk(result);
    expect(result.stdout.trim()).not.toBe('');
  });

  it('documents --journal in `contracts coverage --help`', async () => {
    const result = await p().cli;
    expectOk(result);
    expect(result.stdout).toMatch(/^ {2}--journal URL\|FILE /m);
  });

  it('documents `contracts proxy`, `check-har` and `har-to-pact` in their --help', async () => {
    const result = await p().cli;
    expectOk(result);
    expect(result.stdout).toMatch(/^Usage: contracts proxy --upstream URL/m);
    expect(result.stdout).toMatch(/^Usage: contracts check-har FILE\.\.\./m);
    expect(result.stdout).toMatch(/^Usage: contracts har-to-pact FILE\.\.\. --consumer NAME/m);
  });

  it('runs a vitest file with useReferenceServer()', async () => {
    const result = await p().vitest;
    expectOk(result);
    expect(result.stdout).toMatch(/Tests\s+.*6 passed/);
  });

  it("builds its own zod schemas on the model's: embeds, extends, picks, omits, z.toJSONSchema (test/composition.test.ts)", async () => {
    const result = await p().vitest;
    expectOk(result);
    expect(stripColours(result.stdout)).toMatch(/✓ test\/composition\.test\.ts \(3 tests?\)/);
  });

  it('forces a 503 with retry-after=0: the client retries once and succeeds, the journal has the PATCH payload', async () => {
    const result = await p().vitest;
    // test/faults.test.ts of the project: its one test passed when the run passed with it in it.
    expectOk(result);
    expect(stripColours(result.stdout)).toMatch(/✓ test\/faults\.test\.ts/);
  });

  it("serves the sandbox's document and state catalogue, then verifies a pact given 'a conversation exists' { id: 1042 } against `reference-server --sandbox` with `contracts verify --base-url … --sandbox`", async () => {
    const { detail } = await expectStep(p(), 'sandbox-pact');
    expect(detail).toBe(1);
    expectOk(await p().sandboxVerify);
  });

  it('runs its tests against the started `reference-server --sandbox`, then `contracts coverage --journal <url>` reports what they exercised', async () => {
    const { teamTests, coverage, log } = await p().sandboxVerify;
    expect(teamTests, log).toBeDefined();
    expectOk(teamTests!);
    expect(stripColours(teamTests!.stdout)).toMatch(/Tests\s+2 passed/);
    expectOk(coverage!);
    // listConversations and getConversation (200 and 404), JSON both ways; not every parameter sent.
    expect(coverage!.stdout).toMatch(
      /^Operations: 2\/\d+ documented operations exercised \([\d.]+%\) by 3 exchanges$/m,
    );
    expect(coverage!.stdout).toMatch(
      /^Level: TCL3 of TCL0-TCL7 \(Test Coverage Levels\) over the 2 operations exercised$/m,
    );
    expect(coverage!.stdout).toMatch(/^For TCL4, missing: listConversations query:/m);
  });
});

describe(`the sandbox guide's suite of many files (${MODEL_CHECK_CONSUMER.kind})`, () => {
  it(`runs ${MANY_FILES} files with the global setup: each passes, on one sandbox per worker`, async () => {
    const run = await pipelines[MODEL_CHECK_CONSUMER.kind]!.manyFiles!;
    expectOk(run);
    // vitest colours its summary under CI=true.
    const log = stripVTControlCharacters(run.log);
    expect(log).toMatch(new RegExp(`Test Files +${MANY_FILES} passed`));
    const starts = serverStartsIn(log);
    expect(starts.length, run.log).toBeGreaterThanOrEqual(1);
    expect(starts.length, run.log).toBeLessThan(MANY_FILES);
  });
});

describe(`the model checked through the proxy (${MODEL_CHECK_CONSUMER.kind})`, () => {
  const checked = async () => {
    const { modelCheck: run, log } = await pipelines[MODEL_CHECK_CONSUMER.kind]!.sandboxVerify;
    expect(run, log).toBeDefined();
    return run!;
  };

  it('runs `contracts proxy --port 0` in front of `reference-server --sandbox`: requests through it, stopped, its report clean', async () => {
    const { proxy } = await checked();
    expectOk(proxy);
    expect(proxy.report, proxy.log).toMatchObject({ ok: true, exchanges: 3, judged: 3 });
    // The summary on stderr at exit.
    expect(proxy.stdout).toMatch(/3 exchanges/);
  });

  it('judges the proxy’s HAR clean with `contracts check-har`', async () => {
    const { checkHar } = await checked();
    expectOk(checkHar);
  });

  it('turns the HAR into a pact with `contracts har-to-pact`, which verifies against the sandbox', async () => {
    const { harToPact, verify } = await checked();
    expectOk(harToPact);
    expect(harToPact.stdout).toMatch(
      /^Wrote pacts\/adoption-proxy-customer-messaging-api\.json: 3 interaction/m,
    );
    expectOk(verify);
  });
});

describe('a consumer on 0.1.0 upgrading to the released major (Node 20, npm)', () => {
  it('installs 0.1.0 from the registry, type-checks and runs', async () => {
    expectOk(await oldPublished);
    const { typecheck, script } = await upgrade.before;
    expectOk(typecheck);
    expectOk(script);
  });

  it('upgrades with npm install @org/model@^N @org/client@^N; npm warns that Node 20 is no longer supported, as the release notes say', async () => {
    const result = await upgrade.upgrade;
    expectOk(result);
    expect(result.log).toMatch(/EBADENGINE[\s\S]*@org\/(model|client)/);
    const changelog = await readFile(join(REPO_ROOT, 'packages/model/CHANGELOG.md'), 'utf8');
    const notes = changelog.slice(changelog.indexOf('## 1.0.0'));
    expect(notes).toMatch(/Node\.js 20/);
  });

  it("still type-checks: code that parses with the model's schemas and names its types compiles on both majors", async () => {
    expectOk((await upgrade.after).typecheck);
  });

  it('refuses a value past every request bound the release notes mark breaking, and reports which 0.1.0 took', async () => {
    const probes = await upgrade.probes;
    expect(probes.length).toBeGreaterThan(0);
    const before = probeResultsOf((await upgrade.before).script.stdout);
    const now = probeResultsOf((await upgrade.after).script.stdout);
    expect(before, (await upgrade.before).script.log).toBeDefined();
    expect(now, (await upgrade.after).script.log).toBeDefined();
    // The new model holds every bound the notes list as breaking.
    expect(now!.filter((r) => r.accepted).map((r) => r.change)).toEqual([]);
    // What a consumer meets: values 0.1.0 took that the released major refuses, each a breaking entry of the notes.
    const broken = before!.filter((r) => r.accepted);
    expect(broken.length).toBeGreaterThan(0);
    console.info(
      `upgrade: ${probes.length} breaking request bounds in the 1.0.0 notes; ${broken.length} refuse what 0.1.0 accepted, the rest restate what 0.1.0 already refused`,
    );
  });
});
