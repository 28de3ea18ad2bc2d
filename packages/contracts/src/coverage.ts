import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EndpointDefinition, type EndpointId, endpointList, TRANSPORT_ERROR_STATUSES } from '@org/model';

/** One documented (endpoint, status) pair of the endpoint table. */
export interface EndpointStatus {
  readonly endpoint: EndpointId;
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

export interface PactCoverage {
  /** Every documented pair: success statuses and error statuses of every endpoint. */
  readonly documented: EndpointStatus[];
  readonly covered: EndpointStatus[];
  readonly missing: EndpointStatus[];
  /** Interactions that match no endpoint of the table (method and path). */
  readonly unmatched: string[];
  /** e.g. `Pact coverage: 418/418 endpoint x status pairs (100.0%), 78 endpoints` */
  readonly line: string;
}

interface PactInteraction {
  description?: string;
  request?: { method?: string; path?: string };
  response?: { status?: number };
}

/**
 * The statuses a contract covers for an endpoint: success first, then errors; the transport
 * statuses (414, 431: D27) are answered before any operation and are left to the provider's tests.
 */
export const documentedStatusesOf = (ep: EndpointDefinition): number[] => [
  ...Object.keys(ep.success).map(Number),
  ...ep.errors.filter((status) => !(TRANSPORT_ERROR_STATUSES as readonly number[]).includes(status)),
];

const templateRegex = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+')}$`);

/** Finds the endpoint a request went to: same method, matching path; literal paths win over templates. */
export const endpointOfRequest = (method: string, path: string): EndpointId | undefined => {
  const candidates = endpointList().filter(
    ([, ep]) => ep.method === method.toUpperCase() && templateRegex(ep.path).test(path),
  );
  candidates.sort(([, a], [, b]) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  return candidates[0]?.[0];
};

/** The interactions of every pact file in a directory. */
export const readPactInteractions = (pactDir: string): PactInteraction[] =>
  existsSync(pactDir)
    ? readdirSync(pactDir)
        .filter((f) => f.endsWith('.json'))
        .flatMap(
          (f) =>
            (JSON.parse(readFileSync(join(pactDir, f), 'utf8')) as { interactions?: PactInteraction[] })
              .interactions ?? [],
        )
    : [];

/** Which documented (endpoint, status) pairs the pacts exercise, out of the table's total. */
export const pactCoverage = (interactions: PactInteraction[]): PactCoverage => {
  const documented = endpointList().flatMap(([endpoint, ep]) =>
    documentedStatusesOf(ep).map((status) => ({ endpoint, method: ep.method, path: ep.path, status })),
  );
  const seen = new Set<string>();
  const unmatched: string[] = [];
  for (const i of interactions) {
    const endpoint = endpointOfRequest(i.request?.method ?? '', i.request?.path ?? '');
    if (endpoint === undefined) unmatched.push(i.description ?? `${i.request?.method} ${i.request?.path}`);
    else seen.add(`${endpoint} ${i.response?.status}`);
  }
  const covered = documented.filter((d) => seen.has(`${d.endpoint} ${d.status}`));
  const missing = documented.filter((d) => !seen.has(`${d.endpoint} ${d.status}`));
  const endpoints = new Set(documented.map((d) => d.endpoint)).size;
  const coveredEndpoints = new Set(covered.map((d) => d.endpoint)).size;
  const percent = documented.length ? ((100 * covered.length) / documented.length).toFixed(1) : '0.0';
  const line = `Pact coverage: ${covered.length}/${documented.length} endpoint x status pairs (${percent}%), ${coveredEndpoints}/${endpoints} endpoints`;
  return { documented, covered, missing, unmatched, line };
};
