import { describe, expect, it } from 'vitest';
import type { ManyFilesResult, SuiteRun } from '../consumers/many-files-suite.js';
import { setupPerFileMs } from './many-files-goals.js';

const run = (addedPerFileMs: number, fileMedianMs?: number): SuiteRun => ({
  oneFileS: 1,
  manyFilesS: 20,
  addedPerFileMs,
  ...(fileMedianMs === undefined ? {} : { fileMedianMs }),
});

describe("a file's setup in a suite of many files", () => {
  it('is the median time from a file’s first line to its test, less a file with no server’s', () => {
    const m: ManyFilesResult = { files: 50, shared: run(480, 42), own: run(2300, 1900), bare: run(410, 3) };
    expect(setupPerFileMs(m)).toBe(39);
    expect(setupPerFileMs(m, m.own)).toBe(1897);
  });

  it('is read from the suites’ wall times in a run recorded before the files timed themselves', () => {
    const m: ManyFilesResult = { files: 50, shared: run(481), own: run(2340), bare: run(409) };
    expect(setupPerFileMs(m)).toBe(72);
  });
});
