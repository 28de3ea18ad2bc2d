import type {
  DocumentedResponse,
  FuzzOperation,
  OpenApiDocument,
  Schema,
  SchemaValidator,
} from '../document/openapi-document.js';
import type { FuzzCheck } from '../exchange/types.js';
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
  /** The phases to run, in this order; default both. */
  readonly phases?: readonly FuzzPhase[];
  /** Walks of the stateful phase; default one per 100 requests, at least two per `concurrency`. */
  readonly sequences?: number;
  /** Opt-in: an answer slower than this (ms) is a `max_response_time` finding. */
  readonly maxResponseTimeMs?: number;
  /**
   * Folder the failing sequences are saved in (one JSON file each, for `--replay`, and its bash
   * script); default a new folder under the OS temp dir; false saves nothing.
   */
  readonly saveFailures?: string | false;
  readonly fetch?: FetchLike;
  /**
   * Called after each answer of the main run with the request's place in the (seeded) plan; with
   * concurrency, answers come in any order.
   */
  readonly onRequest?: (index: number, total: number, request: FuzzRequest, status: number) => void;
}

export type { FuzzCheck };

/** The stateless phase sends single requests; the stateful one walks records along the document's links. */
export type FuzzPhase = 'stateless' | 'stateful';

/** One request of a finding's sequence, as the report and a saved failure give it. */
export interface FuzzStep {
  /** The request as it was sent (bound values as they were then). */
  readonly request: FuzzRequest;
  /** The instance it was sent to. */
  readonly origin: string;
  /** Whose token it carries: the run's (`$API_TOKEN`) or the other organization's (`$OTHER_API_TOKEN`). */
  readonly token: 'own' | 'other';
  /** What the step does in its walk: create, read, update, read back, find in list, search, delete, ... */
  readonly role: string;
  /**
   * What its answer must show besides what every answer owes the document: none, available,
   * listed, read-back, denied, gone, unlisted or no-children (the guide tells each).
   */
  readonly expect: string;
  /** Values taken from earlier steps' answers: where they go and where they come from. */
  readonly bindings: readonly StepBinding[];
  /** Steps that must have answered 2xx before this one is sent (the delete, for the steps after it). */
  readonly after: readonly number[];
}

/** A value of an earlier answer put into a step: `path:id`, `query:contact_identity_id`, `body:contact_identity_id`. */
export interface StepBinding {
  readonly into: string;
  /** The step whose answer holds it, and a JSON pointer into that answer's body (`/id`). */
  readonly step: number;
  readonly pointer: string;
}

export interface FuzzFinding {
  readonly operationId: string;
  readonly check: FuzzCheck;
  readonly phase: FuzzPhase;
  readonly status: number;
  /** What was wrong with the smallest example. */
  readonly message: string;
  /** How many requests showed this finding. */
  readonly occurrences: number;
  /** The smallest failing example (after shrinking). */
  readonly request: FuzzRequest;
  /** A curl line that reproduces it (the token as $API_TOKEN), against the instance that answered. */
  readonly curl: string;
  /** The shrunk sequence that shows it (one step for a stateless finding); the last step fails. */
  readonly sequence: readonly FuzzStep[];
  /** The sequence as a bash script: one curl a step, earlier answers' ids read with jq. */
  readonly script: string;
  /** The file it was saved to (for `contracts fuzz --replay FILE`), when it was saved. */
  readonly file?: string;
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
  /** The phases that ran. */
  readonly phases: readonly FuzzPhase[];
  /** Requests without a token or with a wrong one: a few per operation, besides `requests`. */
  readonly authProbes: number;
  /** The stateful phase: walks, their steps, and how long they took (ms). */
  readonly stateful: {
    readonly sequences: number;
    readonly steps: number;
    readonly elapsedMs: number;
    /** Statuses by step of the walks: `read (getContact)` → `{ 200: 9 }`. */
    readonly byStep: Record<string, Record<string, number>>;
  };
  /** Requests a second of the stateless phase (requests and probes), steps a second of the stateful one. */
  readonly rates: { readonly stateless: number; readonly stateful: number };
  /** Where failing sequences were saved; undefined when nothing was. */
  readonly failuresDir: string | undefined;
  readonly byOperation: Record<string, { sent: number; statuses: Record<string, number> }>;
  readonly statuses: Record<string, number>;
  readonly findings: FuzzFinding[];
  readonly exemptions: FuzzExemption[];
  readonly organizationId: number | undefined;
  /** Origins the requests were spread over (baseUrl first). */
  readonly origins: readonly string[];
  /** Wall-clock time of the stateless phase, in ms. */
  readonly elapsedMs: number;
  readonly ok: boolean;
}

/** What came back for one request: status 0 and `error` when nothing did. */
export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string;
  /** The answer's headers (none when nothing came back). */
  readonly headers: { get(name: string): string | null };
  /** From sending the request to the end of the body. */
  readonly elapsedMs: number;
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
  /** Opt-in: answers slower than this (ms) are findings. */
  readonly maxResponseTimeMs: number | undefined;
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
