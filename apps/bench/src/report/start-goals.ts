import type { BenchResults } from '../common/results.js';
import { formatNumber, median } from '../common/stats.js';
import { markdownTable, right } from '../common/table.js';
import {
  MEMORY_SANDBOX_START,
  NEW_DIR_SANDBOX_START,
  PRISM_START,
  SANDBOX_VS_PRISM_GOAL,
  type StartFigures,
} from '../starts/fresh-start.js';

/**
 * Issue #40 item 1: the sandbox's first answer beside Prism's mock, measured in the same rounds
 * (fresh-start.ts), as a ratio of it; the goal is at most half. Goals are figures to report, never
 * assertions.
 */
export function sandboxVsPrismTable(results: BenchResults): string | undefined {
  const starts = results.freshStart?.starts;
  const prism = starts?.find((s) => s.what === PRISM_START);
  if (!starts || !prism) return undefined;
  const prismMs = median(prism.firstAnswerMs);
  const rows = [
    ['`--memory --sandbox`', MEMORY_SANDBOX_START],
    ['`--sandbox`, a new data directory', NEW_DIR_SANDBOX_START],
  ].flatMap(([label, what]) => {
    const start = starts.find((s) => s.what === what);
    if (!start) return [];
    const ms = median(start.firstAnswerMs);
    const ratio = ms / prismMs;
    return [
      [
        label!,
        `${formatNumber(ms, 0)} ms`,
        `${formatNumber(prismMs, 0)} ms`,
        `${formatNumber(ratio, 2)}×`,
        `<= ${formatNumber(SANDBOX_VS_PRISM_GOAL, 1)}× (${formatNumber(prismMs * SANDBOX_VS_PRISM_GOAL, 0)} ms)`,
        ratio <= SANDBOX_VS_PRISM_GOAL ? 'met' : 'MISSED',
      ],
    ];
  });
  return markdownTable(
    [
      'Sandbox start (issue #40)',
      ...right('First answer (median)', "Prism's mock, same rounds", 'Ratio', 'Goal'),
      'Met',
    ],
    rows,
  );
}

/**
 * What a candidate bought, recorded where no switch turns it off in the built package (it changed
 * the code or the archive): the part of the start it changed, measured on the package built from
 * the commit before it and from the commit that made it (`node apps/bench/src/starts/start-parts.mjs
 * <dist> <rounds>` on each: medians of wall and CPU time, user + system, all threads), on the
 * bench's 2-core machine while others used it. Candidates that measured no gain were not kept.
 */
export interface RecordedCandidate {
  name: string;
  /** The part of the start measured (start-parts.mjs's name for it). */
  part: string;
  before: { ms: number; cpuMs: number };
  after: { ms: number; cpuMs: number };
  rounds: number;
  kept: boolean;
  note: string;
}

export const RECORDED_START_CANDIDATES: readonly RecordedCandidate[] = [
  {
    name: "The CLI's sandbox world first in the demo archive",
    part: 'decode-sandbox-world',
    before: { ms: 1437, cpuMs: 944 },
    after: { ms: 685, cpuMs: 604 },
    rounds: 5,
    kept: true,
    note:
      'decoded up to its end: 38.5 MB instead of 70.6 MB (the world without the sandbox came first); ' +
      '7 other rounds, isolated: 742 -> 503 ms, CPU 684 -> 423 ms',
  },
  {
    name: 'The world begins decoding before the model and the seed load',
    part: 'cli-imports',
    before: { ms: 197, cpuMs: 169 },
    after: { ms: 29, cpuMs: 24 },
    rounds: 5,
    kept: true,
    note:
      "what the CLI imports before it begins reading the world; PGlite's WebAssembly begins compiling " +
      'there too, where it began once the server module had loaded',
  },
  {
    name: "Node's compile cache for the bundle (live above when measured)",
    part: 'server-modules / server-modules-cached',
    before: { ms: 647, cpuMs: 524 },
    after: { ms: 622, cpuMs: 471 },
    rounds: 5,
    kept: true,
    note:
      'the server module and its dependencies; 10 other rounds: 486 -> 442 ms, CPU 469 -> 415 ms; whole ' +
      '`--memory --sandbox` starts, 2 x 8 rounds in turn: 2,276 -> 2,267 ms and 2,307 -> 2,170 ms',
  },
  {
    name: 'The world decoded on a thread of its own (in memory)',
    part: 'whole `--memory --sandbox` start (fresh-start.ts, 8 rounds in turn with Prism: 1,782 ms)',
    before: { ms: 1980, cpuMs: 2370 },
    after: { ms: 1825, cpuMs: 2610 },
    rounds: 8,
    kept: true,
    note:
      'zlib no longer waits for a turn of the main thread, busy loading the modules, before each next ' +
      "piece; the thread's own start costs CPU. It reads the tarball too: posting the pieces to be read " +
      'here held the world twice (peak 281 instead of 229 MB; 260 MB with the tarball read there)',
  },
  {
    name: 'Decoding runs ahead of the reading (16 MB)',
    part: 'a world decoded while the main thread is busy 600 ms',
    before: { ms: 1154, cpuMs: Number.NaN },
    after: { ms: 1144, cpuMs: Number.NaN },
    rounds: 7,
    kept: false,
    note: "no gain: zlib's each next piece waits for a turn of the main thread either way (hence the thread above)",
  },
  {
    name: 'PGlite instantiated while the world is still decoding (a run dependency)',
    part: 'whole `--memory --sandbox` start, the world decoded on its thread (8 rounds with Prism: 1,813 ms)',
    before: { ms: 1821, cpuMs: 2590 },
    after: { ms: 1676, cpuMs: 2520 },
    rounds: 8,
    kept: true,
    note:
      'PGlite instantiated and its own files written while the world arrives; measured before the ' +
      'world had its thread, it bought nothing (1,992 -> 2,042 ms, 6 rounds): both wanted the main thread',
  },
];

/** The candidates: those measured live in this run (a switch turns them off), then the recorded ones. */
export function startCandidatesTable(results: BenchResults): string | undefined {
  const starts = results.freshStart?.starts;
  const withAll = starts?.find((s) => s.what === MEMORY_SANDBOX_START);
  const live = (results.freshStart?.candidates ?? []).map((off) => liveRow(off, withAll));
  const figure = (f: { ms: number; cpuMs: number }) =>
    Number.isNaN(f.cpuMs)
      ? `${formatNumber(f.ms, 0)} ms`
      : `${formatNumber(f.ms, 0)} ms, CPU ${formatNumber(f.cpuMs, 0)} ms`;
  const recorded = RECORDED_START_CANDIDATES.map((c) => [
    `${c.name}${c.kept ? '' : ' (not kept)'}`,
    `recorded, ${c.rounds} rounds: ${c.part}`,
    figure(c.before),
    figure(c.after),
    figure({ ms: c.before.ms - c.after.ms, cpuMs: c.before.cpuMs - c.after.cpuMs }),
    c.note,
  ]);
  const rows = [...live, ...recorded];
  if (rows.length === 0) return undefined;
  return markdownTable(
    [
      'Candidate (issue #40)',
      'Measured',
      ...right('Without it (median)', 'With it (median)', 'Bought'),
      'Note',
    ],
    rows,
  );
}

const liveRow = (off: StartFigures & { candidate: string }, withAll: StartFigures | undefined) => {
  const without = median(off.firstAnswerMs);
  const withIt = withAll ? median(withAll.firstAnswerMs) : Number.NaN;
  return [
    off.candidate,
    `this run, ${off.firstAnswerMs.length} rounds`,
    `${formatNumber(without, 0)} ms, CPU ${formatNumber(off.cpuMs, 0)} ms`,
    `${formatNumber(withIt, 0)} ms, CPU ${formatNumber(withAll?.cpuMs ?? Number.NaN, 0)} ms`,
    `${formatNumber(without - withIt, 0)} ms, CPU ${formatNumber(off.cpuMs - (withAll?.cpuMs ?? Number.NaN), 0)} ms`,
    '`--memory --sandbox`, turned off by its switch, in the same rounds',
  ];
};
