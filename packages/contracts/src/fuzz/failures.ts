import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TalliedFinding } from './findings.js';
import type { RunSettings } from './settings.js';
import type { FuzzCheck, FuzzFinding, FuzzStep } from './types.js';

const FORMAT = 'contracts-fuzz-failure/1';

/** A failing sequence as saved for `contracts fuzz --replay FILE`. */
export interface SavedFailure {
  readonly format: typeof FORMAT;
  readonly check: FuzzCheck;
  readonly operationId: string;
  readonly status: number;
  readonly message: string;
  readonly seed: number;
  /** Where the first step's answer holds the walk's record (`/id`). */
  readonly recordPointer: string;
  readonly sequence: readonly FuzzStep[];
}

/** The folder failures go to: the one asked for, or else a new one under the OS temp dir. */
function folderOf(settings: RunSettings): string | undefined {
  if (settings.saveFailures === false) return undefined;
  return settings.saveFailures ?? join(tmpdir(), 'contracts-fuzz', `seed-${settings.seed}-${Date.now()}`);
}

function fileNameOf(finding: FuzzFinding, index: number): string {
  const op = finding.operationId.replace(/[^\w-]+/g, '_');
  return `${String(index + 1).padStart(2, '0')}-${finding.check}-${op}`;
}

/**
 * Writes each finding's sequence as JSON (for --replay) and as its bash script, next to each
 * other; the findings come back with the file each was saved to.
 */
export async function saveFailures(
  tallied: readonly TalliedFinding[],
  findings: readonly FuzzFinding[],
  settings: RunSettings,
): Promise<{ findings: FuzzFinding[]; dir: string | undefined }> {
  const dir = folderOf(settings);
  const saveable = findings.filter((f) => f.sequence.length);
  if (!dir || !saveable.length) return { findings: [...findings], dir: undefined };
  await mkdir(dir, { recursive: true });
  const saved = await Promise.all(
    findings.map(async (finding, i) => {
      if (!finding.sequence.length) return finding;
      const file = join(dir, `${fileNameOf(finding, i)}.json`);
      const { check, operationId, status, message, sequence } = finding;
      const recordPointer = tallied[i]?.sequence?.recordPointer ?? '/id';
      const failure: SavedFailure = {
        format: FORMAT,
        check,
        operationId,
        status,
        message,
        seed: settings.seed,
        recordPointer,
        sequence,
      };
      await writeFile(file, `${JSON.stringify(failure, null, 2)}\n`);
      await writeFile(file.replace(/\.json$/, '.sh'), finding.script, { mode: 0o755 });
      return { ...finding, file };
    }),
  );
  return { findings: saved, dir };
}

/** A saved failure read back; an error names what is wrong with the file. */
export async function loadFailure(file: string): Promise<SavedFailure> {
  const failure = JSON.parse(await readFile(file, 'utf8')) as Partial<SavedFailure>;
  if (failure.format !== FORMAT || !Array.isArray(failure.sequence) || !failure.sequence.length)
    throw new Error(`${file} is not a failure saved by contracts fuzz (${FORMAT})`);
  return failure as SavedFailure;
}
