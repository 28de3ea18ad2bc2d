// What a consumer on 0.1.0 meets when it upgrades, derived from the release notes: for each breaking
// change the notes list that a request value can show (a query parameter's length bound), a value
// the old model accepts and the new one must refuse. The upgrade project parses each with its
// installed model; the test compares what broke with what the notes say breaks.

import type { ReleaseNoteEntry } from '@org/docs/release-notes';

export interface Probe {
  readonly operation: string;
  readonly parameter: string;
  readonly value: string;
  /** The release-notes entry it shows: location and detail. */
  readonly change: string;
}

const QUERY_PARAMETER = /^query parameter (\w+)$/;
/** A length bound a request value crosses: one character past a new maximum, or empty under a new minimum. */
const LENGTH_BOUND = /^(maxLength|minLength): none -> (\d+)$/;

const valueCrossing = (bound: string, limit: number): string | undefined =>
  bound === 'maxLength' ? 'x'.repeat(limit + 1) : limit === 1 ? '' : undefined;

/** The probes of every breaking length bound on a query parameter, one per operation and parameter. */
export function probesFor(entries: readonly ReleaseNoteEntry[]): Probe[] {
  const probes = new Map<string, Probe>();
  for (const entry of entries) {
    if (!entry.breaking || entry.kind !== 'constraint tightened') continue;
    const parameter = QUERY_PARAMETER.exec(entry.part)?.[1];
    const bound = LENGTH_BOUND.exec(entry.detail ?? '');
    const value = bound ? valueCrossing(bound[1]!, Number(bound[2])) : undefined;
    if (!parameter || !bound || value === undefined) continue;
    for (const { operationId: operation } of entry.operations) {
      const key = `${operation} ${parameter} ${bound[1]}`;
      if (operation && !probes.has(key))
        probes.set(key, { operation, parameter, value, change: `${entry.where} (${entry.detail})` });
    }
  }
  return [...probes.values()];
}

/** What the upgrade project's script prints per probe. */
export interface ProbeResult extends Probe {
  readonly accepted: boolean;
}

export const PROBE_LINE = 'UPGRADE ';
export function probeResultsOf(stdout: string): ProbeResult[] | undefined {
  const line = stdout.split('\n').find((l) => l.startsWith(PROBE_LINE));
  return line ? (JSON.parse(line.slice(PROBE_LINE.length)) as ProbeResult[]) : undefined;
}
