import type {
  DocumentedResponse,
  FuzzOperation,
  OpenApiDocument,
  Schema,
  SchemaValidator,
} from './document.js';
import type { FuzzRequest, Pools } from './generate.js';

export type { FuzzRequest } from './generate.js';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface FuzzOptions {
  /** Origin of the API, e.g. https://api.example.com */
  readonly baseUrl: string;
  /**
   * Origins of further instances of the same deployment (the same data): the requests are spread
   * round-robin over `baseUrl` and these, so answers of one instance are checked against writes of
   * the others.
   */
  readonly instances?: readonly string[];
  /** Requests in flight at once (each on a kept-alive connection); default 8. */
  readonly concurrency?: number;
  /** The token every valid request carries. */
  readonly token: string;
  /** A token of another organization: its records must never show up with `token`. */
  readonly otherToken?: string;
  /** Seed of the generators (same seed, same document, same data: same requests). Default 1. */
  readonly seed?: number;
  /** Requests to send, not counting discovery and shrinking. Default 1000. */
  readonly requests?: number;
  /** The OpenAPI 3.0 document; default the one published with @org/model (docs/openapi.json). */
  readonly document?: OpenApiDocument;
  /** Only operations whose operationId matches. */
  readonly only?: RegExp;
  /** Send GET requests only (no writes, no deletes). */
  readonly readOnly?: boolean;
  /** The organization id of `token`; default: learned from the records it lists. */
  readonly organizationId?: number;
  /** Re-sends allowed per finding while shrinking its example; default 25. */
  readonly shrinkAttempts?: number;
  /** Per-request timeout in ms; default 10,000. */
  readonly timeoutMs?: number;
  readonly fetch?: FetchLike;
  /**
   * Called after each answer of the main run with the request's place in the (seeded) plan; with
   * concurrency, answers come in any order.
   */
  readonly onRequest?: (index: number, total: number, request: FuzzRequest, status: number) => void;
}

export type FuzzCheck =
  | 'server-error'
  | 'no-response'
  | 'status-undocumented'
  | 'body-schema'
  | 'error-body'
  | 'tenancy'
  | 'valid-rejected'
  | 'invalid-accepted'
  | 'page-size';

export interface FuzzFinding {
  readonly operationId: string;
  readonly check: FuzzCheck;
  readonly status: number;
  /** What was wrong with the smallest example. */
  readonly message: string;
  /** How many requests showed this finding. */
  readonly occurrences: number;
  /** The smallest failing example (after shrinking). */
  readonly request: FuzzRequest;
  /** A curl line that reproduces it (the token as $API_TOKEN), against the instance that answered. */
  readonly curl: string;
}

export interface FuzzExemption {
  readonly id: string;
  readonly rule: string;
  /** How many answers it excused in this run. */
  readonly applied: number;
}

export interface FuzzReport {
  readonly baseUrl: string;
  readonly seed: number;
  /** Requests of the main run (valid + mutated). */
  readonly requests: number;
  readonly valid: number;
  readonly mutated: number;
  /** Requests spent listing resources first and shrinking findings. */
  readonly discoveryRequests: number;
  readonly shrinkRequests: number;
  readonly byOperation: Record<string, { sent: number; statuses: Record<string, number> }>;
  readonly statuses: Record<string, number>;
  readonly findings: FuzzFinding[];
  readonly exemptions: FuzzExemption[];
  readonly organizationId: number | undefined;
  /** Origins the requests were spread over (baseUrl first). */
  readonly origins: readonly string[];
  /** Wall-clock time of the main run, in ms (for the rate the report prints). */
  readonly elapsedMs: number;
  readonly ok: boolean;
}

/** What came back for one request: status 0 and `error` when nothing did. */
export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string;
  readonly error?: string;
}

/** What one check found wrong with one answer. */
export interface Observation {
  readonly check: FuzzCheck;
  readonly message: string;
}

/** What every check of the run may consult besides the answer: the document and what discovery learned. */
export interface RunContext {
  readonly doc: OpenApiDocument;
  readonly validator: SchemaValidator;
  readonly pools: Pools;
  readonly organizationId: number | undefined;
  readonly otherOrganizationIds: Set<number>;
  readonly errorBody: Schema | undefined;
}

/** One request and its answer, as the checks and the exemptions judge it. */
export interface Exchange {
  readonly ctx: RunContext;
  readonly op: FuzzOperation;
  readonly req: FuzzRequest;
  readonly answer: Answer;
  /** The answer's body when it is JSON; undefined when it is empty or not JSON. */
  readonly json: { readonly value: unknown } | undefined;
  /** The document's response for the answer's status, if it has one. */
  readonly documented: DocumentedResponse | undefined;
}
