import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMigratedDatabase,
  type TemporaryDatabase,
  testDatabaseUrl,
} from '@org/reference-server/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type FuzzFinding, type FuzzReport, fuzz, replay } from '../../src/fuzz/fuzz.js';
import { type FaultProxy, startFaultProxy } from './fault-proxy.js';
import { allFaults, MAX_RESPONSE_TIME_MS, PLANTED_FAULTS, type WorldTokens } from './planted-faults.js';
import { newWorld } from './sandbox-world.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

/**
 * Every planted fault at once, behind a proxy in front of each reference server of a setup (a
 * sandbox; one fault object for all its proxies), fuzzed at the default seed and request count on
 * the whole API: each fault is caught by its own check and shrunk to at most 5 steps, and nothing
 * else is found. The clean servers' 0 findings are fuzz.test.ts's (PGlite, and two instances on
 * PostgreSQL, without a proxy).
 */
const shown = (findings: readonly FuzzFinding[]) =>
  findings.map((f) => `${f.operationId} ${f.check} ${f.status} (${f.sequence.length} steps): ${f.message}`);

/** The finding each fault must produce. */
function findingOf(report: FuzzReport, planted: (typeof PLANTED_FAULTS)[number]) {
  return report.findings.find(
    (f) =>
      f.check === planted.check &&
      f.operationId === planted.operationId &&
      (planted.status === undefined || f.status === planted.status),
  );
}

/** Findings no fault explains: another check, or a planted check on an operation of no fault. */
function unexplained(report: FuzzReport): FuzzFinding[] {
  return report.findings.filter(
    (f) =>
      // The slow note's limit is a wall-clock one: any answer of a busy machine may pass it too.
      f.check !== 'max_response_time' &&
      !PLANTED_FAULTS.some(
        (p) => p.check === f.check && [p.operationId, ...(p.alsoOn ?? [])].includes(f.operationId),
      ),
  );
}

function plantedFaultSuite(
  start: () => Promise<{ servers: ServerProcess[]; cleanup?: () => Promise<void> }>,
) {
  return () => {
    let servers: ServerProcess[] = [];
    let cleanup: (() => Promise<void>) | undefined;
    let world: WorldTokens;
    let proxies: FaultProxy[] = [];
    let report: FuzzReport;
    beforeAll(async () => {
      ({ servers, cleanup } = await start());
      world = await newWorld(servers[0]!.url);
      const fault = allFaults(world);
      proxies = await Promise.all(servers.map((s) => startFaultProxy(s.url, fault)));
      const [first, ...others] = proxies;
      report = await fuzz({
        baseUrl: first!.url,
        instances: others.map((p) => p.url),
        ...world,
        maxResponseTimeMs: MAX_RESPONSE_TIME_MS,
        saveFailures: mkdtempSync(join(tmpdir(), 'planted-faults-')),
      });
    });
    afterAll(async () => {
      await Promise.all(proxies.map((p) => p.close()));
      await Promise.all(servers.map((s) => s.stop()));
      await cleanup?.();
    });

    it('ran both phases at the default seed and request count, on the whole API', () => {
      expect(report.phases).toEqual(['stateless', 'stateful']);
      expect(report.requests).toBe(1000);
      expect(report.stateful.steps).toBeGreaterThan(50);
      if (process.env.FUZZ_REPORT) console.log(shown(report.findings).join('\n'));
    });

    it.each(PLANTED_FAULTS.map((f) => [f.name, f] as const))(
      '%s: caught by its check, shrunk to at most 5 steps',
      (_name, planted) => {
        const finding = findingOf(report, planted);
        expect(finding, shown(report.findings).join('\n')).toBeDefined();
        expect(finding!.sequence.length, finding!.script).toBeLessThanOrEqual(5);
        expect(finding!.file).toMatch(/\.json$/);
        expect(finding!.script).toMatch(/^#!\/usr\/bin\/env bash/);
      },
    );

    it('finds nothing that no planted fault explains', () => {
      expect(shown(unexplained(report))).toEqual([]);
    });

    it('replays a saved use_after_free: through the fault it fails again, straight to the server it does not', async () => {
      const planted = PLANTED_FAULTS.find((f) => f.check === 'use_after_free')!;
      const finding = findingOf(report, planted)!;
      const out: string[] = [];
      const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), env: {} };
      const args = ['--base-url', proxies[0]!.url, '--token', world.token, '--other-token', world.otherToken];
      expect(await main(['fuzz', '--replay', finding.file!, ...args], io), out.join('')).toBe(1);
      expect(out.join('')).toMatch(/^Replayed .*: 3 steps[\s\S]*Still fails: use_after_free/);
      const clean = await replay({ file: finding.file!, baseUrl: servers[0]!.url, ...world });
      expect(clean.stillFails, clean.messages.join('\n')).toBe(false);
    });
  };
}

describe(
  'planted faults on PGlite',
  plantedFaultSuite(async () => ({
    servers: [await startServerProcess(['--memory', '--sandbox', '--size', 'tiny'])],
  })),
);

describe.skipIf(!testDatabaseUrl)(
  'planted faults on two instances on one PostgreSQL database',
  plantedFaultSuite(async () => {
    const database: TemporaryDatabase = await createMigratedDatabase(testDatabaseUrl!, 'faults');
    const servers = await Promise.all(
      [0, 1].map(() => startServerProcess(['--database-url', database.url, '--sandbox', '--size', 'tiny'])),
    );
    return { servers, cleanup: () => database.drop() };
  }),
);
