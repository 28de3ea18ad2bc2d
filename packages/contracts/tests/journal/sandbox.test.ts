// `contracts coverage --journal URL` against a running sandbox: the requests a team's tests would
// send, then the report of the sandbox's own journal, as a CI step after the tests runs it. The
// sandbox is useReferenceServer()'s, which resets it before each test: its exchanges() feed the
// same report in code.
import {
  createMigratedDatabase,
  type TemporaryDatabase,
  testDatabaseUrl,
  useReferenceServer,
} from '@org/reference-server/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { journalCoverage } from '../../src/journal-coverage.js';
import { type ServerProcess, startServerProcess } from '../fuzz/server-process.js';

const server = useReferenceServer();

/**
 * What a team's test run sends: three operations, a 404, a forced 503, and a path of no operation;
 * to each of `urls` in turn (instances of one deployment). Its ids are the tiny world's, the same on
 * every engine.
 */
async function aTestRun(urls: readonly string[] = [server.url]) {
  const operator = server.world.organizations[0]!.operators.operator;
  let sent = 0;
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, urls[sent++ % urls.length]), {
      ...init,
      headers: { Authorization: server.token, 'Content-Type': 'application/json', ...init.headers },
    });
    return response.status === 204 ? null : response.json();
  };
  const notes = (await call('/api/um/v3/notes/?limit=2')) as { results: Array<{ id: number }> };
  await call(`/api/um/v3/notes/${notes.results[0]!.id}/`);
  await call('/api/um/v3/notes/999999/');
  await call(`/api/um/v3/notes/${notes.results[0]!.id}/`, { headers: { Prefer: 'code=503, retry-after=0' } });
  await call(`/api/um/v3/operators/${operator}/away/`, {
    method: 'PATCH',
    body: JSON.stringify({ is_away: true }),
  });
  await call('/api/um/v3/nowhere/');
}

const coverage = async (...args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['coverage', ...args], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    env: {},
  });
  return { code, out: out.join(''), err: err.join('') };
};

describe('contracts coverage --journal against a running sandbox', () => {
  it("reports the run's operations, statuses, parameters and level from the server's base URL", async () => {
    await aTestRun();
    const { code, out, err } = await coverage('--journal', server.url);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(
      `Journal: ${server.url}/_sandbox/requests, 6 exchanges since the sandbox's last reset`,
    );
    expect(out).toMatch(/^Operations: 3\/80 documented operations exercised \(3\.8%\) by 6 exchanges$/m);
    // Paths, operations and JSON both ways hold; not every parameter was sent.
    expect(out).toMatch(
      /^Level: TCL3 of TCL0-TCL7 \(Test Coverage Levels\) over the 3 operations exercised$/m,
    );
    expect(out).toMatch(/^For TCL4, missing: .*getNote query:exclude_ids/m);
    expect(out).toContain(
      'getNote (GET /api/um/v3/notes/{id}/), 3 exchanges: statuses 3/8 (missing 400, 401, 403, 429, 500)',
    );
    expect(out).toContain('setOperatorAway (PATCH /api/um/v3/operators/{id}/away/), 1 exchange: statuses 1/');
    expect(out).toContain('not an operation of the API: GET /api/um/v3/nowhere/ (1)');
  });

  it("takes the journal's own URL with its filters, and exits 1 below --fail-under", async () => {
    await aTestRun();
    const { code, out } = await coverage(
      '--journal',
      `${server.url}/_sandbox/requests?operation=getNote`,
      '--fail-under',
      '4',
      '--json',
    );
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report).toMatchObject({
      level: 3,
      exchanges: 3,
      operations: { exercised: 1 },
      journal: { truncated: null },
    });
    expect(report.perOperation[0].statuses.exercised).toEqual([200, 404, 503]);
    expect(report.failures).toEqual(['below --fail-under TCL4: the run reached TCL3']);
  });

  it('judges the operations named, so one never called is missing', async () => {
    await aTestRun();
    const { code, out } = await coverage(
      '--journal',
      server.url,
      '--operations',
      'listNotes,getNote,setOperatorAway,deleteNote',
      '--fail-under-percent',
      '80',
    );
    expect(code).toBe(1);
    expect(out).toMatch(
      /^Operations: 3\/4 named operations exercised \(75\.0%\) by 6 exchanges; not exercised: deleteNote$/m,
    );
    expect(out).toMatch(/^Level: TCL1 .* over the 4 operations named$/m);
    expect(out).toContain('For TCL2, missing: deleteNote');
  });

  it('gives the same report in code from useReferenceServer().exchanges(), across the resets between tests', async () => {
    const report = await journalCoverage(await server.exchanges());
    // The three tests' runs, though each began with an empty journal.
    expect(report.exchanges).toBe(18);
    expect(report.level).toBe(3);
    expect(report.perOperation.map((o) => `${o.operation} ${o.exchanges}`)).toEqual([
      'listNotes 3',
      'getNote 9',
      'setOperatorAway 3',
    ]);
  });
});

describe.skipIf(!testDatabaseUrl)(
  'contracts coverage --journal over two instances on one PostgreSQL database',
  () => {
    let database: TemporaryDatabase | undefined;
    const instances: ServerProcess[] = [];
    beforeAll(async () => {
      database = await createMigratedDatabase(testDatabaseUrl!, 'journal');
      // One after the other: the first seeds the tiny world, the second finds it.
      for (const _ of [0, 1])
        instances.push(
          await startServerProcess(['--database-url', database.url, '--sandbox', '--size', 'tiny']),
        );
    });
    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database?.drop();
    });

    it("reads each instance's journal and reports them as one run, as on PGlite", async () => {
      const urls = instances.map((instance) => instance.url);
      await aTestRun(urls);
      const { code, out, err } = await coverage('--journal', urls[0]!, '--journal', urls[1]!);
      expect(err).toBe('');
      expect(code).toBe(0);
      expect(out).toContain(
        `Journal: ${urls[0]}/_sandbox/requests, ${urls[1]}/_sandbox/requests, 6 exchanges since the sandbox's last reset`,
      );
      expect(out).toMatch(/^Operations: 3\/80 documented operations exercised \(3\.8%\) by 6 exchanges$/m);
      expect(out).toMatch(/^Level: TCL3 of TCL0-TCL7 .* over the 3 operations exercised$/m);
      // Each instance's journal alone holds its half of the run.
      const alone = await coverage('--journal', urls[0]!, '--json');
      expect(JSON.parse(alone.out).exchanges).toBe(3);
    });
  },
);
