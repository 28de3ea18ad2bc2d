#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { SANDBOX_PREFIX } from './sandbox/api/prefix.js';
import { compilePglite } from './store/engine/pglite-wasm.js';
import { extractAhead, loadAhead, prebuiltPresent } from './store/prebuilt-worlds/prebuilt-world.js';
import type { SeedOptions } from './store/seed/demo-world.js';

// The CLI's process is the server's own: its JavaScript heap may grow by half what survived the
// last full collection instead of up to four times (read at every collection), as a process holding
// PGlite does (D52). Most of what a loaded server allocates is garbage at once (answers, parsed
// rows): on the large PostgreSQL world, growing to twice kept the bench's load rows above 300 MB
// resident, and by half brought them well under it at the same requests per second (D80).
setFlagsFromString('--heap-growing-percent=50');

/**
 * In the directory the server is started from, as a project's own tools keep their state (an
 * installed package's folder belongs to the package manager); hidden, as such state usually is.
 */
const DEFAULT_DATA_DIR = '.reference-server/data';

const HELP = `Reference server of the customer-messaging JSON API v3 and Analytics API v1.

Usage: reference-server [options]   (in its own repository: pnpm start [options])

  --port N              port to listen on (default: PORT or 3000; 0 picks a free port)
  --host H              interface (default: HOST or 127.0.0.1)
  --data-dir DIR        PGlite data directory, reused on the next start
                        (default: ${DEFAULT_DATA_DIR} in the current directory)
  --memory              PGlite in memory (nothing kept)
  --database-url URL    PostgreSQL instead of PGlite (default: DATABASE_URL)
  --redis-url URL       Redis for rate-limit counters shared by several instances (default: REDIS_URL)
  --public-url URL      URL page links are built from, e.g. https://api.example.com (default: PUBLIC_URL;
                        without it, links use the request's Host header, which must be valid)
  --seed N              demo world seed (default 1); same seed, same world (a new database only)
  --size S              tiny | small | demo | large (default demo) (a new database only;
                        large: 100,000 conversations in one organization, PostgreSQL only)
  --no-seed             create only the organizations, tokens and operators
  --org-token T         raw token of the first organization (default: demo-org-token; others get -2, -3 ...);
                        on an existing database it is added, and earlier tokens keep working
  --customer-token T    raw customer token (default: demo-customer-token); added likewise
  --sandbox             the sandbox for test suites: /_sandbox/ control API (reset, rate-limit counters,
                        request journal) and Prefer: code=, delay=, fault=reset per request
  --rate-limits L       off, or a factor every rate limit is multiplied by (default: 1, the documented limits)
  --json                print the start-up summary as one JSON line (logs go to stderr)
  --version             the server's version
  --help                this text
`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  memory: { type: 'boolean' },
  'database-url': { type: 'string' },
  'redis-url': { type: 'string' },
  'public-url': { type: 'string' },
  seed: { type: 'string' },
  size: { type: 'string' },
  'no-seed': { type: 'boolean' },
  'org-token': { type: 'string' },
  'customer-token': { type: 'string' },
  sandbox: { type: 'boolean' },
  'rate-limits': { type: 'string' },
  json: { type: 'boolean' },
  version: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/**
 * The progress of a world generated at start (no prebuilt world matches), on stderr: one line that a
 * terminal sees updated per organization, and a line per organization elsewhere.
 */
/** What the generator reports: after each organization, and within one every few thousand conversations. */
interface SeedProgress {
  organizationIndex: number;
  organizations: number;
  records: number;
  conversationsDone?: number;
  conversationsPerOrg?: number;
}

function progressReporter(what: string) {
  const tty = process.stderr.isTTY;
  let begun = 0;
  return {
    start: () => {
      begun = performance.now();
      process.stderr.write(
        `reference-server: seeding the demo world (${what}; not prebuilt, this takes a while)${tty ? '' : '\n'}`,
      );
    },
    progress: (p: SeedProgress) => {
      const seconds = (performance.now() - begun) / 1000;
      const done = p.organizationIndex + 1 === p.organizations && p.conversationsDone === undefined;
      // The share of the conversations generated (the contacts after them are a few per cent).
      const share =
        (p.organizationIndex +
          (p.conversationsDone ?? p.conversationsPerOrg ?? 1) / (p.conversationsPerOrg ?? 1)) /
        p.organizations;
      const rate = seconds > 0 ? Math.round(p.records / seconds) : 0;
      const toGo = share > 0 ? `, about ${Math.ceil((seconds * (1 - share)) / share)} s to go` : '';
      const line =
        `reference-server: seeding the demo world (${what}): organization ${p.organizationIndex + 1}/${p.organizations}, ` +
        (done
          ? `${p.records.toLocaleString('en')} records in ${seconds.toFixed(1)} s, ${rate.toLocaleString('en')} records/s`
          : `${p.records.toLocaleString('en')} records, ${rate.toLocaleString('en')} records/s${toGo}`);
      process.stderr.write(tty ? `\r\x1b[K${line}${done ? '\n' : ''}` : `${line}\n`);
    },
  };
}

const fail = (message: string): never => {
  process.stderr.write(`reference-server: ${message}\n`);
  process.exit(2);
};

const parse = () => {
  try {
    return parseArgs({
      options: OPTIONS,
      strict: true,
      // `pnpm start -- --port 1` passes the `--` through; options after it are still options.
      args: process.argv.slice(2).filter((arg) => arg !== '--'),
    }).values;
  } catch (error) {
    // A usage mistake, not a crash: one line (the first sentence of node's message) and the usage.
    process.stderr.write(`reference-server: ${(error as Error).message.split('. ')[0]}\n\n${HELP}`);
    return process.exit(2);
  }
};
const values = parse();

if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
if (values.version) {
  // The package's own package.json: one folder above this module, from dist/ as from src/.
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${version}\n`);
  process.exit(0);
}
// Scripts read exactly one JSON line from stdout: anything a dependency logs goes to stderr.
if (values.json) console.log = console.info = console.debug = console.error;
const intOption = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) fail(`--${name} takes a whole number, not "${raw}"`);
  return Number(raw);
};
const size = values.size ?? 'demo';
if (!['tiny', 'small', 'demo', 'large'].includes(size))
  fail(`--size takes tiny, small, demo or large, not "${size}"`);

const rateLimitsOption = values['rate-limits'];
const rateLimits =
  rateLimitsOption === undefined || rateLimitsOption === 'off'
    ? rateLimitsOption
    : Number(rateLimitsOption) > 0
      ? Number(rateLimitsOption)
      : fail(`--rate-limits takes off or a positive factor, not "${rateLimitsOption}"`);

const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
// PGlite's WebAssembly compiles (off this thread) while the world is read and the modules load (D85).
if (!databaseUrl) compilePglite().catch(() => {});
// The seed's module (and the model it imports) loads only after the world has begun to be read:
// until then, this module imports nothing that the reading waits for.
const demoWorld = () => import('./store/seed/demo-world.js');
if (size === 'large' && !databaseUrl && !values['no-seed'])
  fail(`--size large: ${(await demoWorld()).LARGE_WORLD_NEEDS_POSTGRES}`);
const dataDir = resolve(values['data-dir'] ?? DEFAULT_DATA_DIR);
// The demo world's present: the minute of the build for the prebuilt world (the default
// seed and size), else the start of the current minute; either way nothing lies after the server's
// clock. With a data directory it is fixed by the first start, since later starts reuse the data.
const seedNumber = intOption('seed', values.seed, 1);
const now = (await prebuiltPresent(seedNumber, size)) ?? (await demoWorld()).currentMinute();
const seeding = progressReporter(`seed ${seedNumber}, size ${size}`);
const seed: false | SeedOptions = values['no-seed']
  ? false
  : { seed: seedNumber, size: size as SeedOptions['size'], now, onProgress: seeding.progress };

const tokens = {
  ...(values['org-token'] ? { organization: values['org-token'] } : {}),
  ...(values['customer-token'] ? { customer: values['customer-token'] } : {}),
};
// A new data directory's prebuilt world is written (in memory: decompressed) while the server's
// modules load, on another thread: the two overlap instead of adding up.
const sandbox = values.sandbox ?? false;
if (!databaseUrl) await (values.memory ? loadAhead(seed, sandbox) : extractAhead(dataDir, seed, sandbox));
const { startServer } = await import('./server.js');

const started = Date.now();
const server = await startServer({
  port: intOption('port', values.port ?? process.env.PORT, 3000),
  host: values.host ?? process.env.HOST ?? '127.0.0.1',
  ...(databaseUrl ? { databaseUrl } : values.memory ? { memory: true } : { dataDir }),
  ...((values['redis-url'] ?? process.env.REDIS_URL)
    ? { redisUrl: values['redis-url'] ?? process.env.REDIS_URL }
    : {}),
  ...((values['public-url'] ?? process.env.PUBLIC_URL)
    ? { publicUrl: values['public-url'] ?? process.env.PUBLIC_URL }
    : {}),
  seed,
  // Given on a database that holds a world already, these must match it: applying them would mean
  // regenerating the world.
  expectWorld: {
    ...(values.seed !== undefined ? { seed: intOption('seed', values.seed, 1) } : {}),
    ...(values.size !== undefined ? { size: size as NonNullable<SeedOptions['size']> } : {}),
  },
  tokens,
  logger: values.json ? 'stderr' : true,
  onSeeding: seeding.start,
  ...(values.sandbox ? { sandbox: true } : {}),
  ...(rateLimits !== undefined ? { rateLimits } : {}),
}).catch((error: Error) => fail(`could not start: ${error.message}`));

/**
 * Graceful shutdown: stop accepting, let in-flight requests finish, close the database cleanly.
 * Installed before the summary is printed: a script may signal as soon as it reads it.
 */
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: Error) => {
        process.stderr.write(`reference-server: shutdown failed: ${error.message}\n`);
        process.exit(1);
      });
  });

const summary = {
  url: server.url,
  docs: `${server.url}/docs/`,
  openapi: `${server.url}/openapi.json`,
  database: databaseUrl ? 'postgresql' : values.memory ? 'pglite (memory)' : `pglite (${dataDir})`,
  startedInMs: Date.now() - started,
  world: server.worldSource,
  // Milliseconds since the process started at the end of each step (the bench's breakdown).
  startup: { ...server.startup, summary: Math.round(performance.now()) },
  ...(values.sandbox ? { sandbox: `${server.url}${SANDBOX_PREFIX}/` } : {}),
  customerToken: server.world.customerToken,
  organizations: server.world.organizations,
};

if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
else {
  const lines = [
    '',
    `  Reference server listening on ${summary.url}  (${summary.database}, ${summary.world} world, ready in ${summary.startedInMs} ms)`,
    `  Docs (guides, reference, try-it): ${summary.docs}    OpenAPI: ${summary.openapi}`,
    ...(summary.sandbox ? [`  Sandbox (reset, rate limits, journal, worlds): ${summary.sandbox}`] : []),
    '',
    `  Customer token (all organizations): ${summary.customerToken}`,
    ...summary.organizations.map(
      (o) =>
        `  Organization ${o.id} (${o.name}): token ${o.token}; operators admin ${o.operators.admin}, operator ${o.operators.operator}, restricted ${o.operators.restricted}${o.operators.bot ? `, bot ${o.operators.bot}` : ''}`,
    ),
    '',
    `  Try: curl -H 'Authorization: ${summary.organizations[0]?.token}' ${summary.url}/api/um/v3/conversations/?limit=2`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
