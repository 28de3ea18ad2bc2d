/**
 * Every shell block of the guides runs against the built reference server with the default demo
 * world (seed 1, in memory, with the sandbox on), so the ids and commands the guides show keep working. A block that
 * cannot run here says so before it: `<!-- not run: <reason> -->`; nothing is skipped silently.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES_DIR, REPO_ROOT } from '../scripts/lib/paths.js';
import { run } from './support/run.js';

const CLI = join(REPO_ROOT, 'apps/server/dist/cli.js');
/** The address the guides show; replaced by the started server's. */
const GUIDE_BASE = 'http://127.0.0.1:3000';
const STATUS_MARK = '__http_status__';

interface ShellBlock {
  guide: string;
  line: number;
  code: string;
  notRun: string | undefined;
}

const shellBlocks = (guide: string, markdown: string): ShellBlock[] =>
  [
    ...markdown.matchAll(
      /(?:<!--\s*not run:\s*(.*?)\s*-->\s*\n(?:\s*\n)*)?^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm,
    ),
  ].map((m) => ({
    guide,
    line: markdown.slice(0, m.index).split('\n').length,
    code: m[2] ?? '',
    notRun: m[1],
  }));

const guides = (await readdir(GUIDES_DIR)).filter((f) => f.endsWith('.md')).sort();
const blocks = (
  await Promise.all(guides.map(async (g) => shellBlocks(g, await readFile(join(GUIDES_DIR, g), 'utf8'))))
).flat();
const runnable = blocks.filter((b) => b.notRun === undefined);

let server: ChildProcess | undefined;
let base = '';

beforeAll(async () => {
  await access(CLI).catch(() => {
    throw new Error(`${CLI} is not built: run turbo run build --filter=@org/reference-server...`);
  });
  // --sandbox as the README's start command: the sandbox guide's commands call its control API.
  server = spawn(process.execPath, [CLI, '--memory', '--port', '0', '--json', '--sandbox'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (chunk) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server!.stdout! }).once('line', resolve);
    server!.once('exit', (code) => reject(new Error(`the reference server exited with ${code}: ${stderr}`)));
  });
  base = (JSON.parse(line) as { url: string }).url;
});

afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

describe('the shell commands of the guides', () => {
  it('are found, and every one left out says why', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(8);
    expect(blocks.filter((b) => b.notRun === '').map((b) => `${b.guide}:${b.line}`)).toEqual([]);
  });

  it('that run are requests with curl against the server', () => {
    expect(runnable.filter((b) => !/\bcurl\b/.test(b.code) && !/^export /m.test(b.code))).toEqual([]);
    expect(runnable.filter((b) => /localhost/.test(b.code)).map((b) => `${b.guide}:${b.line}`)).toEqual([]);
  });

  it.each(runnable.map((b) => [`${b.guide}:${b.line}`, b] as const))(
    '%s answers 2xx',
    async (_name, block) => {
      // curl is wrapped to print each response's status after its body; the environment is the guides'.
      const script = [
        'set -e',
        `curl() { command curl -sS -w '\\n${STATUS_MARK} %{http_code}\\n' "$@"; }`,
        `export API='${base}' TOKEN=demo-org-token CUSTOMER_TOKEN=demo-customer-token`,
        block.code.replaceAll(GUIDE_BASE, base),
      ].join('\n');
      const result = await run('bash', ['-c', script], REPO_ROOT);
      expect(result.code, result.stderr).toBe(0);
      const statuses = [...result.stdout.matchAll(new RegExp(`^${STATUS_MARK} (\\d+)$`, 'gm'))].map((m) =>
        Number(m[1]),
      );
      const curls = block.code.match(/\bcurl\b/g)?.length ?? 0;
      expect(statuses.length, result.stdout).toBe(curls);
      expect(
        statuses.filter((s) => s < 200 || s > 299),
        result.stdout,
      ).toEqual([]);
    },
  );
});
