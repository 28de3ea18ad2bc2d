import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { latestBaseline } from './baseline.js';
import {
  majorChangesetsFor,
  type PendingChangeset,
  readFixedGroups,
  readPendingChangesets,
} from './changesets.js';
import { byBreakingThenLocation, diffDocuments, isBreaking } from './diff-documents.js';
import type { ApiChange, Json } from './types.js';

/** The package whose major version the API document follows. */
export const MODEL_PACKAGE = '@org/model';

export interface GateInput {
  /** The generated document (docs/openapi.json). */
  readonly currentPath: string;
  /** Where the released documents are kept (docs/releases). */
  readonly releasesDir: string;
  /** The .changeset directory holding pending changesets and config.json. */
  readonly changesetDir: string;
}

export interface GateResult {
  readonly passed: boolean;
  readonly baselineVersion: string | undefined;
  readonly changes: readonly ApiChange[];
  readonly breaking: readonly ApiChange[];
  readonly majorChangesets: readonly PendingChangeset[];
}

const readJson = async (path: string): Promise<Json> => JSON.parse(await readFile(path, 'utf8')) as Json;

/**
 * Compares the generated document with the last release's. Breaking differences pass only when a
 * pending changeset declares a major bump of @org/model (directly or through its fixed group).
 */
export async function runGate({ currentPath, releasesDir, changesetDir }: GateInput): Promise<GateResult> {
  const baseline = await latestBaseline(releasesDir);
  const [changesets, fixedGroups] = await Promise.all([
    readPendingChangesets(changesetDir),
    readFixedGroups(changesetDir),
  ]);
  const majorChangesets = majorChangesetsFor(MODEL_PACKAGE, changesets, fixedGroups);
  if (!baseline) {
    // Before the first release there is nothing a client could depend on.
    return { passed: true, baselineVersion: undefined, changes: [], breaking: [], majorChangesets };
  }
  const changes = diffDocuments(await readJson(baseline.path), await readJson(currentPath));
  const breaking = changes.filter(isBreaking);
  return {
    passed: breaking.length === 0 || majorChangesets.length > 0,
    baselineVersion: baseline.version,
    changes,
    breaking,
    majorChangesets,
  };
}

const line = (change: ApiChange): string =>
  `  ${change.class === 'breaking' ? 'BREAKING    ' : 'non-breaking'}  ${change.kind}: ${change.location}${
    change.detail ? ` (${change.detail})` : ''
  }`;

/** The human report: every difference with its class, then the verdict and what to do about it. */
export function formatGateReport(result: GateResult, currentPath: string): string {
  if (result.baselineVersion === undefined) {
    return 'No released document in docs/releases: nothing to compare (first release).';
  }
  const header = `Comparing ${basename(currentPath)} with the release ${result.baselineVersion}: ${
    result.changes.length
  } difference(s), ${result.breaking.length} breaking.`;
  const sorted = [...result.changes].sort(byBreakingThenLocation);
  const verdict =
    result.breaking.length === 0
      ? 'PASS: no breaking difference.'
      : result.passed
        ? `PASS: breaking differences are declared by a major changeset (${result.majorChangesets
            .map((c) => c.file)
            .join(', ')}).`
        : `FAIL: breaking differences need a new major version. Add a changeset with \`"${MODEL_PACKAGE}": major\` (pnpm changeset), or undo the breaking change.`;
  return [header, ...sorted.map(line), verdict].join('\n');
}
