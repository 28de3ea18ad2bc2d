import { readFileSync } from 'node:fs';
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
  before: { ms: number; cpuMs: number | null };
  after: { ms: number; cpuMs: number | null };
  rounds: number;
  kept: boolean;
  note: string;
}

/** The recorded candidates, kept as data beside the start measurements (a null CPU time was not measured). */
function recordedStartCandidates(): readonly RecordedCandidate[] {
  const file = new URL('../starts/recorded-start-candidates.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The candidates: those measured live in this run (a switch turns them off), then the recorded ones. */
export function startCandidatesTable(results: BenchResults): string | undefined {
  const starts = results.freshStart?.starts;
  const withAll = starts?.find((s) => s.what === MEMORY_SANDBOX_START);
  const live = (results.freshStart?.candidates ?? []).map((off) => liveRow(off, withAll));
  const figure = (f: { ms: number; cpuMs: number | null }) =>
    f.cpuMs === null
      ? `${formatNumber(f.ms, 0)} ms`
      : `${formatNumber(f.ms, 0)} ms, CPU ${formatNumber(f.cpuMs, 0)} ms`;
  const recorded = recordedStartCandidates().map((c) => [
    `${c.name}${c.kept ? '' : ' (not kept)'}`,
    `recorded, ${c.rounds} rounds: ${c.part}`,
    figure(c.before),
    figure(c.after),
    figure({
      ms: c.before.ms - c.after.ms,
      cpuMs: c.before.cpuMs === null || c.after.cpuMs === null ? null : c.before.cpuMs - c.after.cpuMs,
    }),
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
