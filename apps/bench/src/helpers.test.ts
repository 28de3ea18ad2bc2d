// Smoke tests of the bench's helpers. The benchmark itself never runs under `pnpm test`.
import { afterEach, describe, expect, it } from 'vitest';
import { type CapturedResponse, createCeilingServer, listenCeiling } from './ceiling.js';
import { checkIssueGoals, issueGoalsTable } from './issue-goals.js';
import { assertLoopback } from './load.js';
import { type CpuProfile, summarizeProfile } from './profile.js';
import type { BenchResults, ScenarioResult } from './results.js';
import {
  deepestFullOffset,
  deepOffsetRequests,
  listRequests,
  prng,
  type ScenarioId,
  topicChangeRequests,
} from './scenarios.js';
import { formatBytes, formatCount, formatNumber, median } from './stats.js';
import { markdownTable } from './table.js';
import { POSTGRES_WORLD, stableJson, worldHash } from './world.js';

describe('median and number formats', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('formats figures for the table', () => {
    expect(formatNumber(12345.6)).toBe('12,346');
    expect(formatNumber(12.34)).toBe('12.3');
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MB');
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(100_000)).toBe('100k');
  });
});

describe('markdownTable', () => {
  it('aligns columns and escapes pipes', () => {
    const table = markdownTable(
      ['Name', { header: 'Value', align: 'right' }],
      [
        ['a|b', '1'],
        ['long name', '1,234'],
      ],
    );
    expect(table.split('\n')).toEqual([
      '| Name      | Value |',
      '| --------- | ----: |',
      '| a\\|b      |     1 |',
      '| long name | 1,234 |',
    ]);
  });
});

describe('ceiling server', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('replays the captured bytes, status and headers by method and URL', async () => {
    const body = Buffer.from('{"results":[1,2,3]}');
    const captured: CapturedResponse[] = [
      { method: 'GET', path: '/a/?x=1', status: 200, headers: { 'content-type': 'application/json' }, body },
      { method: 'PATCH', path: '/a/', status: 201, headers: { 'x-test': 'yes' }, body: Buffer.from('{}') },
    ];
    const server = createCeilingServer(captured);
    const url = await listenCeiling(server);
    close = () => new Promise((resolve) => server.close(() => resolve()));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const hit = await fetch(`${url}/a/?x=1`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('content-type')).toBe('application/json');
    expect(hit.headers.get('content-length')).toBe(String(body.length));
    expect(Buffer.from(await hit.arrayBuffer()).equals(body)).toBe(true);

    const patch = await fetch(`${url}/a/`, { method: 'PATCH', body: '{"topics":[]}' });
    expect(patch.status).toBe(201);
    expect(patch.headers.get('x-test')).toBe('yes');
    await patch.text();

    const miss = await fetch(`${url}/a/?x=2`);
    expect(miss.status).toBe(404);
    await miss.text();
  });
});

describe('load targets', () => {
  it('accepts only 127.0.0.1', () => {
    expect(() => assertLoopback('http://127.0.0.1:3000')).not.toThrow();
    expect(() => assertLoopback('http://example.com')).toThrow(/only 127\.0\.0\.1/);
    expect(() => assertLoopback('http://localhost:3000')).toThrow();
  });
});

describe('world identity', () => {
  it('hashes options independently of key order', () => {
    expect(stableJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    const reordered = Object.fromEntries(Object.entries(POSTGRES_WORLD).reverse()) as typeof POSTGRES_WORLD;
    expect(worldHash(reordered)).toBe(worldHash(POSTGRES_WORLD));
    expect(worldHash({ ...POSTGRES_WORLD, seed: 2 })).not.toBe(worldHash(POSTGRES_WORLD));
  });
});

describe('URL lists', () => {
  it('are deterministic and distinct', () => {
    const sample = {
      organizationId: 1,
      conversationIds: [1, 2, 3],
      contacts: [],
      operatorIds: [5, 6],
      widgetIds: [7],
      topicIds: [9],
      topicTexts: ['billing', 'returns'],
      writeContacts: [
        { id: 11, email: 'a@example.org' },
        { id: 12, email: 'b@example.org' },
      ],
      statuses: ['ended', 'new'],
      deepCursorIds: [3],
      conversationCount: 250,
    };
    const a = listRequests(sample, 100);
    expect(a).toHaveLength(100);
    expect(new Set(a.map((r) => r.path)).size).toBe(100);
    expect(listRequests(sample, 100)).toEqual(a);
    expect(a.every((r) => r.path.includes('limit=100'))).toBe(true);
    // Every changing PATCH sets a conversation to the topic it did not get the pass before.
    const changes = topicChangeRequests({ ...sample, conversationIds: [1, 2] });
    expect(changes.map((r) => `${r.path} ${r.body}`)).toEqual([
      '/api/um/v3/conversations/1/ {"topics":["billing"]}',
      '/api/um/v3/conversations/2/ {"topics":["billing"]}',
      '/api/um/v3/conversations/1/ {"topics":["returns"]}',
      '/api/um/v3/conversations/2/ {"topics":["returns"]}',
    ]);
    // The deepest full page an offset reaches: 9,900 on a long list, the last full page on a short one.
    expect(deepOffsetRequests(sample).every((r) => r.path.includes('offset=150'))).toBe(true);
    expect(deepestFullOffset(100_000)).toBe(9_900);
    expect(deepestFullOffset(10_000)).toBe(9_900);
    expect(deepestFullOffset(60)).toBe(0);
    const [r1, r2] = [prng(1), prng(1)];
    expect([r1(), r1()]).toEqual([r2(), r2()]);
  });
});

describe('summarizeProfile', () => {
  it('adds self time per function within the window, idle apart', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('render', 'file:///x/node_modules/.pnpm/pg@8/node_modules/pg/lib/a.js') },
        { id: 3, callFrame: frame('(idle)') },
        { id: 4, callFrame: frame('(garbage collector)') },
      ],
      startTime: 0,
      endTime: 1000,
      samples: [2, 2, 3, 4, 2],
      timeDeltas: [100, 100, 100, 100, 100],
    };
    const summary = summarizeProfile(profile, { fromUs: 100, toUs: 450 });
    // Samples at 100, 200 (render), 300 (idle), 400 (gc); each lasts until the next one.
    expect(summary.idleMs).toBeCloseTo(0.1);
    expect(summary.stalledMs).toBe(0);
    expect(summary.busyMs).toBeCloseTo(0.3);
    expect(summary.functions[0]).toMatchObject({ name: 'render', location: 'pg/lib/a.js:1' });
    expect(summary.functions[0]!.share).toBeCloseTo(2 / 3);
    expect(summary.modules.map((m) => m.name)).toEqual(['pg', '(garbage collector)']);
  });

  it('counts a gap far longer than the sampling interval as a stall, not as CPU time', () => {
    const frame = (functionName: string) => ({ functionName, url: '', lineNumber: 0, columnNumber: 0 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('work') },
        { id: 2, callFrame: frame('writev') },
      ],
      startTime: 0,
      endTime: 6000,
      samples: [1, 1, 2, 1, 1],
      timeDeltas: [1000, 1000, 1000, 1000, 1000],
    };
    // writev at 3000 lasts to 4000 (normal); make it 2000 + 1000 by moving the next samples on.
    profile.timeDeltas = [1000, 1000, 1000, 5000, 1000];
    const summary = summarizeProfile(profile);
    expect(summary.functions.find((f) => f.name === 'writev')!.selfMs).toBeCloseTo(2);
    expect(summary.stalledMs).toBeCloseTo(3);
    expect(summary.stalledIn).toEqual([{ name: 'writev', ms: 3 }]);
  });
});

describe("issue #16's table", () => {
  const scenario = (id: ScenarioId, rps: number, ratio: number, sqlPerRequest = 1) =>
    ({
      id,
      label: id,
      server: { rps, p50: 1, p99: 100 },
      ceiling: { rps: rps / ratio, p50: 1, p99: 1 },
      ratio,
      sqlPerRequest,
    }) as ScenarioResult;
  const results = (scenarios: ScenarioResult[]) =>
    ({ engines: [{ engine: 'postgres', scenarios }] }) as unknown as BenchResults;

  it('measures each row from its scenarios and leaves rows of scenarios not run unmeasured', () => {
    const checks = checkIssueGoals(
      results([scenario('get', 3000, 0.3), scenario('search', 1000, 0.25), scenario('patch', 1200, 0, 5)]),
    );
    const row = (work: string) => checks.find((c) => c.goal.work.startsWith(work))!;
    expect(row('Single conversation GET').result?.met).toBe(true);
    // Search needs the conversations search too.
    expect(row('Search').result).toBeUndefined();
    // PATCH: fast enough, but more than 4 statements.
    expect(row('PATCH').result).toEqual({
      figure: '1,200 req/s, 5.0 SQL statements, p99 100 ms',
      met: false,
    });
    const table = issueGoalsTable(checks);
    expect(table).toContain('| Single conversation GET, PostgreSQL ');
    expect(table).toContain('202 req/s, 11 SQL statements, p99 116 ms');
    expect(table).toContain('not measured');
  });
});
