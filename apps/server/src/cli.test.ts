import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { endpointList } from '@org/model';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './store/engine/open-db.js';
import { latestTimestamps } from './store/test-support/latest-timestamps.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

interface Summary {
  url: string;
  docs: string;
  database: string;
  world: 'prebuilt' | 'seeded' | 'existing';
  customerToken: string;
  organizations: Array<{ id: number; token: string; operators: Record<string, number> }>;
}

/** The CLIs a test started that have not exited: a failed assertion must not leave a server running. */
const running = new Set<ChildProcess>();

/** Spawns the built CLI with these arguments, stopped after the test if it is still running. */
const spawnCli = (args: string[], options: SpawnOptions): ChildProcess => {
  const child = spawn(process.execPath, [CLI, ...args], options);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
};

/** Starts the built CLI with --json on a free port and reads its one-line summary. */
const start = async (
  args: string[],
  cwd?: string,
): Promise<{ child: ChildProcess; summary: Summary; stdout: () => string; stderr: () => string }> => {
  const child = spawnCli(['--json', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd ? { cwd } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${stderr}`)));
  });
  return { child, summary: JSON.parse(firstLine), stdout: () => stdout, stderr: () => stderr };
};

/** Runs the built CLI to its exit. */
const runCli = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawnCli(args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });

/** SIGTERM, resolved with the exit code once the CLI's output has been read to its end. */
const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code));
    child.kill('SIGTERM');
  });

const stopRunning = () =>
  Promise.all([...running].filter((c) => c.exitCode === null && c.signalCode === null).map(stop));
afterEach(stopRunning);

const dirs: string[] = [];
afterAll(async () => {
  // A beforeAll that failed halfway may have left its CLI running.
  await stopRunning();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('reference-server CLI', () => {
  // One CLI for both: what it answers while it runs, then its output from start to stop.
  it('starts, prints its summary as JSON, serves the API and docs, and stops cleanly on SIGTERM; with --json exactly one JSON line on stdout from start to stop (logs go to stderr)', async () => {
    const { child, summary, stdout, stderr } = await start([
      '--memory',
      '--no-seed',
      '--org-token',
      'cli-test-token',
    ]);
    expect(summary.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(summary.docs).toBe(`${summary.url}/docs/`);
    const org = summary.organizations[0]!;
    expect(org.token).toBe('cli-test-token');
    expect(org.operators).toMatchObject({
      admin: expect.any(Number),
      operator: expect.any(Number),
      restricted: expect.any(Number),
    });
    const operators = await fetch(`${summary.url}/api/um/v3/operators/`, {
      headers: { Authorization: org.token },
    });
    expect(operators.status).toBe(200);
    expect(operators.headers.get('x-request-id')).toBeTruthy();
    expect((await fetch(`${summary.url}/openapi.json`)).status).toBe(200);
    // The real reference: the docs site the package ships (dist/docs).
    const docs = await fetch(summary.docs);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    await docs.text();
    // The reference's overview links every operation's page (its permalink).
    const overview = await (await fetch(`${summary.docs}reference/`)).text();
    const missing = endpointList().filter(([id]) => !overview.includes(`/reference/operations/${id}.html`));
    expect(missing.map(([id]) => id)).toEqual([]);
    // Requests make the server log; a 404 and an error answer as well.
    await fetch(`${summary.url}/api/um/v3/no-such-thing/`);
    expect(await stop(child)).toBe(0);
    const lines = stdout().split('\n');
    expect(lines.length, stdout()).toBe(2);
    expect(lines[1]).toBe('');
    expect(JSON.parse(lines[0]!)).toMatchObject({ url: summary.url });
    expect(stderr()).toContain('"msg"');
  });

  /**
   * One data directory for three tests, seeded at its first start (tiny with another seed: no
   * prebuilt world). The first start runs once, here; each test starts the CLI on the directory
   * again and adds nothing another test reads (a token of its own, which leaves the others'
   * working).
   */
  describe('on a data directory seeded at its first start', () => {
    let dir = '';
    let first: {
      summary: Summary;
      stderr: string;
      answered: number;
      created: number;
      note: { id: number };
      stopped: number | null;
    };
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'um-cli-'));
      dirs.push(dir);
      const { child, summary, stderr } = await start(['--data-dir', dir, '--size', 'tiny', '--seed', '3']);
      const headers = { Authorization: summary.organizations[0]!.token };
      const answered = await fetch(`${summary.url}/api/um/v3/conversations/?limit=1`, { headers });
      const created = await fetch(`${summary.url}/api/um/v3/notes/`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          contact_identity_id: (
            (await (
              await fetch(`${summary.url}/api/um/v3/contact_identities/?limit=1`, { headers })
            ).json()) as {
              results: Array<{ id: number }>;
            }
          ).results[0]!.id,
          body: 'kept across restarts',
        }),
      });
      const note = (await created.json()) as { id: number };
      const stopped = await stop(child);
      first = {
        summary,
        stderr: stderr(),
        answered: answered.status,
        created: created.status,
        note,
        stopped,
      };
    });

    it('seeds a world that is not prebuilt as before, with a progress line on stderr', () => {
      expect(first.summary.world).toBe('seeded');
      expect(first.stderr).toContain('seeding the demo world (seed 3, size tiny; not prebuilt');
      expect(first.stderr).toMatch(/organization 2\/2, [\d,]+ records in [\d.]+ s/);
      expect(first.answered).toBe(200);
      expect(first.stopped).toBe(0);
    });

    it('keeps its data directory: a second start reuses the data', async () => {
      const headers = { Authorization: first.summary.organizations[0]!.token };
      expect(first.created).toBe(201);
      expect(first.stopped).toBe(0);
      const second = await start(['--data-dir', dir, '--size', 'tiny']);
      const again = await fetch(`${second.summary.url}/api/um/v3/notes/${first.note.id}/`, { headers });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { body: string }).body).toBe('kept across restarts');
      expect(await stop(second.child)).toBe(0);
    });

    it('a new --org-token works, the old one too; another --seed or --size stops', async () => {
      expect(first.stopped).toBe(0);
      const second = await start(['--data-dir', dir, '--org-token', 'second-start-token']);
      const statusWith = async (token: string, orgIndex = 0) =>
        (
          await fetch(`${second.summary.url}/api/um/v3/operators/`, {
            headers: {
              Authorization: token,
              'Service-Organization-Id': String(second.summary.organizations[orgIndex]!.id),
            },
          })
        ).status;
      expect(second.summary.organizations[0]!.token).toBe('second-start-token');
      expect(await statusWith('second-start-token')).toBe(200);
      expect(await statusWith(second.summary.organizations[1]!.token, 1)).toBe(200);
      expect(await statusWith(first.summary.organizations[0]!.token)).toBe(200);
      expect(await stop(second.child)).toBe(0);

      // The same seed and size as the world's are accepted; others stop with a message.
      const same = await start(['--data-dir', dir, '--size', 'tiny', '--seed', '3']);
      expect(await stop(same.child)).toBe(0);
      for (const option of [
        ['--seed', '4'],
        ['--size', 'demo'],
      ]) {
        const result = await runCli(['--data-dir', dir, '--port', '0', ...option]);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(`${option.join(' ')} would need a new one`);
        expect(result.stderr).toContain('use a fresh --data-dir or --memory');
      }
    });
  });

  it('--help prints the usage on stdout and exits 0, naming the default data directory', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Usage: reference-server [options]');
    expect(result.stdout).toContain('--version');
    expect(result.stdout).toContain('(default: .reference-server/data in the current directory)');
  });

  it("--version prints the package's version and exits 0", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const result = await runCli(['--version']);
    expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  // One new data directory for both: the default one, written as any other.
  it('keeps its data in .reference-server/data of the directory it starts in when no --data-dir is given; seeds a world whose timestamps all lie before the server answered', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'um-cli-cwd-'));
    dirs.push(cwd);
    const { child, summary } = await start([], cwd);
    const dataDir = join(cwd, '.reference-server', 'data');
    expect(summary.database).toBe(`pglite (${dataDir})`);
    expect(summary.world).toBe('prebuilt');
    const page = await fetch(`${summary.url}/api/um/v3/conversations/?limit=2`, {
      headers: { Authorization: 'demo-org-token' },
    });
    expect(page.status).toBe(200);
    const answered = await fetch(`${summary.url}/api/um/v3/conversations/?limit=1`, {
      headers: { Authorization: summary.organizations[0]!.token },
    });
    expect(answered.status).toBe(200);
    // The database's form, to compare as strings: microseconds, read after the answer.
    const after = new Date().toISOString().replace('Z', '000Z');
    expect(await stop(child)).toBe(0);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(cwd, '.reference-server'))).toEqual(['data']);
    // Read before the start below, which adds the sandbox snapshot.
    const db = await openDb({ dataDir });
    try {
      const columns = await latestTimestamps(db);
      expect(columns.length).toBeGreaterThan(20);
      expect(columns.some((c) => c.table === 'messages' && c.latest !== null)).toBe(true);
      expect(columns.filter((c) => c.latest !== null && c.latest > after)).toEqual([]);
    } finally {
      await db.close();
    }
    // Written from the world without the sandbox snapshot, it takes one when the sandbox asks.
    const again = await start(['--sandbox'], cwd);
    expect(again.summary.world).toBe('existing');
    expect((await fetch(`${again.summary.url}/_sandbox/reset`, { method: 'POST' })).status).toBe(204);
    expect(await stop(again.child)).toBe(0);
  });

  it('answers an unknown option with one line and the usage, exit 2', async () => {
    const result = await runCli(['--no-such-option']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const [first, ...rest] = result.stderr.split('\n');
    expect(first).toBe("reference-server: Unknown option '--no-such-option'");
    expect(rest.join('\n')).toContain('Usage: reference-server [options]');
    expect(result.stderr).not.toMatch(/\bat .*:\d+:\d+\)?$/m);
  });

  it('starts on the prebuilt demo world, in memory and in a new data directory: its tokens answer and the sandbox resets it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'um-cli-'));
    dirs.push(dir);
    for (const where of [['--memory'], ['--data-dir', dir]]) {
      const { child, summary } = await start([...where, '--sandbox']);
      expect(summary.world).toBe('prebuilt');
      const list = (token: string) =>
        fetch(`${summary.url}/api/um/v3/conversations/?limit=1`, { headers: { Authorization: token } });
      const first = await list(summary.organizations[0]!.token);
      expect(first.status).toBe(200);
      expect(((await first.json()) as { count: number }).count).toBeGreaterThan(100);
      expect((await list(summary.customerToken)).status).toBe(200);
      expect((await fetch(`${summary.url}/_sandbox/reset`, { method: 'POST' })).status).toBe(204);
      expect(await stop(child)).toBe(0);
    }
    // The data directory keeps the world it was given.
    const again = await start(['--data-dir', dir]);
    expect(again.summary.world).toBe('existing');
    expect(await stop(again.child)).toBe(0);
  });

  it('stopped while it writes a new data directory, leaves nothing beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'um-cli-'));
    dirs.push(dir);
    const begun = new Promise<void>((resolve) => {
      const watcher = watch(dir, (_event, name) => {
        if (!name?.startsWith('data.partial-')) return;
        watcher.close();
        resolve();
      });
    });
    const child = spawnCli(['--json', '--port', '0', '--data-dir', join(dir, 'data')], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await begun;
    child.kill('SIGTERM');
    await exited;
    // Stopped halfway: nothing; after the rename (a fast machine): the data directory only.
    expect(readdirSync(dir).filter((name) => name !== 'data')).toEqual([]);
  });

  it('rejects bad options with a message', async () => {
    const child = spawnCli(['--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--port takes a whole number');
  });

  it('refuses the large world on PGlite, saying it is served on PostgreSQL only (issue #26)', async () => {
    const child = spawnCli(['--memory', '--size', 'large'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: '' },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--size large: the large world');
    expect(stderr).toContain('PostgreSQL only (--database-url)');
  });
});
