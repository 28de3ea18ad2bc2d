// What a consumer on 0.1.0 meets when it upgrades, derived from the release notes: for each breaking
// change the notes list that a request value can show (a query parameter's length bound), a value
// the old model accepts and the new one must refuse. The upgrade project parses each with its
// installed model; the test compares what broke with what the notes say breaks.

/** One entry of the release notes' API changes (the breaking-change gate's engine). */
export interface NotedChange {
  readonly class: 'breaking' | 'non-breaking';
  readonly kind: string;
  /** e.g. "GET /api/um/v3/contact_identities/ › query parameter name" */
  readonly location: string;
  /** e.g. "maxLength: none -> 500" */
  readonly detail?: string;
}

export interface Probe {
  readonly operation: string;
  readonly parameter: string;
  readonly value: string;
  /** The release-notes entry it shows: location and detail. */
  readonly change: string;
}

interface OpenApiPaths {
  paths: Record<string, Record<string, { operationId?: string } | undefined>>;
}

const QUERY_PARAMETER = /^(\S+) (\S+) › query parameter (\w+)$/;
/** A length bound a request value crosses: one character past a new maximum, or empty under a new minimum. */
const LENGTH_BOUND = /^(maxLength|minLength): none -> (\d+)$/;

const valueCrossing = (bound: string, limit: number): string | undefined =>
  bound === 'maxLength' ? 'x'.repeat(limit + 1) : limit === 1 ? '' : undefined;

/** The probes of every breaking length bound on a query parameter, one per operation and parameter. */
export function probesFor(changes: readonly NotedChange[], document: OpenApiPaths): Probe[] {
  const probes = new Map<string, Probe>();
  for (const change of changes) {
    if (change.class !== 'breaking' || change.kind !== 'constraint tightened') continue;
    const at = QUERY_PARAMETER.exec(change.location);
    const bound = LENGTH_BOUND.exec(change.detail ?? '');
    if (!at || !bound) continue;
    const [, method, path, parameter] = at as unknown as [string, string, string, string];
    const operation = document.paths[path]?.[method.toLowerCase()]?.operationId;
    const value = valueCrossing(bound[1]!, Number(bound[2]));
    if (!operation || value === undefined) continue;
    const key = `${operation} ${parameter} ${bound[1]}`;
    if (!probes.has(key))
      probes.set(key, { operation, parameter, value, change: `${change.location} (${change.detail})` });
  }
  return [...probes.values()];
}

/** What the upgrade project's script prints per probe. */
export interface ProbeResult extends Probe {
  readonly accepted: boolean;
}

export const PROBE_LINE = 'UPGRADE ';
export const probeResultsOf = (stdout: string): ProbeResult[] | undefined => {
  const line = stdout.split('\n').find((l) => l.startsWith(PROBE_LINE));
  return line ? (JSON.parse(line.slice(PROBE_LINE.length)) as ProbeResult[]) : undefined;
};
