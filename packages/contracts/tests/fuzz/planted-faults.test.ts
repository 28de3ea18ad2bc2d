import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type FuzzReport, fuzz, replay } from '../../src/fuzz/fuzz.js';
import { startFaultProxy } from './fault-proxy.js';
import { PLANTED_FAULTS, type PlantedFault } from './planted-faults.js';
import { newWorld } from './sandbox-world.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

/**
 * Each fault alone, behind a proxy in front of one reference server (a sandbox: each run fuzzes a
 * world of its own, so the runs go at once), at the default seed and request count, with only the
 * operations the fault concerns.
 */
let server: ServerProcess;
/**
 * Requests of each fault run's stateless phase. At the default (1000) one run took 8-16 s on its
 * own here (two cores shared, PGlite); thirteen runs are the file's whole budget, so each fault
 * runs with only the operations it concerns and this many requests, the stateful phase at its default.
 */
const FAULT_REQUESTS = 100;
const failures = mkdtempSync(join(tmpdir(), 'planted-faults-'));
const results: string[] = [];

beforeAll(async () => {
  server = await startServerProcess(['--memory', '--sandbox', '--size', 'tiny']);
});
afterAll(async () => {
  await server?.stop();
  if (process.env.FUZZ_REPORT) console.log(results.join('\n'));
});

async function fuzzThroughProxy(
  planted: PlantedFault | undefined,
  only: RegExp | undefined,
): Promise<FuzzReport> {
  const world = await newWorld(server.url);
  const proxy = await startFaultProxy(server.url, planted?.fault(world));
  try {
    return await fuzz({
      baseUrl: proxy.url,
      token: world.token,
      otherToken: world.otherToken,
      ...(only ? { only } : {}),
      requests: FAULT_REQUESTS,
      saveFailures: join(failures, planted?.name.replace(/\W+/g, '-') ?? 'clean'),
      ...planted?.options,
    });
  } finally {
    await proxy.close();
  }
}

const shown = (report: FuzzReport) =>
  report.findings.map(
    (f) => `${f.operationId} ${f.check} ${f.status} (${f.sequence.length} steps): ${f.message}\n${f.script}`,
  );

describe('planted faults: each caught by its own check, its sequence shrunk to at most 5 steps', () => {
  it.concurrent.each(PLANTED_FAULTS.map((f) => [f.name, f] as const))('%s', async (_name, planted) => {
    const report = await fuzzThroughProxy(planted, planted.only);
    const finding = report.findings.find(
      (f) =>
        f.check === planted.check &&
        f.operationId === planted.operationId &&
        (planted.status === undefined || f.status === planted.status),
    );
    expect(finding, shown(report).join('\n')).toBeDefined();
    expect(finding!.sequence.length, finding!.script).toBeLessThanOrEqual(5);
    results.push(
      `${planted.name} → ${planted.check} · ${finding!.operationId} ${finding!.status} · ${finding!.sequence.length} steps (${finding!.sequence.map((s) => s.role).join(', ')})`,
    );
    expect(finding!.file).toMatch(/\.json$/);
    expect(finding!.script).toMatch(/^#!\/usr\/bin\/env bash/);
    // Replayed through the same fault it fails again; straight to the server it does not.
    if (planted.check === 'use_after_free') {
      const world = await newWorld(server.url);
      const proxy = await startFaultProxy(server.url, planted.fault(world));
      const out: string[] = [];
      const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), env: {} };
      const args = ['--base-url', proxy.url, '--token', world.token, '--other-token', world.otherToken];
      const code = await main(['fuzz', '--replay', finding!.file!, ...args], io).finally(() => proxy.close());
      expect(code, out.join('')).toBe(1);
      expect(out.join('')).toMatch(/^Replayed .*: 3 steps[\s\S]*Still fails: use_after_free/);
      const clean = await replay({ file: finding!.file!, baseUrl: server.url, ...world });
      expect(clean.stillFails, clean.messages.join('\n')).toBe(false);
    }
  });

  it('without a fault the proxy changes nothing: no finding on the operations the faults concern', async () => {
    // The whole API without a fault is fuzz.test.ts's (PGlite, and two instances on PostgreSQL).
    const concerned = new RegExp(PLANTED_FAULTS.map((f) => f.only.source).join('|'));
    const report = await fuzzThroughProxy(undefined, concerned);
    expect(shown(report)).toEqual([]);
    expect(report.phases).toEqual(['stateless', 'stateful']);
    expect(report.stateful.steps).toBeGreaterThan(50);
    results.push(
      `no fault: ${report.requests} requests at ${report.rates.stateless}/s, ${report.stateful.steps} steps at ${report.rates.stateful}/s`,
    );
  });
});
