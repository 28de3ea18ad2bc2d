// The parts of the sandbox's start that issue #40's candidates changed, measured on one built
// package (its dist/ folder), each in a process of its own, `rounds` times in turn: the recorded rows
// of report/start-goals.ts. Build the commit before a candidate and the commit that made it into
// folders of their own (tsup, then `node dist/build-worlds.js`) and run this on each, in turn:
//
//   node apps/bench/src/starts/start-parts.mjs <apps/server/dist of one build> [rounds]
//
// Plain JavaScript, run by the Node the server runs on (22+): no TypeScript loader in the measured
// processes. Prints one JSON line: medians of wall and CPU (user + system, all threads) time.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PART = process.env.START_PART;
const dist = path.resolve(process.argv[2] ?? '');

/** One part, in this process: its wall and CPU milliseconds. */
async function measurePart(part) {
  const timed = async (work) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await work();
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  };
  if (part === 'cli-imports') {
    // What the CLI imports before it can begin reading the world: its bundle's static imports.
    const cli = readFileSync(path.join(dist, 'cli.js'), 'utf8');
    const chunks = [...cli.matchAll(/^import (?:[^'"]*from )?"(\.\/[^"]+)";?$/gm)].map((m) => m[1]);
    return timed(() => Promise.all(chunks.map((c) => import(pathToFileURL(path.join(dist, c)).href))));
  }
  if (part === 'server-modules' || part === 'server-modules-cached') {
    // The server's modules, as the CLI imports them after its own (with Node's compile cache, as
    // the bin enables it, or without).
    if (part === 'server-modules-cached') (await import('node:module')).enableCompileCache?.();
    const server = readdirSync(dist).find((f) => /^server-.*\.js$/.test(f));
    return timed(() => import(pathToFileURL(path.join(dist, server)).href));
  }
  if (part === 'decode-sandbox-world') {
    // The CLI's sandbox world decoded from its archive, as a `--memory --sandbox` start does.
    const manifest = JSON.parse(readFileSync(path.join(dist, 'worlds', 'manifest.json'), 'utf8'));
    const world = manifest.worlds.find((w) => w.name === 'cli-demo-sandbox');
    const { createReadStream } = await import('node:fs');
    const { constants, createBrotliDecompress } = await import('node:zlib');
    return timed(async () => {
      const decoder = createBrotliDecompress({
        params: { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1 },
        chunkSize: 1 << 20,
      });
      createReadStream(path.join(dist, 'worlds', world.archive)).pipe(decoder);
      let at = 0;
      for await (const chunk of decoder) {
        at += chunk.length;
        if (at >= world.offset + world.length) break;
      }
      decoder.destroy();
    });
  }
  throw new Error(`no part ${part}`);
}

if (PART) {
  process.stdout.write(`${JSON.stringify(await measurePart(PART))}\n`);
} else {
  const rounds = Number(process.argv[3] ?? 7);
  const parts = ['cli-imports', 'server-modules', 'server-modules-cached', 'decode-sandbox-world'];
  const figures = Object.fromEntries(parts.map((p) => [p, []]));
  // The compile cache is written by a first cached import: one before the rounds.
  const run = (part) =>
    JSON.parse(
      execFileSync(process.execPath, [process.argv[1], dist], {
        env: { ...process.env, START_PART: part },
        encoding: 'utf8',
      }),
    );
  run('server-modules-cached');
  for (let round = 0; round < rounds; round++) for (const part of parts) figures[part].push(run(part));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = Object.fromEntries(
    parts.map((p) => [
      p,
      {
        ms: Math.round(median(figures[p].map((f) => f.ms))),
        cpuMs: Math.round(median(figures[p].map((f) => f.cpuMs))),
      },
    ]),
  );
  process.stdout.write(`${JSON.stringify({ dist, rounds, ...summary })}\n`);
}
