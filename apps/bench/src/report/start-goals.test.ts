import { describe, expect, it } from 'vitest';
import type { BenchResults } from '../common/results.js';
import {
  MEMORY_SANDBOX_START,
  NEW_DIR_SANDBOX_START,
  PRISM_START,
  type StartFigures,
} from '../starts/fresh-start.js';
import { sandboxVsPrismTable, startCandidatesTable } from './start-goals.js';

const start = (what: string, firstAnswerMs: number[], cpuMs = 1000): StartFigures => ({
  what,
  firstAnswerMs,
  rssBytes: 0,
  cpuMs,
});

describe("issue #40's sandbox start beside Prism", () => {
  const results = {
    freshStart: {
      starts: [
        start(MEMORY_SANDBOX_START, [400, 450, 420]),
        start(NEW_DIR_SANDBOX_START, [600, 500, 550]),
        start(PRISM_START, [900, 1000, 880]),
      ],
      resets: [],
      candidates: [{ ...start(MEMORY_SANDBOX_START, [500, 520, 480], 1100), candidate: 'a switch' }],
    },
  } as unknown as BenchResults;

  it('gives each start as a ratio of Prism in the same rounds, met at half or less', () => {
    const table = sandboxVsPrismTable(results)!;
    const [memory, newDir] = table.split('\n').slice(2);
    expect(memory).toMatch(/420 ms \| +900 ms \| +0\.47× \| <= 0\.5× \(450 ms\) \| met/);
    expect(newDir).toMatch(/550 ms \| +900 ms \| +0\.61× \|.*\| MISSED/);
  });

  it('gives what a live candidate bought: the start without it less the start with it', () => {
    const live = startCandidatesTable(results)!.split('\n')[2]!;
    expect(live).toMatch(/^\| a switch +\| this run, 3 rounds/);
    expect(live).toContain('80 ms, CPU 100 ms');
  });

  it('leaves the tables out when Prism was not measured', () => {
    expect(sandboxVsPrismTable({ freshStart: { starts: [], resets: [] } } as unknown as BenchResults)).toBe(
      undefined,
    );
  });
});
