import type { BenchResults, EngineResult, ProfileResult, ScenarioResult } from '../common/results.js';
import { formatBytes, formatCount, formatMs, formatNumber, median } from '../common/stats.js';
import { markdownTable, right } from '../common/table.js';
import { ANALYTICS_COMPARED_PAGE, type ScenarioId } from '../requests/scenarios.js';
import { fuzzGoalTable } from './fuzz-goals.js';
import { manyFilesSection } from './many-files-goals.js';
import { pgliteGoalTable } from './pglite-goals.js';
import { proxyGoalTable } from './proxy-goals.js';
import { checkServerGoals, serverGoalsTable } from './server-goals.js';
import { sizeComparisonTable } from './size-comparison.js';
import { sandboxVsPrismTable, startCandidatesTable } from './start-goals.js';
import { TARGETS, type TargetCheck } from './targets.js';
import { writesAndMemoryGoalTable } from './writes-and-memory-goals.js';

const ENGINE_NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;

const worldLine = (e: EngineResult) => {
  const c = e.seed.counts;
  const n = (table: string) => formatCount(c[table] ?? Number.NaN);
  return (
    `${n('contact_identities')} contacts, ${n('conversations')} conversations, ${n('messages')} messages, ` +
    `${n('analytics_data_points')} analytics data points (${formatCount(e.seed.records)} records in all; ` +
    `${e.world.organizations} organization, seed ${e.world.seed}, ${e.world.days} days to ${e.world.now.slice(0, 10)})`
  );
};

const verdictFor = (checks: TargetCheck[], engine: EngineResult, id: ScenarioId) => {
  const check = checks.find((c) => c.engine === engine.engine && c.scenario === id);
  return check ? `${check.target}: ${check.met ? 'met' : '**MISSED**'}` : '';
};

const scenarioTable = (engine: EngineResult, checks: TargetCheck[]) =>
  markdownTable(
    [
      'Request',
      ...right(
        'URLs',
        'Body',
        'Server req/s',
        'p50',
        'p99',
        'SQL/req',
        'Ceiling req/s',
        'p50',
        'p99',
        'Ratio',
      ),
      'Target',
    ],
    engine.scenarios.map((s: ScenarioResult) => [
      `${s.label} (${s.connections} conn.)${s.problems.length ? ' ⚠' : ''}`,
      String(s.urls),
      formatBytes(s.meanBytes),
      formatNumber(s.server.rps),
      formatMs(s.server.p50),
      formatMs(s.server.p99),
      Number.isFinite(s.sqlPerRequest) ? formatNumber(s.sqlPerRequest, 1) : 'n/a',
      formatNumber(s.ceiling.rps),
      formatMs(s.ceiling.p50),
      formatMs(s.ceiling.p99),
      formatNumber(s.ratio, 2),
      verdictFor(checks, engine, s.id),
    ]),
  );

const cpuMs = (us: number) =>
  Number.isFinite(us) ? `${formatNumber(us / 1000, us >= 10_000 ? 0 : 2)} ms` : 'n/a';

/** Where the CPU goes per request: the server, its database, the load tool; and the same for the ceiling. */
const cpuTable = (engine: EngineResult) =>
  markdownTable(
    [
      'CPU per request',
      ...right(
        'server',
        '(kernel part)',
        'PostgreSQL',
        'autocannon',
        'sum',
        'ceiling server',
        'autocannon',
        'sum',
      ),
    ],
    engine.scenarios.map((s) => {
      const serverSum =
        s.serverCpuUsPerRequest +
        (Number.isFinite(s.pgCpuUsPerRequest) ? s.pgCpuUsPerRequest : 0) +
        s.loadCpuUsPerRequest;
      return [
        s.label,
        cpuMs(s.serverCpuUsPerRequest),
        cpuMs(s.serverSystemUsPerRequest),
        cpuMs(s.pgCpuUsPerRequest),
        cpuMs(s.loadCpuUsPerRequest),
        cpuMs(serverSum),
        cpuMs(s.ceilingCpuUsPerRequest),
        cpuMs(s.ceilingLoadCpuUsPerRequest),
        cpuMs(s.ceilingCpuUsPerRequest + s.ceilingLoadCpuUsPerRequest),
      ];
    }),
  );

const engineFigures = (results: BenchResults, checks: TargetCheck[]) => {
  const engines = results.engines;
  const check = (what: string) => (e: EngineResult) => {
    const c = checks.find((x) => x.engine === e.engine && x.what.startsWith(what));
    return c ? ` (${c.target}: ${c.met ? 'met' : '**MISSED**'})` : '';
  };
  const rows: Array<[string, (e: EngineResult) => string]> = [
    [
      'Seeding speed (one seeding, in its own process)',
      (e) =>
        `${formatNumber(e.seed.recordsPerSecond, 0)} records/s (${formatCount(e.seed.records)} in ${formatNumber(e.seed.seconds)} s)${check('Seeding speed')(e)}${e.reusedWorld ? `, measured when seeded ${e.seed.seededAt.slice(0, 10)}` : ''}`,
    ],
    ['Seeding peak RSS (seeding process)', (e) => formatBytes(e.seed.peakRss)],
    [
      `Server start on existing data (the CLI: spawn to its first answer, median of ${results.settings.runs})`,
      // Runs before the load rows moved to the CLI (D78) timed startServer() inside the process too.
      (e) =>
        `${formatNumber(e.start.wallMs, 0)} ms${Number.isFinite(e.start.bootToImportMs) ? ` (startServer ${formatNumber(e.start.startServerMs, 0)} ms)` : ''}`,
    ],
    ['Server RSS at rest (1 s after start, median)', (e) => formatBytes(e.memory.restRss)],
    ['Server RSS under load (peak)', (e) => `${formatBytes(e.memory.peakLoadRss)}${check('Server RSS')(e)}`],
    ['Server RSS after the load', (e) => formatBytes(e.memory.afterLoadRss)],
  ];
  return markdownTable(
    ['Figure', ...engines.map((e) => ENGINE_NAMES[e.engine])],
    rows.map(([label, fn]) => [label, ...engines.map(fn)]),
  );
};

const modelClientTables = (results: BenchResults) => {
  const out: string[] = [];
  const m = results.model;
  if (m) {
    const row = (label: string, f: NonNullable<BenchResults['model']>['conversationPage']) => [
      `${label} (${f.items} items, ${formatBytes(f.bytes)})`,
      formatNumber(f.compiledPerSecond),
      formatNumber(f.textPerSecond),
      formatNumber(f.schemaPerSecond),
      formatNumber(f.jsonPerSecond),
    ];
    out.push(
      markdownTable(
        [
          '@org/model parse',
          ...right(
            'JSON.parse + z.compile (client), /s',
            'JSON.parse + zod 4 runtime parse, /s',
            'schema only, /s',
            'JSON.parse only, /s',
          ),
        ],
        [row('100-conversation page', m.conversationPage), row('Analytics response', m.analytics)],
      ),
    );
  }
  const bundle = results.bundle;
  if (bundle) {
    const kb = (bytes: number) => `${formatNumber(bytes / 1024, 1)} KB`;
    const verdict = (met: boolean) => (met ? 'met' : '**MISSED**');
    out.push(
      markdownTable(
        ['Bundle (esbuild, minified, zod included)', ...right('size', 'model only'), 'Goal'],
        [
          ...(bundle.miniRecordSchemaBytes === undefined
            ? []
            : [
                [
                  'one record schema (ConversationSchema) from @org/model/mini',
                  kb(bundle.miniRecordSchemaBytes),
                  kb(bundle.miniRecordSchemaOwnBytes ?? Number.NaN),
                  `≤ ${kb(TARGETS.recordSchemaBundleBytes)}: ${verdict(bundle.miniRecordSchemaBytes <= TARGETS.recordSchemaBundleBytes)}`,
                ],
              ]),
          [
            'the same from @org/model (zod classic)',
            kb(bundle.recordSchemaBytes),
            kb(bundle.recordSchemaOwnBytes),
            bundle.miniRecordSchemaBytes === undefined
              ? `≤ ${kb(TARGETS.recordSchemaBundleBytes)}: ${verdict(bundle.recordSchemaBytes <= TARGETS.recordSchemaBundleBytes)}`
              : 'reference: zod classic attaches every method in its constructors, so none of it tree-shakes (D73)',
          ],
          [
            'ERROR_CODES alone',
            kb(bundle.errorCodesBytes),
            kb(bundle.errorCodesBytes),
            `about 2 KB (≤ ${kb(TARGETS.errorCodesBundleBytes)}): ${verdict(bundle.errorCodesBytes <= TARGETS.errorCodesBundleBytes)}`,
          ],
        ],
      ),
    );
  }
  const c = results.client;
  if (c) {
    const us = (v: number) => `${formatNumber(v)} µs`;
    const ratio = (f: NonNullable<BenchResults['client']>['get']) => f.validatingUs / f.rawUs;
    const listMet = ratio(c.list) <= TARGETS.clientValidationRatio;
    // Runs recorded before issue 40 measured the bench world's page and kept no body sizes.
    const demoWorld = c.list.bytes !== undefined;
    const row = (label: string, f: NonNullable<BenchResults['client']>['get'], goal: string) => [
      f.bytes === undefined ? label : `${label} (${formatBytes(f.bytes)})`,
      us(f.rawUs),
      us(f.clientUs),
      f.overheadUs < 0
        ? `≈ 0 (${us(f.overheadUs)}: within noise)`
        : `${us(f.overheadUs)} (${formatNumber((f.overheadUs / f.rawUs) * 100, 1)} %)`,
      f.validationUs < 0 ? `≈ 0 (${us(f.validationUs)}: within noise)` : us(f.validationUs),
      `${formatNumber(ratio(f), 2)}×`,
      goal,
    ];
    out.push(
      markdownTable(
        [
          `@org/client, sequential, local server${demoWorld ? ", the demo world's answers as the server sends them" : ''}`,
          ...right(
            'raw fetch',
            'client.request',
            'client overhead',
            '+ validateResponse',
            'validated / raw fetch',
          ),
          'Goal',
        ],
        [
          row('getConversation', c.get, ''),
          row(
            'listConversations, limit=100',
            c.list,
            `≤ ${TARGETS.clientValidationRatio}×: ${listMet ? 'met' : '**MISSED**'}`,
          ),
        ],
      ),
      '',
      (demoWorld
        ? `Goal (issue 24, issue 40 item 5): \`client.request(..., { validateResponse: true })\` on the demo world's own ` +
          `100-item conversation page, captured byte for byte from a reference server on its demo world ` +
          `(\`GET /api/um/v3/conversations/?limit=100\`) and replayed by the ceiling server, costs at most `
        : 'Goal (issue 24): a validated 100-item page through client.request costs at most ') +
        `${TARGETS.clientValidationRatio}× a fetch + JSON.parse of it: ${formatNumber(ratio(c.list), 2)}×, ` +
        `${listMet ? 'met' : '**MISSED**'}.`,
    );
  }
  return out.join('\n\n');
};

/** Issue 23: the release's tarballs and the installed bin's first answer, beside their goals. */
const packagesSection = (results: BenchResults) => {
  const t = results.typecheck;
  if (!t) return undefined;
  const mb = (bytes: number) => `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
  const isServer = (name: string) => name === '@org/reference-server';
  const verdict = (met: boolean) => (met ? 'met' : '**MISSED**');
  const start = t.registryStartsMs.length ? median(t.registryStartsMs) : undefined;
  return [
    'The release of `apps/adoption` into a local registry (Verdaccio): `changeset version` in a scratch ' +
      'workspace, `pnpm pack` of each published package, the tarball checks, `npm publish`. Goals (issue 23): ' +
      `the reference server at most ${mb(TARGETS.serverPackedBytes)} packed and ${mb(TARGETS.serverUnpackedBytes)} unpacked.`,
    '',
    markdownTable(
      ['Package', ...right('packed', 'unpacked'), 'Goal'],
      t.packages.map((p) => [
        `${p.name}@${p.version}`,
        mb(p.packedBytes),
        mb(p.unpackedBytes),
        isServer(p.name)
          ? verdict(
              p.packedBytes <= TARGETS.serverPackedBytes && p.unpackedBytes <= TARGETS.serverUnpackedBytes,
            )
          : '',
      ]),
    ),
    '',
    start === undefined
      ? `⚠ The installed bin was not measured: ${t.registryStartSkipped ?? 'no run'}`
      : `\`npm install @org/reference-server@^<the released major>\` from that registry in a new project (Node.js 22), then ` +
        '`reference-server` with no option from a new folder (a new data directory), spawn to the first ' +
        `complete answer of the demo world's first page: median ${formatMs(start)} of ` +
        `${t.registryStartsMs.map((ms) => formatMs(ms)).join(', ')}; goal < ${formatMs(TARGETS.registryFirstAnswerMs)}: ` +
        verdict(start < TARGETS.registryFirstAnswerMs) +
        '.',
  ].join('\n');
};

/**
 * Issue 24: with the project's own (latest) TypeScript, the calls add no more CPU than before the
 * model moved to zod 4; other TypeScript versions have no such figure.
 */
const beforeZod4Verdict = (row: { project: string; typescript: string; addedCpuS: number }) => {
  const before = TARGETS.consumerTypecheckBeforeZod4CpuS[row.project];
  if (before === undefined || !row.typescript.includes("project's")) return '';
  // 0.05 s: the steps tsc's CPU time moves in between identical runs on this machine.
  return `${row.addedCpuS <= before + 0.05 ? 'met' : '**MISSED**'} (before: ${formatNumber(before, 2)} s)`;
};

const typecheckSection = (results: BenchResults) => {
  const t = results.typecheck;
  if (!t) return undefined;
  const s = (v: number) => `${formatNumber(v, 2)} s`;
  const goal = `< ${TARGETS.consumerTypecheckAddedS} s`;
  return [
    '`tsc --noEmit` in the throwaway projects of apps/adoption, installed from the local registry: ' +
      'the 20 client calls of `projects/shared/src/calls.ts` against an empty file, same tsconfig and ' +
      `node_modules; the median of ${t.rows[0]?.runs ?? 'several'} runs each, after one warm-up. The goal is ` +
      'judged on CPU time (user + system of the tsc processes): on an idle machine it is what a single-threaded ' +
      'tsc (5.x) takes and at least what the multi-threaded native one (7.x) takes, and on a shared machine it ' +
      'moves far less than wall time.',
    '',
    markdownTable(
      [
        'Project',
        'TypeScript',
        ...right('empty', '20 calls', 'added', 'CPU: empty', '20 calls', 'added'),
        `Goal: CPU added ${goal}`,
        'Goal: no slower than before zod 4 (latest TypeScript)',
      ],
      t.rows.map((r) => [
        r.project,
        r.typescript,
        s(r.emptyS),
        s(r.callsS),
        s(r.addedS),
        s(r.emptyCpuS),
        s(r.callsCpuS),
        s(r.addedCpuS),
        r.addedCpuS < TARGETS.consumerTypecheckAddedS ? 'met' : '**MISSED**',
        beforeZod4Verdict(r),
      ]),
    ),
    ...t.skipped.map((k) => `\n⚠ ${k.project} not measured: ${k.reason.split('\n')[0]}`),
  ].join('\n');
};

const profileSection = (p: ProfileResult) => {
  const pct = (share: number) => `${formatNumber(share * 100, 1)} %`;
  return [
    `### ${p.label} (${ENGINE_NAMES[p.engine]}): CPU profile of the server process`,
    '',
    `\`node --cpu-prof\`, ${formatNumber(p.durationS, 0)} s of the same load (${formatCount(p.requests)} requests); ` +
      `in the window the main thread was ${formatNumber(p.summary.busyMs, 0)} ms on the CPU, ` +
      `${formatNumber(p.summary.idleMs, 0)} ms idle (waiting for PostgreSQL or the network) and ` +
      `${formatNumber(p.summary.stalledMs, 0)} ms descheduled${
        p.summary.stalledIn.length
          ? ` (inside ${p.summary.stalledIn.map((s) => `${s.name} ${formatNumber(s.ms, 0)} ms`).join(', ')})`
          : ''
      }. Self-time shares are of the on-CPU time.`,
    '',
    markdownTable(
      [...right('Self', 'ms'), 'Function', 'Location'],
      p.summary.functions.map((f) => [pct(f.share), formatNumber(f.selfMs, 0), f.name, f.location]),
    ),
    '',
    markdownTable(
      [...right('Self', 'ms'), 'By package / source'],
      p.summary.modules.slice(0, 10).map((f) => [pct(f.share), formatNumber(f.selfMs, 0), f.name]),
    ),
  ].join('\n');
};

/**
 * Issue #40 item 1: the sandbox's first answer as a share of Prism's, measured in the same rounds,
 * and what each candidate speed-up bought.
 */
const sandboxVsPrism = (results: BenchResults): string[] => {
  const ratio = sandboxVsPrismTable(results);
  const candidates = startCandidatesTable(results);
  return [
    ...(ratio
      ? [
          '',
          "The sandbox's first answer beside Prism's mock (issue #40): the `--memory` start, the new data " +
            "directory's and Prism's ran in turn, one of each per round, so that a busy machine stretches " +
            'them alike; the ratio is of their medians.',
          '',
          ratio,
        ]
      : []),
    ...(candidates
      ? [
          '',
          'What each candidate bought (issue #40): the `--memory --sandbox` start without it beside the start ' +
            'with it. A switch turns the live ones off in this run; the recorded ones changed the code or ' +
            'the archive and were measured once, commit before against commit (report/start-goals.ts says how).',
          '',
          candidates,
        ]
      : []),
  ];
};

/** Fresh start beside Prism, and the sandbox reset (issue #14: under 1 s and under 100 ms). */
const freshStartSection = (results: BenchResults): string[] => {
  const fresh = results.freshStart;
  if (!fresh) return [];
  const steps = (startup: Record<string, number> | undefined) =>
    startup
      ? Object.entries(startup)
          .map(([step, ms]) => `${step} ${ms}`)
          .join(', ')
      : '';
  return [
    '',
    '## Fresh start and sandbox reset',
    '',
    'Spawn to the first complete answer (`GET /api/um/v3/conversations/?limit=2`, asked every 5 ms until ' +
      'the port answers), resident memory right then, median of the runs. The reference server starts its ' +
      "CLI as the README does, on the prebuilt demo world (D43); Prism's mock serves the same document. " +
      'CPU: user + system time of the process (all its threads) until that answer, which a busy machine ' +
      'does not stretch. Steps: ms since the server process started at the end of each start-up step (the median run).',
    '',
    markdownTable(
      ['Server', 'First answer (median)', 'Runs', 'CPU until then', 'RSS', 'Steps (ms since process start)'],
      fresh.starts.map((s) => [
        s.what,
        `${formatNumber(median(s.firstAnswerMs), 0)} ms`,
        s.firstAnswerMs.map((ms) => formatNumber(ms, 0)).join(', '),
        `${formatNumber(s.cpuMs, 0)} ms`,
        formatBytes(s.rssBytes),
        steps(s.startup),
      ]),
    ),
    ...sandboxVsPrism(results),
    '',
    markdownTable(
      ['Sandbox reset (`POST /_sandbox/reset` after one write)', 'Median', 'p90', 'Max', 'Resets'],
      fresh.resets.map((r) => {
        const sorted = [...r.resetMs].sort((a, b) => a - b);
        return [
          `${ENGINE_NAMES[r.engine]}, demo world`,
          formatMs(median(sorted)),
          formatMs(sorted[Math.floor(sorted.length * 0.9)] ?? Number.NaN),
          formatMs(sorted[sorted.length - 1] ?? Number.NaN),
          String(sorted.length),
        ];
      }),
    ),
  ];
};

/** Issue #26's demo and large rows side by side (p99s in whole milliseconds; 0 ms counts as 1). */
const sizeSection = (results: BenchResults): string[] => {
  const table = sizeComparisonTable(results);
  return table
    ? [
        '',
        '### Issue #26: the demo size beside the large one',
        '',
        'The same rows on the demo world (3 organizations, 750 conversations) and on the large one ' +
          '(PostgreSQL: `--size large`, 100k conversations in one organization; PGlite refuses that ' +
          "size, so its largest world here is the bench's 1/50 of it). The offset row asks for the " +
          "deepest full page an offset reaches: 9,900, or a shorter list's last full page (D78). " +
          `The analytics row with a goal asks both worlds for 93-day pages of ${ANALYTICS_COMPARED_PAGE} points ` +
          '(`limit`, D14). Whole 93-day pages are shown too, without a goal: they hold up to 10,000 ' +
          "points on the large world and 56 to 341 on the demo world's, so their ratio is that of the " +
          "answers' bytes; the ceiling's own large / demo ratio beside them is what the machine allows " +
          'for those bytes with no server work at all.',
        '',
        table,
      ]
    : [];
};

/** Status counts as `200×180 400×346`. */
const statusLine = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

/** Issue #39: what the validating proxy costs in front of the reference server. */
const proxySection = (results: BenchResults): string[] => {
  const p = results.proxy;
  return [
    '',
    "## Issue #39: the validating proxy's cost",
    '',
    '`contracts proxy --upstream <sandbox> --port 0` (the built bin of @org/contracts) in front of the PGlite ' +
      'sandbox (`reference-server --sandbox --memory`, rate limits off), every answer judged against the document; ' +
      'autocannon at the connections shown going round two list pages, direct and through the proxy in turn, the ' +
      'medians of the runs. Then a stand-in upstream streams a 20 MB page of conversations through a proxy of its ' +
      'own: its resident growth is its peak (VmHWM, reset first) over its resident memory before.',
    '',
    proxyGoalTable(results),
    ...(p
      ? [
          '',
          `The proxy judged ${formatCount(p.judged)} exchanges of the load and reported ${p.findings} finding${p.findings === 1 ? '' : 's'}; ` +
            `its CPU time was ${formatNumber(p.cpuUsPerExchange / 1000, 2)} ms per exchange forwarded and judged, on a machine of ${results.machine.cores} cores ` +
            'that also runs the server and autocannon.',
        ]
      : []),
  ];
};

/** Issue #41: the fuzzer's rates beside their goals, the stateless one beside the server's own rate. */
const fuzzSection = (results: BenchResults): string[] => {
  const f = results.fuzz;
  return [
    '',
    "## Issue #41: the fuzzer's speed",
    '',
    '`contracts fuzz --json` (the built bin of @org/contracts) against the PGlite sandbox as users start it ' +
      '(`reference-server --sandbox --memory --port 0 --json`), both phases, its default request count and ' +
      "concurrency, every answer checked against the document; the rates are the report's `rates`. The ceiling " +
      "is the server's own rate for the same requests: the same run again on the reset sandbox (same seed, same " +
      'requests) through a recording proxy in the bench, whose stateless requests (generated ones and auth ' +
      'probes, headers and bodies as sent) autocannon replays at the same concurrency, each run from a reset ' +
      "sandbox started the same way but with `--rate-limits off`: at autocannon's speed the documented burst " +
      'limit would answer nearly all of them 429, so the ones the fuzzer got 429 for are answered in full there ' +
      '(a conservative ceiling); going round the list, a run deletes again what it deleted (404).',
    '',
    fuzzGoalTable(results),
    ...(f
      ? [
          '',
          `Load average when the fuzzer ran: ${f.loadAverage.map((l) => formatNumber(l, 2)).join(', ')} ` +
            `(1, 5, 15 min) on ${results.machine.cores} cores` +
            (f.requestsOption ? `; \`--requests ${f.requestsOption}\`` : '') +
            `. Findings: ${f.findings}. Statuses of the stateless phase: ${statusLine(f.stateless.statuses)}; ` +
            `of the replay (${f.server.runs.length} run${f.server.runs.length === 1 ? '' : 's'} going round ${formatCount(f.server.requests)} requests): ` +
            `${statusLine(f.server.statuses)}` +
            (f.server.runs.some((r) => r.errors)
              ? `, ${f.server.runs.reduce((n, r) => n + r.errors, 0)} socket errors`
              : '') +
            '.' +
            (f.unaccounted ? ` ⚠ The proxy saw ${f.unaccounted} requests the report does not count.` : ''),
        ]
      : []),
  ];
};

/** The whole report: printed by `pnpm bench` and written to docs/benchmarks.md. */
export function renderReport(results: BenchResults, checks: TargetCheck[], notes: string[] = []): string {
  const m = results.machine;
  const lines: string[] = [
    '# Benchmarks',
    '',
    `Written by \`pnpm bench\` (apps/bench) on ${results.finishedAt.slice(0, 16).replace('T', ' ')} UTC; the run took ${formatNumber(results.wallSeconds / 60, 1)} min.`,
    '',
    `Machine: ${m.cores} cores (${m.cpuModel}), ${formatBytes(m.memoryBytes)} memory, Node ${m.node}, ${m.platform}` +
      `${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}. Load generator (autocannon) on the same machine, in its own process.`,
    '',
    `Every figure is the median of ${results.settings.runs} runs of ${results.settings.durationS} s ` +
      `(after ${results.settings.warmupS} s of warm-up), server and ceiling runs interleaved. ` +
      'The ceiling is a raw node:http server in its own process answering the same URLs with the bytes ' +
      'the server sent for them (captured first, replayed from memory): what the machine, the load tool and the ' +
      'response sizes allow. Ratio = server req/s / ceiling req/s. SQL/req: statements the server sent to ' +
      "PostgreSQL per request (counted at its pg driver). Latencies are autocannon's, in whole milliseconds. " +
      'After every server run the bench waits until the server has answered what was still in flight, so no ' +
      'run starts on the backlog of the previous one. Before each run of a write scenario on PostgreSQL the ' +
      'tables holding dead rows are vacuumed, as pgbench does (autovacuum may be off, as on this machine). ' +
      'The analytics target is read as the p99 of one ' +
      "client's queries: the issue asks how fast a 93-day query answers and names no concurrency (it does " +
      'for search); the 16-connection analytics row is a throughput figure.',
    '',
    ...(checks.length
      ? [
          '## Targets',
          '',
          markdownTable(
            ['Target', 'Figure', 'Goal', 'Status'],
            checks.map((c) => [c.what, c.figure, c.target, c.met ? 'met' : '**MISSED**']),
          ),
        ]
      : []),
    ...freshStartSection(results),
    '',
    '## Issue #16: today and this run',
    '',
    'The issue\'s figures ("Today", as the issue states them, measured on another day of this shared ' +
      "machine) beside this run's; ratios are each compared with the ceiling of the same run.",
    '',
    serverGoalsTable(checkServerGoals(results)),
    '',
    '## Issue #16: the PGlite and test-suite rows',
    '',
    pgliteGoalTable(results),
    '',
    "## Issue #26: writes that change data, memory, a team's own tokens",
    '',
    'Each write row changes data on every request: the PATCH sets each of 51 conversations to one of ' +
      "its organization's topics, then to another; the note is new; the PUT moves each of 51 contacts " +
      'between two cities (the documented example: email and city). SQL statements per request are ' +
      "counted at the server's pg driver (PostgreSQL). The start rows are the fresh-start section's.",
    '',
    writesAndMemoryGoalTable(results),
    ...sizeSection(results),
    ...fuzzSection(results),
    ...proxySection(results),
    ...manyFilesSection(results),
  ];
  for (const engine of results.engines) {
    lines.push(
      '',
      `## Server on ${ENGINE_NAMES[engine.engine]} ${engine.engineVersion}`,
      '',
      `World: ${worldLine(engine)}.` +
        (engine.engine === 'pglite'
          ? ' PGlite gets a smaller world than PostgreSQL (1/50 of the contacts and conversations): it runs inside the server process on one connection, and the speed targets are measured on PostgreSQL.'
          : ''),
      `Database: \`${engine.database}\`${engine.reusedWorld ? ' (seeded by an earlier run, reused)' : ' (seeded by this run)'}.`,
      '',
    );
    if (engine.scenarios.length)
      lines.push(
        scenarioTable(engine, checks),
        '',
        `CPU time per request (process CPU over the measured runs / requests sent${
          engine.engine === 'postgres'
            ? '; PostgreSQL = its backends serving this database, from /proc'
            : '; PGlite runs inside the server process'
        }). On ${results.machine.cores} cores shared by all of them, the sums bound the throughput.`,
        '',
        cpuTable(engine),
      );
    const problems = engine.scenarios.filter((s) => s.problems.length);
    if (problems.length) lines.push('', ...problems.map((s) => `⚠ ${s.label}: ${s.problems.join('; ')}`));
  }
  if (results.engines.length)
    lines.push('', '## Seeding, start and memory', '', engineFigures(results, checks));
  const mc = modelClientTables(results);
  if (mc) lines.push('', '## @org/model and @org/client', '', mc);
  const pk = packagesSection(results);
  if (pk) lines.push('', '## The packages as a team installs them', '', pk);
  const tc = typecheckSection(results);
  if (tc) lines.push('', '## Type-check cost for a consumer', '', tc);
  if (results.suite) {
    const s = results.suite;
    lines.push(
      '',
      '## Test suites',
      '',
      `\`${s.command}\`: ${formatNumber(s.wallSeconds, 0)} s wall (exit ${s.exitCode}).`,
      '',
      markdownTable(
        ['Task', ...right('Seconds'), 'Exit'],
        s.tasks.map((t) => [
          t.task.startsWith('@org/contracts#') ? `${t.task} (contract verification)` : t.task,
          formatNumber(t.seconds, 1),
          String(t.exitCode ?? ''),
        ]),
      ),
    );
  } else {
    lines.push(
      '',
      '## Test suites',
      '',
      'Not measured in this run (`pnpm bench -- --with-tests` adds them).',
    );
  }
  const profiles = results.engines.flatMap((e) => e.profiles);
  if (profiles.length)
    lines.push(
      '',
      '## CPU profiles of the missed server targets',
      '',
      ...profiles.map(profileSection).flatMap((p) => [p, '']),
    );
  if (notes.length) lines.push('', '## Notes', '', ...notes.map((n) => `- ${n}`));
  lines.push('', HOW_TO_RUN);
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

const HOW_TO_RUN = `## How to run

\`pnpm bench\` at the root (\`turbo run bench --concurrency=1\`: builds what it needs, then \`tsx src/run.ts\` in apps/bench)
prints these tables and rewrites this file. PostgreSQL is expected on 127.0.0.1:5432 with trust auth
(\`--pg-url postgres://user@127.0.0.1:5432/postgres\` names another server; it needs the right to create
databases). The PostgreSQL world is seeded once into \`um_bench_<hash of the world options>\` and reused by later runs (\`--reseed\` forces a new one); the PGlite world lives in \`apps/bench/.data/\`.

Options (after \`pnpm bench --\`): \`--engines postgres,pglite\`, \`--scenarios list,get,search,search-conversations,messages,analytics,analytics-1,analytics-page,patch\`,
\`--runs 3\`, \`--duration 3\` (seconds per load run), \`--warmup 1\`, \`--world-scale 0.1\` (smaller worlds),
\`--quick\` (1 run of 1 s, worlds at 0.02 scale, 200 fuzz requests, no write), \`--with-tests\` (adds the test-suite wall times, ~5 min),
\`--engines none\` (no server figures), \`--no-typecheck\` (neither the release into a local registry with its tarballs' weight and the installed bin's first answer, nor the consumer type-check cost; ~2 min), \`--no-fuzz\` (not the fuzzer's rates, issue #41), \`--no-proxy\` (not the validating proxy's cost, issue #39), \`--no-many-files\` (not a team's suite of many files, issue #40), \`--no-profile\`, \`--no-sizes\` (no demo-size pass beside the large world, issue #26), \`--no-write\`, \`--out <file>\`,
\`--report-from apps/bench/.data/last-run.json\` (re-renders a recorded run, measures nothing).`;
