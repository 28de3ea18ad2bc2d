import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type EndpointDefinition,
  type EndpointId,
  endpointList,
  SERVER_ERROR_STATUSES,
  TRANSPORT_ERROR_STATUSES,
} from '@org/model';
import { PROVIDER_NAME } from './provider/provider-name.js';

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
  /** The documented pairs of the endpoints the pacts use (a consumer's own scope). */
  readonly used: EndpointStatus[];
  /** e.g. `Pact coverage: 418/418 endpoint x status pairs (100.0%), 78 endpoints` */
  readonly line: string;
  /** e.g. `of the 2 endpoints the pacts use: 3/11 pairs (27.3%)` */
  readonly usedLine: string;
}

export interface PactInteraction {
  description?: string;
  request?: { method?: string; path?: string };
  response?: { status?: number };
}

/**
 * Statuses no consumer scenario can ask for: the transport's (414, 431), answered before any
 * operation, and the server's faults (500, 503), which no provider state produces on a healthy
 * server. Both are left to the provider's tests (the sandbox forces them with `Prefer: code=`).
 */
const UNCONTRACTED_STATUSES = new Set<number>([...TRANSPORT_ERROR_STATUSES, ...SERVER_ERROR_STATUSES]);

/**
 * The statuses a contract covers for an endpoint: success first, then errors (UNCONTRACTED left
 * out). A retired path (no rate-limit group) is covered by its 410: its 400 is the router's, for a
 * path that is not valid percent-encoding, which no consumer sends on purpose.
 */
export function documentedStatusesOf(ep: EndpointDefinition): number[] {
  return [
    ...Object.keys(ep.success).map(Number),
    ...ep.errors.filter(
      (status) => !UNCONTRACTED_STATUSES.has(status) && !(ep.group === null && status === 400),
    ),
  ];
}

const templateSource = (path: string) =>
  path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}|\{\w+\}/g, '[^/]+');

/** The path of a request as pacts record it, without query string or fragment, with one trailing slash. */
const normalizedPath = (path: string) => {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.endsWith('/') ? bare : `${bare}/`;
};

const byLiteralsFirst = (a: EndpointDefinition, b: EndpointDefinition) =>
  (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0);

/**
 * Finds the endpoint a request went to by the model's path templates: same method, matching path;
 * literal paths win over templates. Any id fills a `{param}`, a query string in the path is ignored,
 * a missing trailing slash is tolerated, and a path under a prefix (a gateway's `/messaging/...`)
 * matches by its end when nothing matches whole.
 */
export function endpointOfRequest(method: string, path: string): EndpointId | undefined {
  const wanted = normalizedPath(path);
  const sameMethod = endpointList().filter(([, ep]) => ep.method === method.toUpperCase());
  const find = (anchor: string) =>
    sameMethod
      .filter(([, ep]) => new RegExp(`${anchor}${templateSource(normalizedPath(ep.path))}$`).test(wanted))
      .sort(([, a], [, b]) => byLiteralsFirst(a, b))[0]?.[0];
  return find('^') ?? find('^.*');
}

interface PactDocument {
  provider?: { name?: string };
  interactions?: PactInteraction[];
}

export interface ReadPactsOptions {
  /** Only pacts with this provider (default PROVIDER_NAME); `null` reads every pact. */
  readonly provider?: string | null;
}

/** The pact documents of a folder (or one file): every `*.json` holding `interactions`. */
const pactDocuments = (source: string): Array<{ file: string; pact: PactDocument }> => {
  if (!existsSync(source)) return [];
  const files = statSync(source).isDirectory()
    ? readdirSync(source)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(source, f))
    : [source];
  return files
    .map((file) => ({ file, pact: JSON.parse(readFileSync(file, 'utf8')) as PactDocument }))
    .filter(({ pact }) => Array.isArray(pact.interactions));
};

/** The provider names of the pacts in a folder (to say which one to ask for when none matches). */
export function pactProviders(source: string): string[] {
  return [...new Set(pactDocuments(source).map(({ pact }) => pact.provider?.name ?? '(unnamed)'))].sort();
}

/** The HTTP interactions of the pacts in a folder (or one file) for the provider, by default PROVIDER_NAME. */
export function readPactInteractions(source: string, options: ReadPactsOptions = {}): PactInteraction[] {
  const provider = options.provider === undefined ? PROVIDER_NAME : options.provider;
  return pactDocuments(source)
    .filter(({ pact }) => provider === null || pact.provider?.name === provider)
    .flatMap(({ pact }) => pact.interactions ?? [])
    .filter((i) => i.request !== undefined);
}

/** Which documented (endpoint, status) pairs the pacts exercise, out of the table's total. */
export function pactCoverage(interactions: PactInteraction[]): PactCoverage {
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
  const usedEndpoints = new Set(covered.map((d) => d.endpoint));
  const used = documented.filter((d) => usedEndpoints.has(d.endpoint));
  const usedPercent = used.length ? ((100 * covered.length) / used.length).toFixed(1) : '0.0';
  const usedLine = `of the ${usedEndpoints.size} endpoints the pacts use: ${covered.length}/${used.length} pairs (${usedPercent}%)`;
  return { documented, covered, missing, unmatched, used, line, usedLine };
}
